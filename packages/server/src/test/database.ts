import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTimeouts } from '../config.ts';
import { connect, type Database, DEFAULT_TIMEOUTS } from '../db/client.ts';

/** How long a test pool's idle connection stays open. */
export const TEST_IDLE_CONNECTION_MS = 10_000;

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<Database & { url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `milepost_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // pg's own 10 s idle time, not the server's minutes: the suite's files share one PostgreSQL and
  // its connection limit, and a test that leaves its pool open must not hold connections for long.
  const database = connect(url.toString(), 5, 0, {}, timeouts, TEST_IDLE_CONNECTION_MS);
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
