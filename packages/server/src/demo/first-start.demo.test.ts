/**
 * The first start loads root and the demo in one whole unit (`setUpFirstStart`), where inherited
 * epic dates are computed once at the end, the ordering locks are skipped, link notes go in one
 * statement and independent steps run side by side on a pipelining connection: the rows must be
 * exactly those of the same demo loaded service call by service call (each its own transaction,
 * dates recomputed after every change, every step one after another). Statements and round trips
 * are counted, not timed.
 */
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureRootUser, setUpFirstStart } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loadDemo } from './demo.ts';

const config = loadConfig({
  MILEPOST_ROOT_PASSWORD: 'root-password-123',
  MILEPOST_DEMO_PASSWORD: 'demo-password-123',
  MILEPOST_DEMO_TODAY: '2027-03-05',
});

/** Every table's rows, without what differs by nature (timestamps, password hashes, random ids). */
async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  const tables = await t.database.pool.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { tablename } of tables.rows) {
    const { rows } = await t.database.pool.query(`SELECT * FROM "${tablename}"`);
    out[tablename] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row).filter(([k]) => !/(_at|_hash|_token|discussion_id)$/.test(k) && k !== 'password_hash'),
          ),
        ),
      )
      .sort();
  }
  return out;
}

describe('the first start in one whole unit', () => {
  let stepwise: Record<string, string[]>;
  let whole: Record<string, string[]>;
  let statements = 0;
  let roundTrips = 0;

  beforeAll(async () => {
    const [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    if (!a || !b) throw new Error('no test apps');
    await ensureRootUser(a.services, config, () => {});
    await loadDemo(a.services, config, () => {});
    stepwise = await snapshot(a);

    // A round trip: a statement sent while none waits for its answer (the connection pipelines, so
    // statements sent meanwhile ride along).
    let outstanding = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements += 1;
      if (outstanding === 0) roundTrips += 1;
      outstanding += 1;
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      const answered = () => {
        outstanding -= 1;
      };
      if (result instanceof Promise) result.then(answered, answered);
      else answered();
      return result;
    } as typeof query;
    try {
      expect(await setUpFirstStart(b.database.url, config, () => {})).toBe(true);
    } finally {
      pg.Client.prototype.query = query;
    }
    whole = await snapshot(b);
  }, 300_000);

  it('stores exactly the rows of the demo loaded call by call (epic dates and system notes included)', () => {
    expect(Object.keys(whole)).toEqual(Object.keys(stepwise));
    expect(whole.epics?.length).toBe(60);
    expect(whole.notes?.length).toBeGreaterThan(500);
    for (const table of Object.keys(stepwise))
      expect({ table, rows: whole[table] }).toEqual({ table, rows: stepwise[table] });
  });

  it('takes far fewer statements than one per change, and far fewer round trips than statements', () => {
    expect(statements).toBeGreaterThan(1_000);
    // 6,748 before decision 0018; 5,154 before markdown references (decision 0037) resolved each
    // rendered text's `#3`/`&1` references (one statement per kind and text); 5,574 with them;
    // 5,611 since a link's write locks its issues in id order first (decision 0054: one statement
    // per link, so two requests linking a pair both ways make one link); 5,704 since an issue update
    // locks and reads its issue first (one statement per update, so two saves at once both land).
    expect(statements).toBeLessThanOrEqual(5_750);
    // The set-up's connection pipelines (decision 0048): lookups asked together and writes sent
    // behind share round trips — 5,510 before, about 3,000-3,130 now (the count moves a little
    // with timing: a statement rides along only if the one before is still unanswered).
    expect(roundTrips).toBeLessThanOrEqual(3_300);
  });
});
