/**
 * Overload protection over real HTTP: a tiny in-flight limit and queue, and a one-connection pool
 * whose connection the test holds, so requests pile up exactly where a slow database would pile them.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connect, type Database } from '../db/client.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/test-app.ts';
import { OVERLOADED_MESSAGE, RequestLimiter } from './overload.ts';

let t: TestApp;
const opened: { app: FastifyInstance; database: Database }[] = [];
let held: pg.PoolClient | null = null;

beforeAll(async () => {
  t = await createTestApp();
  await t.buildGroup({ path: 'busy', visibility: 'public' });
});

afterEach(() => {
  held?.release();
  held = null;
});

afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.close();
  }
});

/** The app on a loopback port, over the test database with a pool of one connection. */
async function startApp(settings: Partial<Config>, poolWaitMs = 0) {
  const database = connect(t.database.url, 1, poolWaitMs);
  const config: Config = {
    ...loadConfig({ MILEPOST_LOG_LEVEL: 'silent', MILEPOST_EXTERNAL_URL: TEST_BASE_URL }),
    ...settings,
  };
  const { app } = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  opened.push({ app, database });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    /** Resolves once `n` requests wait for the (held) connection: they are past the limiter. */
    waitingForDatabase: (n: number) => waitUntil(() => database.pool.waitingCount >= n),
    /** Takes the pool's one connection: every request that needs the database now waits. */
    hold: async () => {
      held = await database.pool.connect();
    },
    release: () => {
      held?.release();
      held = null;
    },
    graphql: (query: string) =>
      fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      }),
  };
}

const GROUPS = '/api/v4/groups/busy';

/** Holds the database and sends one request that then waits for it, in flight. */
async function occupy(s: Awaited<ReturnType<typeof startApp>>): Promise<{ first: Promise<Response> }> {
  await s.hold();
  const first = fetch(`${s.base}${GROUPS}`);
  await s.waitingForDatabase(1);
  return { first }; // not the promise itself, which an async function would wait for
}
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 10_000; !condition(); await settle(10)) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
  }
}

describe('the in-flight limit and its queue', () => {
  it('answers what exceeds them 503 with Retry-After, serves the rest once the database frees up, and recovers', async () => {
    const s = await startApp({ maxConcurrentRequests: 2, requestQueueSize: 2, requestQueueTimeoutMs: 30_000 });
    await s.hold();
    let answered = 0;
    const pending = Array.from({ length: 10 }, () =>
      fetch(`${s.base}${GROUPS}`).then((res) => {
        answered++;
        return res;
      }),
    );
    await s.waitingForDatabase(2);
    await waitUntil(() => answered === 6);
    // Busy as it is, the health checks answer at once.
    expect((await fetch(`${s.base}/-/liveness`)).status).toBe(200);
    s.release();
    const responses = await Promise.all(pending);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503, 503, 503, 503, 503]);
    for (const res of responses.filter((r) => r.status === 503)) {
      expect(res.headers.get('retry-after')).toBe('2');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: `503 Service Unavailable: ${OVERLOADED_MESSAGE}` });
    }
    for (const res of responses.filter((r) => r.status === 200)) {
      expect(await res.json()).toMatchObject({ full_path: 'busy' });
    }
    // Recovered: a second wave within the limits is served in full.
    const again = await Promise.all(Array.from({ length: 4 }, () => fetch(`${s.base}${GROUPS}`)));
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('answers a request that waited longer than the queue timeout 503', async () => {
    const s = await startApp({ maxConcurrentRequests: 1, requestQueueSize: 5, requestQueueTimeoutMs: 200 });
    const { first } = await occupy(s);
    const waited = await fetch(`${s.base}${GROUPS}`);
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('2');
    s.release();
    expect((await first).status).toBe(200);
  });

  it('gives the place of a client that left the queue to the next', async () => {
    const s = await startApp({ maxConcurrentRequests: 1, requestQueueSize: 1, requestQueueTimeoutMs: 30_000 });
    const { first } = await occupy(s);
    const leaving = new AbortController();
    const left = fetch(`${s.base}${GROUPS}`, { signal: leaving.signal }).catch((e: Error) => e.name);
    await settle(100);
    leaving.abort();
    expect(await left).toBe('AbortError');
    await settle(50);
    const next = fetch(`${s.base}${GROUPS}`);
    await settle(100);
    s.release();
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
  });

  it("answers in the shape each path's clients read: GraphQL errors, JSON, or plain text for pages", async () => {
    const s = await startApp({ maxConcurrentRequests: 1, requestQueueSize: 0, requestQueueTimeoutMs: 1000 });
    const { first } = await occupy(s);
    const graphql = await s.graphql('{ currentUser { id } }');
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('2');
    expect(await graphql.json()).toEqual({ errors: [{ message: OVERLOADED_MESSAGE }] });
    const page = await fetch(`${s.base}/groups/busy/-/roadmap`);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await page.text()).toBe(OVERLOADED_MESSAGE);
    const uiJson = await fetch(`${s.base}/-/autocomplete/users.json`);
    expect(uiJson.status).toBe(503);
    expect(uiJson.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await fetch(`${s.base}/-/liveness`)).status).toBe(200);
    s.release();
    expect((await first).status).toBe(200);
  });

  it('MILEPOST_MAX_CONCURRENT_REQUESTS=0 switches the limit off', async () => {
    const s = await startApp({ maxConcurrentRequests: 0, requestQueueSize: 0, requestQueueTimeoutMs: 1 });
    await s.hold();
    const pending = Array.from({ length: 5 }, () => fetch(`${s.base}${GROUPS}`));
    await s.waitingForDatabase(5);
    s.release();
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the database pool wait timeout', () => {
  it('answers 503 with Retry-After, never 500, on REST, UI JSON and GraphQL, and recovers', async () => {
    const s = await startApp({ maxConcurrentRequests: 0 }, 150);
    await s.hold();
    const rest = await fetch(`${s.base}${GROUPS}`);
    expect(rest.status).toBe(503);
    expect(rest.headers.get('retry-after')).toBe('2');
    expect(await rest.json()).toEqual({ message: `503 Service Unavailable: ${OVERLOADED_MESSAGE}` });

    const uiJson = await fetch(`${s.base}/groups/busy/-/labels.json`);
    expect(uiJson.status).toBe(503);
    expect(uiJson.headers.get('retry-after')).toBe('2');

    const graphql = await s.graphql('{ group(fullPath: "busy") { id fullPath } }');
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get('retry-after')).toBe('2');
    const body = (await graphql.json()) as { errors: { message: string; extensions?: Record<string, unknown> }[] };
    expect(body.errors[0]?.message).toBe(OVERLOADED_MESSAGE);
    expect(body.errors[0]?.extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    expect(JSON.stringify(body)).not.toMatch(/timeout exceeded|connect/i);

    s.release();
    expect((await fetch(`${s.base}${GROUPS}`)).status).toBe(200);
    const recovered = await s.graphql('{ group(fullPath: "busy") { fullPath } }');
    expect(await recovered.json()).toEqual({ data: { group: { fullPath: 'busy' } } });
  });
});

describe('the settings', () => {
  it('default to limits for a small server, and reject what is not a whole number in range', () => {
    expect(loadConfig({})).toMatchObject({
      maxConcurrentRequests: 16,
      requestQueueSize: 64,
      requestQueueTimeoutMs: 5000,
      dbPoolSize: 10,
      dbPoolTimeoutMs: 5000,
    });
    expect(() => loadConfig({ MILEPOST_MAX_CONCURRENT_REQUESTS: '-1' })).toThrow(
      'MILEPOST_MAX_CONCURRENT_REQUESTS must be at least 0',
    );
    expect(() => loadConfig({ MILEPOST_DB_POOL_TIMEOUT_MS: 'soon' })).toThrow(
      'MILEPOST_DB_POOL_TIMEOUT_MS must be a whole number',
    );
  });
});

describe('RequestLimiter', () => {
  const never = new Promise<void>(() => {});

  it('serves up to its limit, queues in order, and refuses beyond the queue', async () => {
    const limiter = new RequestLimiter(2, 1);
    const a = await limiter.acquire(never, 1000);
    const b = await limiter.acquire(never, 1000);
    const c = limiter.acquire(never, 1000);
    expect(await limiter.acquire(never, 1000)).toBeNull();
    expect([limiter.inFlight, limiter.waiting]).toEqual([2, 1]);
    a?.();
    a?.(); // a second release of the same slot changes nothing
    const cRelease = await c;
    expect(cRelease).toBeTypeOf('function');
    expect([limiter.inFlight, limiter.waiting]).toEqual([2, 0]);
    b?.();
    cRelease?.();
    expect(limiter.inFlight).toBe(0);
  });
});
