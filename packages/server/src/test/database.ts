import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTimeouts } from '../config.ts';
import { connect, type Database, DEFAULT_TIMEOUTS } from '../db/client.ts';

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
  const database = connect(url.toString(), 5, 0, {}, timeouts);
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
