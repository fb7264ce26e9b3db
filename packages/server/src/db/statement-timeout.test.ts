/**
 * Bounded work per request: every pooled connection starts with `statement_timeout` and
 * `idle_in_transaction_session_timeout` from the config (and without JIT compilation), and a
 * statement cancelled by the timeout (SQLSTATE 57014, here a read stuck behind a table lock)
 * answers GitLab's clear message — a GraphQL error with HTTP 503, REST and UI JSON 503
 * `{"message": …}` — with `Retry-After`, not a hang and not a 500. Once the lock is gone the same
 * requests answer normally.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { GroupRow, UserRow } from '../db/schema.ts';
import { QUERY_TIMED_OUT_MESSAGE } from '../errors.ts';
import { epicsFactories } from '../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const EPICS = `{ group(fullPath: "slow") { epics { nodes { title } } } }`;

describe('statement timeout', () => {
  let t: TestApp;
  let owner: UserRow;
  let group: GroupRow;
  let locker: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ database: { statementTimeoutMs: 300, idleInTransactionTimeoutMs: 5_000 } });
    owner = await t.buildUser({ username: 'slow-owner' });
    group = await t.buildGroup({ path: 'slow', owner });
    await epicsFactories(t).buildEpic({ group, title: 'Waiting' });
    locker = new pg.Client({ connectionString: (t.database as unknown as { url: string }).url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker.end();
  });

  /** Runs `fn` while another session holds an exclusive lock on the epics table. */
  async function whileEpicsLocked<T>(fn: () => Promise<T>): Promise<T> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE epics IN ACCESS EXCLUSIVE MODE');
    try {
      return await fn();
    } finally {
      await locker.query('ROLLBACK');
    }
  }

  it('is set on every connection from the config, with GitLab-like defaults', async () => {
    const { rows } = await t.database.pool.query<{ s: string; i: string }>(
      `SELECT current_setting('statement_timeout') AS s, current_setting('idle_in_transaction_session_timeout') AS i`,
    );
    expect(rows[0]).toEqual({ s: '300ms', i: '5s' });
    expect(loadConfig({}).database).toEqual({ statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 60_000 });
    expect(
      loadConfig({ MILEPOST_STATEMENT_TIMEOUT_MS: '0', MILEPOST_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2500' }).database,
    ).toEqual({ statementTimeoutMs: 0, idleInTransactionTimeoutMs: 2500 });
    expect(() => loadConfig({ MILEPOST_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /MILEPOST_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
  });

  it('compiles no statement with JIT on any connection, whatever the server is configured with', async () => {
    // PostgreSQL 12 and later default to `jit = on` (decision 0093); ours are all off.
    const clients = await Promise.all([t.database.pool.connect(), t.database.pool.connect()]);
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ jit: string }>(`SELECT current_setting('jit') AS jit`);
        expect(rows[0]?.jit).toBe('off');
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('GraphQL: a clear error with HTTP 503 and Retry-After', async () => {
    const res = await whileEpicsLocked(() =>
      t.request({ method: 'POST', url: '/api/graphql', as: owner, payload: { query: EPICS } }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    const body = res.json<{ errors: { message: string }[] }>();
    expect(body.errors.map((e) => e.message)).toEqual([QUERY_TIMED_OUT_MESSAGE]);
    expect(res.body).not.toMatch(/statement|canceling|SELECT/i);
  });

  it('REST and UI JSON: 503 {"message"} with Retry-After', async () => {
    for (const url of [`/api/v4/groups/${group.id}/epics`, `/groups/slow/-/epics/1.json`]) {
      const res = await whileEpicsLocked(() => t.request({ method: 'GET', url, as: owner }));
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['retry-after'], url).toMatch(/^\d+$/);
      expect(res.json(), url).toEqual({ message: QUERY_TIMED_OUT_MESSAGE });
    }
  });

  it('a write that times out changes nothing and answers 503', async () => {
    const res = await whileEpicsLocked(() =>
      t.request({ method: 'PUT', url: `/api/v4/groups/${group.id}/epics/1`, as: owner, payload: { title: 'Renamed' } }),
    );
    expect(res.statusCode).toBe(503);
    const after = await t.request({ method: 'GET', url: `/api/v4/groups/${group.id}/epics/1`, as: owner });
    expect(after.json<{ title: string }>().title).toBe('Waiting');
  });

  it('answers normally once the lock is gone', async () => {
    const r = await t.graphql<{ group: { epics: { nodes: { title: string }[] } } }>(EPICS, {}, { as: owner });
    expect(r.data?.group.epics.nodes.map((n) => n.title)).toEqual(['Waiting']);
  });
});
