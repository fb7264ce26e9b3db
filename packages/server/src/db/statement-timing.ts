/**
 * Counting one request's SQL: how many statements it sent and how long it waited for their answers.
 * `countStatements(tally, work)` runs `work` with `tally` as the current request's; every statement
 * sent meanwhile through a pool instrumented by `timeStatements` (db/client.ts does it for the app's
 * pool) adds to it, wherever in the request's async work it is sent (resolvers in parallel,
 * DataLoaders, transactions). The server's `Server-Timing` header reports it (http/server-timing.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** A request's statements: how many, the sum of their times in ms (from sent to answered). */
export type StatementTally = {
  statements: number;
  statementMs: number;
  /** time spent getting connections from the pool: waiting for a free one, or opening a new one */
  connectMs: number;
};

const current = new AsyncLocalStorage<StatementTally>();

/** Runs `work` (and everything it starts) with `tally` counting the statements it sends. */
export function countStatements<T>(tally: StatementTally, work: () => T): T {
  return current.run(tally, work);
}

type Callback = (error: Error | null, result?: unknown) => void;
type Query = (this: unknown, config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Wraps `query` so each call adds one statement and its time to the current tally (none outside a
 * counted request: start-up, the demo loader, jobs). Every form pg accepts is kept:
 * promise, callback, or a submittable (a cursor: counted, not timed). The time runs from the call
 * to the answer (behind the client's earlier statements, if any).
 */
function timed(query: Query): Query {
  return function (this: unknown, config, values, callback) {
    const tally = current.getStore();
    if (!tally) return query.call(this, config, values, callback);
    tally.statements++;
    const started = performance.now();
    const done = () => {
      tally.statementMs += performance.now() - started;
    };
    if (typeof values === 'function') {
      const cb = values as Callback;
      return query.call(this, config, (error: Error | null, result?: unknown) => {
        done();
        cb(error, result);
      });
    }
    if (typeof callback === 'function') {
      const cb = callback as Callback;
      return query.call(this, config, values, (error: Error | null, result?: unknown) => {
        done();
        cb(error, result);
      });
    }
    const result = query.call(this, config, values);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/**
 * Counts the statements sent through `pool`, and the time the request waited for its connections:
 * every statement runs on a client the pool hands out (`pool.query` takes one for each statement,
 * a transaction holds one), so the clients' `query` is counted, and `pool.connect` is timed (a free
 * client at once; else the wait for one, or a new connection's start). The pool hands a waiting
 * caller its client from another request's release: the callback is bound to the caller's context,
 * so the statements it sends count for the caller.
 */
export function timeStatements(pool: pg.Pool): void {
  type Connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, release?: unknown) => void) => unknown;
  const connect = pool.connect.bind(pool) as Connect;
  const timedConnect: Connect = (callback) => {
    const tally = current.getStore();
    if (!tally) return connect(callback);
    const started = performance.now();
    const done = () => {
      tally.connectMs += performance.now() - started;
    };
    if (callback) {
      const bound = AsyncLocalStorage.bind(callback);
      return connect((error, client, release) => {
        done();
        bound(error, client, release);
      });
    }
    const result = connect() as Promise<pg.PoolClient>;
    result.then(done, done);
    return result;
  };
  (pool as unknown as { connect: Connect }).connect = timedConnect;
  pool.on('connect', (client) => {
    // The class's `query`, looked up at each call rather than kept from now: a test that replaces it
    // to read the statements (test/statements.ts) still sees those of the clients opened before.
    const classQuery: Query = function (this: unknown, config, values, callback) {
      const { query } = Object.getPrototypeOf(client) as { query: Query };
      return query.call(this, config, values, callback);
    };
    (client as unknown as { query: Query }).query = timed(classQuery);
  });
}
