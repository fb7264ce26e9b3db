/**
 * The `Server-Timing` header (http/server-timing.ts): on GraphQL, REST and UI answers, well formed
 * (names and numbers only, also on errors), the breakdown for administrators or with `all`, each
 * request's own statements counted (also when requests run at once), none on the web app's files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serverTimingHeader } from './server-timing.ts';

/** One metric as the header writes it: a known name, a duration with one decimal, the statements' count. */
const METRIC = /^(total|queue|auth|parse|validate|execute|db|db-connect);dur=\d+\.\d(;desc="\d+ statements?")?$/;

function metrics(header: unknown): Record<string, { dur: number; desc?: string }> {
  expect(typeof header).toBe('string');
  const parts = (header as string).split(', ');
  for (const part of parts) expect(part).toMatch(METRIC);
  return Object.fromEntries(
    parts.map((part) => {
      const [name = '', dur = '', desc] = part.split(';');
      return [name, { dur: Number(dur.slice(4)), ...(desc ? { desc: desc.slice(6, -1) } : {}) }];
    }),
  );
}

const statements = (header: unknown) => Number(/(\d+) statements?/.exec(metrics(header).db?.desc ?? '')?.[1]);

describe('Server-Timing, MILEPOST_SERVER_TIMING=all', () => {
  let t: TestApp;
  let user: UserRow;
  let group: GroupRow;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-server-timing-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
    t = await createTestApp({ serverTiming: 'all', webDist });
    user = await t.buildUser();
    group = await t.buildGroup({ path: 'timed' });
    await t.addGroupMember(group, user, 30);
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  it("breaks a GraphQL answer down: the session or token lookup, GraphQL's phases, the statements", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/graphql',
      payload: { query: '{ group(fullPath: "timed") { fullPath } }' },
      as: user,
    });
    expect(res.json()).toEqual({ data: { group: { fullPath: 'timed' } } });
    const m = metrics(res.headers['server-timing']);
    expect(Object.keys(m)).toEqual(
      expect.arrayContaining(['total', 'queue', 'auth', 'parse', 'validate', 'execute', 'db']),
    );
    // The token lookup and the group's are statements of this request.
    expect(statements(res.headers['server-timing'])).toBeGreaterThanOrEqual(2);
    // The parts happen within the total.
    for (const part of ['auth', 'parse', 'validate', 'execute'] as const)
      expect(m[part]?.dur).toBeLessThanOrEqual((m.total?.dur ?? 0) + 0.1);
  });

  it('breaks a REST answer and a UI JSON answer down (no GraphQL phases)', async () => {
    const rest = await t.request({ method: 'GET', url: '/api/v4/groups/timed', as: user });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['content-type']).toBe('application/json');
    const m = metrics(rest.headers['server-timing']);
    expect(Object.keys(m)).toEqual(expect.arrayContaining(['total', 'auth', 'db']));
    expect(m.execute).toBeUndefined();
    expect(statements(rest.headers['server-timing'])).toBeGreaterThanOrEqual(2);
  });

  it("counts each request's own statements when requests run at once", async () => {
    const light = () =>
      t.request({ method: 'POST', url: '/api/graphql', payload: { query: '{ currentUser { id } }' }, as: user });
    const heavy = () =>
      t.request({
        method: 'POST',
        url: '/api/graphql',
        payload: {
          query: '{ group(fullPath: "timed") { fullPath projects { nodes { id } } labels { nodes { id } } } }',
        },
        as: user,
      });
    const alone = [
      statements((await light()).headers['server-timing']),
      statements((await heavy()).headers['server-timing']),
    ];
    expect(alone[1]).toBeGreaterThan(alone[0] as number);
    const together = await Promise.all([light(), heavy(), light(), heavy(), light(), heavy()]);
    expect(together.map((res) => statements(res.headers['server-timing']))).toEqual([...alone, ...alone, ...alone]);
  });

  it("counts a transaction's statements (a mutation) and the wait for its connection", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/graphql',
      payload: {
        query: 'mutation($input: LabelCreateInput!) { labelCreate(input: $input) { errors label { title } } }',
        variables: { input: { groupPath: 'timed', title: 'timed label', color: '#ff0000' } },
      },
      as: await t.systemAdmin(),
    });
    expect(res.json()).toMatchObject({ data: { labelCreate: { errors: [], label: { title: 'timed label' } } } });
    // BEGIN, the writes, COMMIT: more than the lookups alone.
    expect(statements(res.headers['server-timing'])).toBeGreaterThanOrEqual(4);
  });

  it('tells nothing but names and numbers on errors', async () => {
    const answers = await Promise.all([
      t.request({ method: 'POST', url: '/api/graphql', payload: { query: '{ group(' }, as: user }),
      t.request({ method: 'POST', url: '/api/graphql', payload: { query: '{ nope }' }, as: user }),
      t.request({ method: 'GET', url: '/api/v4/groups/no-such-group', as: user }),
      t.request({ method: 'GET', url: '/api/v4/no/such/route', as: user }),
      t.request({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': 'wrong' } }),
      t.request({
        method: 'POST',
        url: '/api/v4/groups',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
        as: user,
      }),
    ]);
    // A document that does not validate is answered 200 with its errors (to clients of plain JSON).
    expect(answers.map((res) => res.statusCode)).toEqual([400, 200, 404, 404, 401, 400]);
    expect(answers[1]?.json<{ errors: { message: string }[] }>().errors[0]?.message).toContain('nope');
    for (const res of answers) metrics(res.headers['server-timing']);
  });

  it("puts it on the app's page, not on the web app's files", async () => {
    const page = await t.request({ method: 'GET', url: '/groups/timed', as: user });
    expect(page.statusCode).toBe(200);
    expect(metrics(page.headers['server-timing']).total).toBeDefined();
    const asset = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['server-timing']).toBeUndefined();
  });
});

describe('Server-Timing by default (total)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  it('tells everyone the total, and the breakdown only to administrators', async () => {
    const query = { query: '{ currentUser { username } }' };
    const visitor = await t.request({ method: 'POST', url: '/api/graphql', payload: query });
    const user = await t.request({ method: 'POST', url: '/api/graphql', payload: query, as: await t.buildUser() });
    const admin = await t.request({ method: 'POST', url: '/api/graphql', payload: query, as: await t.systemAdmin() });
    expect(visitor.headers['server-timing']).toMatch(/^total;dur=\d+\.\d$/);
    expect(user.headers['server-timing']).toMatch(/^total;dur=\d+\.\d$/);
    expect(Object.keys(metrics(admin.headers['server-timing']))).toEqual(
      expect.arrayContaining(['total', 'auth', 'parse', 'validate', 'execute', 'db']),
    );
  });
});

describe('Server-Timing off', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ serverTiming: 'off' });
  });

  it('sends no header', async () => {
    const res = await t.request({ method: 'POST', url: '/api/graphql', payload: { query: '{ currentUser { id } }' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toBeUndefined();
  });
});

describe('serverTimingHeader', () => {
  it('writes ms with one decimal, the phases in order, the statements as the description', () => {
    expect(serverTimingHeader(12.345)).toBe('total;dur=12.3');
    expect(serverTimingHeader(20, { statements: 3, statementMs: 4.56, connectMs: 0, execute: 9.99, auth: 1 })).toBe(
      'total;dur=20.0, auth;dur=1.0, execute;dur=10.0, db;dur=4.6;desc="3 statements"',
    );
    expect(serverTimingHeader(5, { statements: 1, statementMs: 1, connectMs: 2.25 })).toBe(
      'total;dur=5.0, db;dur=1.0;desc="1 statement", db-connect;dur=2.3',
    );
  });
});
