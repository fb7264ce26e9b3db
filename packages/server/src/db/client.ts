import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.ts';
import * as schema from './schema.ts';
import { timeStatements } from './statement-timing.ts';

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

/** GitLab's web request budget: 15 s per statement; an idle transaction is ended after a minute. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 60_000 };

/**
 * Settings of every pooled session, whatever the server's own configuration says (decision 0093):
 * no JIT compilation. From version 12 PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost` (100,000) with LLVM where the provider is installed (Debian's packages have it;
 * the embedded binaries do not). The roadmap's first page over 100,000 epics is estimated at ~2
 * million: on Debian's PostgreSQL 15 compiling it took 720 of its 980 ms, on every run.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = { jit: 'off' };

/**
 * A pool of at most `max` connections. With `waitTimeoutMs`, a query that finds every connection
 * busy (or a new connection that takes as long to open) fails after that long instead of waiting
 * without end: `isPoolWaitTimeout` tells that error apart, and the transports answer it 503.
 * `settings` are PostgreSQL settings for every session of this pool (sent at connect time, beside
 * `SESSION_SETTINGS`), e.g. `{ synchronous_commit: 'off' }` for a bulk loader that flushes once at the end.
 * Every connection also starts with the `timeouts` as startup parameters, so they hold for the
 * embedded database and DATABASE_URL alike (migrations lift the statement limit on their own).
 */
export function connect(
  url: string,
  max = 10,
  waitTimeoutMs = 0,
  settings: Record<string, string> = {},
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
  idleTimeoutMs = IDLE_CONNECTION_MS,
): Database {
  const options = Object.entries({ ...SESSION_SETTINGS, ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: waitTimeoutMs,
    // An idle connection is kept for minutes, not pg's 10 s: a new one costs a PostgreSQL process
    // (fork, authentication, empty catalog caches), and a first load after a pause opened several
    // at once (decision 0066). Five minutes, as Rails' pools (GitLab's) keep theirs.
    idleTimeoutMillis: idleTimeoutMs,
    ...(options ? { options } : {}),
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  // Each request's statements are counted for its Server-Timing header (http/server-timing.ts).
  timeStatements(pool);
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

/** How long an idle connection of a pool stays open. */
export const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * Opens up to `count` connections of the pool at once (each answers `SELECT 1`) and leaves them
 * idle in it, so the first requests find them open. Answers how many it opened; a failure opens
 * fewer (the requests open them as always).
 */
export async function openConnections(database: Database, count: number): Promise<number> {
  const opened = await Promise.allSettled(
    Array.from({ length: count }, async () => {
      const client = await database.pool.connect();
      try {
        await client.query('SELECT 1');
      } finally {
        client.release();
      }
    }),
  );
  return opened.filter((result) => result.status === 'fulfilled').length;
}

/** pg-pool's two timeouts of `connectionTimeoutMillis` (waiting for a free client; opening a new one). */
const POOL_TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];

/** True when `error` (or what it wraps, as Drizzle's query errors do) is the pool's wait timeout. */
export function isPoolWaitTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (POOL_TIMEOUT_MESSAGES.includes(e.message)) return true;
  }
  return false;
}

/**
 * One connection of its own (not a pool), for a long job that must be stoppable: `interrupt` ends
 * the session at once, even in the middle of a query — PostgreSQL rolls its open transaction back
 * and the pending query fails — where a pool would wait for its checked-out connection. A loader's
 * statements repeat, so each parameterised text becomes a named prepared statement of this session
 * (parsed and planned once, then only executed: a third less PostgreSQL time for the demo).
 * The connection pipelines: a statement is sent at once, not after the answer to the one before,
 * so statements the loader does not wait for (`writeBehind`) or sends together share a round trip
 * (PostgreSQL still runs them one after another, in the order sent).
 */
export async function connectOne(
  url: string,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): Promise<{ db: Db; close: () => Promise<void>; interrupt: () => void }> {
  const client = new pg.Client({
    connectionString: url,
    statement_timeout: timeouts.statementTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    pipeline: true,
  } as pg.ClientConfig);
  client.on('error', () => {
    // The session was interrupted or lost: the pending query fails and says so.
  });
  await client.connect();
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  const names = new Map<string, string>();
  (client as unknown as { query: typeof query }).query = (config, values) => {
    if (typeof config !== 'object' || config === null || !Array.isArray(values) || values.length === 0)
      return query(config, values);
    const { text, name } = config as { text?: string; name?: string };
    if (name || !text) return query(config, values);
    let named = names.get(text);
    if (!named) {
      named = `s${names.size}`;
      names.set(text, named);
    }
    return query({ ...config, name: named }, values);
  };
  let ended: Promise<void> | undefined;
  const end = () => {
    ended ??= client.end().catch(() => {});
    return ended;
  };
  return { db: drizzle(client, { schema }), close: end, interrupt: () => void end() };
}
