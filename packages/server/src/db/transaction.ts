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
