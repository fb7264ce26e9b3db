import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';

describe('the PostgreSQL this suite runs against', () => {
  it('is version 14 or newer, and the expected major when the runner names one', async () => {
    const db = await createTestDatabase();
    try {
      const { rows } = await db.pool.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
      const major = Math.floor(Number(rows[0]?.v) / 10000);
      expect(major).toBeGreaterThanOrEqual(14);
      const expected = process.env.MILEPOST_EXPECT_PG_MAJOR ?? (process.env.DATABASE_URL ? undefined : '18');
      if (expected) expect(major).toBe(Number(expected));
    } finally {
      await db.drop();
    }
  });
});
