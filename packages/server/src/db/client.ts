import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

// bigint and numeric ids fit in a JS number for every table we have.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// DATE columns stay plain 'YYYY-MM-DD' strings: no time zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** The database or a transaction on it: repositories accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export type Database = {
  pool: pg.Pool;
  db: Db;
  close: () => Promise<void>;
};

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}
