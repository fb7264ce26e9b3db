/**
 * The transaction helper: a real deadlock between two transactions is retried and both changes
 * land; a conflict that outlives the retries is a 409 with a clear message; other errors pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_CHANGE_MESSAGE, ConflictError } from '../errors.ts';
import { createTestDatabase } from '../test/database.ts';
import { connectOne } from './client.ts';
import { allOrNothing, deferToUnitEnd, TRANSACTION_ATTEMPTS, transaction, writeBehind } from './transaction.ts';

describe('transaction()', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
    await database.pool.query('INSERT INTO counters VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('retries the loser of a real deadlock, so both transactions commit', async () => {
    let attempts = 0;
    let bothHoldFirstRow: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      let arrived = 0;
      bothHoldFirstRow = () => {
        arrived += 1;
        if (arrived === 2) resolve();
      };
    });
    // Each locks its first row, waits until the other holds its own, then wants the other's.
    const crosswise = (first: number, second: number) =>
      transaction(database.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = ${first}`);
        if (attempts <= 2) {
          bothHoldFirstRow();
          await barrier;
        }
        await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    expect(attempts).toBe(3);
    const { rows } = await database.pool.query('SELECT id, n FROM counters ORDER BY id');
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts with a 409 and a clear message`, async () => {
    let attempts = 0;
    const failing = transaction(database.db, async () => {
      attempts += 1;
      throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    });
    await expect(failing).rejects.toBeInstanceOf(ConflictError);
    await expect(failing).rejects.toMatchObject({ status: 409, message: CONCURRENT_CHANGE_MESSAGE });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
  });

  it('passes other errors through at once', async () => {
    let attempts = 0;
    const failing = transaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`INSERT INTO counters VALUES (1, 0)`);
    });
    await expect(failing).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('allOrNothing: the transactions inside are parts of one, so a failure anywhere keeps none of them', async () => {
    const counts = async () =>
      (await database.pool.query<{ n: number }>('SELECT n FROM counters ORDER BY id')).rows.map((r) => r.n);
    const before = await counts();
    const statements: string[] = [];
    await expect(
      allOrNothing(database.db, async (outer) => {
        await transaction(outer, async (tx) => {
          await tx.execute(sql`UPDATE counters SET n = n + 100 WHERE id = 1`);
        });
        statements.push('first part done');
        await transaction(outer, async (tx) => {
          await tx.execute(sql`UPDATE counters SET n = n + 100 WHERE id = 2`);
          throw new Error('the second part fails');
        });
      }),
    ).rejects.toThrow('the second part fails');
    expect(statements).toEqual(['first part done']);
    expect(await counts()).toEqual(before);

    await allOrNothing(database.db, async (outer) => {
      await transaction(outer, async (tx) => {
        await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = 1`);
      });
    });
    expect(await counts()).toEqual([(before[0] ?? 0) + 1, before[1]]);
  });

  it('deferToUnitEnd: inside a whole unit the task runs once, at its end, with every item; outside, not at all', async () => {
    const runs: number[][] = [];
    const task = async (tx: Parameters<typeof transaction>[0], items: number[]) => {
      runs.push(items);
      await tx.execute(sql`UPDATE counters SET n = n + ${items.length} WHERE id = 2`);
    };
    const n2 = async () => (await database.pool.query<{ n: number }>('SELECT n FROM counters WHERE id = 2')).rows[0]?.n;
    const before = await n2();
    expect(deferToUnitEnd(database.db, task, [1])).toBe(false);
    await allOrNothing(database.db, async (outer) => {
      await transaction(outer, async (tx) => expect(deferToUnitEnd(tx, task, [1, 2])).toBe(true));
      await transaction(outer, async (tx) => expect(deferToUnitEnd(tx, task, [3])).toBe(true));
      expect(runs).toEqual([]);
    });
    expect(runs).toEqual([[1, 2, 3]]);
    expect(await n2()).toBe((before ?? 0) + 3);
  });

  it('writeBehind: in a whole unit on a pipelining connection the write is not waited for, yet runs before what follows', async () => {
    const loader = await connectOne(database.url);
    try {
      const seen = await allOrNothing(loader.db, async (tx) => {
        let answered = false;
        await writeBehind(
          tx,
          tx.execute(sql`UPDATE counters SET n = n + 1000 WHERE id = 1`).then(() => {
            answered = true;
          }),
        );
        const notYet = answered;
        const { rows } = await tx.execute<{ n: number }>(sql`SELECT n FROM counters WHERE id = 1`);
        await writeBehind(tx, tx.execute(sql`UPDATE counters SET n = n - 1000 WHERE id = 1`));
        return { notYet, n: rows[0]?.n };
      });
      expect(seen.notYet).toBe(false);
      expect(seen.n).toBeGreaterThanOrEqual(1000);
    } finally {
      await loader.close();
    }
    // outside a whole unit it is awaited as always
    let done = false;
    await writeBehind(
      database.db,
      database.db.execute(sql`SELECT 1`).then(() => {
        done = true;
      }),
    );
    expect(done).toBe(true);
  });

  it('writeBehind: a write that fails fails the whole unit with its own error, and nothing of the unit is kept', async () => {
    const counts = async () =>
      (await database.pool.query<{ n: number }>('SELECT n FROM counters ORDER BY id')).rows.map((r) => r.n);
    const before = await counts();
    const loader = await connectOne(database.url);
    try {
      await expect(
        allOrNothing(loader.db, async (tx) => {
          await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = 2`);
          await writeBehind(tx, tx.execute(sql`INSERT INTO counters VALUES (1, 0)`));
          await tx.execute(sql`SELECT n FROM counters`);
        }),
      ).rejects.toThrow(/INSERT INTO counters/);
    } finally {
      await loader.close();
    }
    expect(await counts()).toEqual(before);
  });
});
