/**
 * The one way services open a transaction: a deadlock (40P01) or serialization failure (40001)
 * rolls the whole transaction back and runs it again, a bounded number of times; a conflict that
 * outlives the retries answers 409 with a clear message, never a 500.
 */
import { CONCURRENT_CHANGE_MESSAGE, ConflictError, isRetryableConflict } from '../errors.ts';
import type { Db } from './client.ts';

/** Tries per transaction (the first run and two retries). */
export const TRANSACTION_ATTEMPTS = 3;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, attempt * (10 + Math.random() * 40)));

/**
 * Runs `fn` in a transaction on `db`. `fn` may run more than once, so it must not have effects
 * outside the database (it reads what it needs inside the transaction, or before it).
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (wholeUnits.has(db)) return await fn(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw new ConflictError(CONCURRENT_CHANGE_MESSAGE);
      await pause(attempt);
    }
  }
}

/** Transactions opened by `allOrNothing`: the services' own transactions inside them are parts of them. */
const wholeUnits = new WeakSet<Db>();

/** Work a whole unit does once at its end, by task, with everything its parts handed in. */
const endOfUnit = new WeakMap<Db, Map<(db: Db, items: unknown[]) => Promise<unknown>, unknown[]>>();

/**
 * True inside a whole unit (`allOrNothing`): nothing competes with it (the first start runs before
 * the server listens), so its parts skip the locks that only order concurrent writers.
 */
export function isWholeUnit(db: Db): boolean {
  return wholeUnits.has(db);
}

/**
 * Inside a whole unit, hands `items` to `task`, which then runs ONCE at the unit's end (before its
 * commit) with every item its parts handed in, instead of once per part: for idempotent set-based
 * work whose result depends only on the final rows (inherited epic dates). Returns false outside a
 * whole unit: the caller does the work now, as always.
 */
export function deferToUnitEnd<T>(
  db: Db,
  task: (db: Db, items: T[]) => Promise<unknown>,
  items: readonly T[],
): boolean {
  const tasks = endOfUnit.get(db);
  if (!tasks) return false;
  const key = task as (db: Db, items: unknown[]) => Promise<unknown>;
  tasks.set(key, [...(tasks.get(key) ?? []), ...items]);
  return true;
}

/**
 * Runs independent steps — lookups that do not depend on each other, or a write and a step that
 * neither reads it nor is read by it — and returns their results in order. Inside a whole unit,
 * whose connection pipelines, they run side by side: their statements go out together and share
 * round trips (PostgreSQL still runs them in the order sent). Elsewhere one after another, in the
 * order given, exactly as if written out (a pooled connection would only queue them, which
 * node-postgres deprecates).
 */
export async function together<T extends unknown[]>(
  db: Db,
  ...steps: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (wholeUnits.has(db)) return (await Promise.all(steps.map((step) => step()))) as T;
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as T;
}

/** Writes a whole unit sent without waiting for their answers (`writeBehind`), and the first that failed. */
type Behind = { pending: Promise<void>[]; failure?: { error: unknown } };
const writesBehind = new WeakMap<Db, Behind>();

/** PostgreSQL's 25P02: the transaction was already aborted by an earlier statement. */
function failedForAnEarlierStatement(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === '25P02') return true;
  }
  return false;
}

/**
 * Runs `write`, a statement whose answer its caller does not use (an insert of rows nothing reads
 * back from the result). Inside a whole unit it is sent and not waited for: the unit's connection
 * pipelines (`connectOne`), so the statement runs before whatever the unit sends next, in order,
 * and shares that statement's round trip. A failure fails the whole unit (PostgreSQL aborts the
 * transaction, so the unit's next statement fails too; the unit reports this write's error).
 * Elsewhere it is awaited as always. `write` must not have been started (a Drizzle query is sent
 * when it is awaited): it is started here, before this returns, so program order is wire order.
 */
export async function writeBehind(db: Db, write: PromiseLike<unknown>): Promise<void> {
  const unit = writesBehind.get(db);
  if (!unit) {
    await write;
    return;
  }
  const sent = write.then(
    () => {},
    (error: unknown) => {
      // Only the statement that aborted the transaction says why; those after it just fail.
      if (!failedForAnEarlierStatement(error)) unit.failure ??= { error };
    },
  );
  unit.pending.push(Promise.resolve(sent));
}

/**
 * Runs `fn` in one transaction in which every service transaction is simply a part (no savepoint,
 * no retry, no ordering locks): all of it commits, or none of it. For a loader whose parts are not
 * expected to fail on their own (the first start's administrator and demo): a failure or an
 * interruption anywhere leaves the database as it was, and it saves two round trips per service
 * call. Work the parts defer (`deferToUnitEnd`) runs once, after `fn`, in the order first deferred;
 * writes sent behind (`writeBehind`) are all answered before the commit.
 */
export async function allOrNothing<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return await db.transaction(async (tx) => {
    wholeUnits.add(tx);
    const tasks = new Map<(db: Db, items: unknown[]) => Promise<unknown>, unknown[]>();
    endOfUnit.set(tx, tasks);
    const unit: Behind = { pending: [] };
    writesBehind.set(tx, unit);
    try {
      const result = await fn(tx);
      endOfUnit.delete(tx);
      for (const [task, items] of tasks) await task(tx, items);
      await Promise.all(unit.pending);
      if (unit.failure) throw unit.failure.error;
      return result;
    } catch (error) {
      // A write sent behind that failed aborted the transaction: what failed after it says only that.
      await Promise.all(unit.pending);
      throw unit.failure && failedForAnEarlierStatement(error) ? unit.failure.error : error;
    } finally {
      writesBehind.delete(tx);
    }
  });
}
