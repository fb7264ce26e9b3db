/**
 * Abuse limits over real requests: account lockout (GitLab's 10 failures → 10 minutes, unlocked by
 * time or an administrator, held in PostgreSQL across app servers), the protected-paths throttle on
 * sign-in, and the API rate limits with GitLab's `RateLimit-*` headers.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { LOCKED_LOGIN } from '../auth/lockout.ts';
import { type Config, loadConfig } from '../config.ts';
import { type UserRow, users } from '../db/schema.ts';
import { INVALID_LOGIN } from '../modules/auth/auth.service.ts';
import { createBrowser } from '../test/browser.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { RETRY_LATER, WindowCounter } from './rate-limit.ts';

const WRONG = 'not the password';

function oauth(app: FastifyInstance, username: string, password: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username, password },
    ...extra,
  });
}

describe('account lockout', () => {
  let t: TestApp;
  let admin: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.buildUser({ username: 'lock-admin', admin: true });
  });

  const lockState = async (user: UserRow) =>
    (
      await t.database.db
        .select({ failedAttempts: users.failedAttempts, lockedAt: users.lockedAt, lockedUntil: users.lockedUntil })
        .from(users)
        .where(eq(users.id, user.id))
    )[0];

  async function failTimes(username: string, n: number) {
    const answers = [];
    for (let i = 0; i < n; i++) answers.push(await oauth(t.app, username, WRONG));
    return answers;
  }

  it('locks after 10 failed sign-ins: the right password is refused until the lock ends', async () => {
    const user = await t.buildUser({ username: 'guessed' });
    const answers = await failTimes('guessed', 10);
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant' });
    }
    const state = await lockState(user);
    expect(state?.failedAttempts).toBe(10);
    expect(state?.lockedAt).toBeInstanceOf(Date);
    const minutes = ((state?.lockedUntil?.getTime() ?? 0) - (state?.lockedAt?.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(10, 3);

    // The right password now: /oauth/token says invalid_grant, the web sign-in GitLab's message.
    const token = await oauth(t.app, 'guessed', TEST_PASSWORD);
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_grant' });
    const web = await createBrowser(t).signIn('guessed', TEST_PASSWORD);
    expect(web.statusCode).toBe(401);
    expect(web.json()).toEqual({ message: LOCKED_LOGIN });

    // Administrators see it in GitLab's `locked` field.
    const shown = await t.request({ method: 'GET', url: `/api/v4/users/${user.id}`, as: admin });
    expect(shown.json()).toMatchObject({ username: 'guessed', locked: true, state: 'active' });
  });

  it('answers the tenth failure with the lock message on the web sign-in', async () => {
    await t.buildUser({ username: 'web-guessed' });
    const b = createBrowser(t);
    const messages: string[] = [];
    for (let i = 0; i < 10; i++)
      messages.push((await b.signIn('web-guessed', WRONG)).json<{ message: string }>().message);
    expect(messages.slice(0, 9)).toEqual(Array(9).fill(INVALID_LOGIN));
    expect(messages[9]).toBe(LOCKED_LOGIN);
  });

  it('resets the count on a successful sign-in', async () => {
    const user = await t.buildUser({ username: 'forgetful' });
    await failTimes('forgetful', 9);
    expect((await oauth(t.app, 'forgetful', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await lockState(user))?.failedAttempts).toBe(0);
    await failTimes('forgetful', 9);
    expect((await oauth(t.app, 'forgetful', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('unlocks by itself once the lock has run out', async () => {
    const user = await t.buildUser({ username: 'patient' });
    await failTimes('patient', 10);
    expect((await oauth(t.app, 'patient', TEST_PASSWORD)).statusCode).toBe(400);
    // Eleven minutes later.
    await t.database.db
      .update(users)
      .set({
        lockedAt: sql`${users.lockedAt} - interval '11 minutes'`,
        lockedUntil: sql`${users.lockedUntil} - interval '11 minutes'`,
      })
      .where(eq(users.id, user.id));
    const shown = await t.request({ method: 'GET', url: `/api/v4/users/${user.id}`, as: admin });
    expect(shown.json()).toMatchObject({ locked: false });
    expect((await oauth(t.app, 'patient', TEST_PASSWORD)).statusCode).toBe(200);
    expect(await lockState(user)).toEqual({ failedAttempts: 0, lockedAt: null, lockedUntil: null });
  });

  it('starts counting afresh after an expired lock, rather than locking again at once', async () => {
    const user = await t.buildUser({ username: 'relapse' });
    await failTimes('relapse', 10);
    await t.database.db
      .update(users)
      .set({ lockedAt: sql`now() - interval '20 minutes'`, lockedUntil: sql`now() - interval '10 minutes'` })
      .where(eq(users.id, user.id));
    await failTimes('relapse', 1);
    expect(await lockState(user)).toEqual({ failedAttempts: 1, lockedAt: null, lockedUntil: null });
  });

  it('is unlocked by an administrator in the admin area, not by anyone else', async () => {
    const user = await t.buildUser({ username: 'rescued' });
    const other = await t.buildUser({ username: 'bystander' });
    await failTimes('rescued', 10);

    const byUser = await t.request({ method: 'PUT', url: '/admin/users/rescued/unlock', as: other });
    expect(byUser.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'PUT', url: '/admin/users/rescued/unlock' });
    expect(anonymous.statusCode).toBe(401);
    const missing = await t.request({ method: 'PUT', url: '/admin/users/nobody-here/unlock', as: admin });
    expect(missing.statusCode).toBe(404);
    expect((await lockState(user))?.lockedAt).not.toBeNull();

    const res = await t.request({ method: 'PUT', url: '/admin/users/rescued/unlock', as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({
      message: 'Successfully unlocked',
      user: { username: 'rescued', locked: false },
    });
    expect(await lockState(user)).toEqual({ failedAttempts: 0, lockedAt: null, lockedUntil: null });
    expect((await oauth(t.app, 'rescued', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("ends a locked user's browser sessions, as Devise does", async () => {
    await t.buildUser({ username: 'signed-in' });
    const b = createBrowser(t);
    expect((await b.signIn('signed-in', TEST_PASSWORD)).statusCode).toBe(200);
    const me = async () =>
      (await b.graphql('{ currentUser { username } }')).json<{ data: { currentUser: unknown } }>().data.currentUser;
    expect(await me()).toEqual({ username: 'signed-in' });
    await failTimes('signed-in', 10);
    expect(await me()).toBeNull();
  });

  it('holds across app servers sharing the database', async () => {
    const user = await t.buildUser({ username: 'roaming' });
    const second = (await buildApp({ config: t.config, database: t.database })).app;
    try {
      for (let i = 0; i < 5; i++) {
        await oauth(t.app, 'roaming', WRONG);
        await oauth(second, 'roaming', WRONG);
      }
      expect((await lockState(user))?.failedAttempts).toBe(10);
      expect((await oauth(second, 'roaming', TEST_PASSWORD)).statusCode).toBe(400);
      expect((await oauth(t.app, 'roaming', TEST_PASSWORD)).statusCode).toBe(400);
    } finally {
      await second.close();
    }
  });

  it('counts concurrent failures exactly', async () => {
    const user = await t.buildUser({ username: 'stormed' });
    await Promise.all(Array.from({ length: 12 }, () => oauth(t.app, 'stormed', WRONG)));
    const state = await lockState(user);
    expect(state?.failedAttempts).toBe(12);
    expect(state?.lockedUntil).not.toBeNull();
  });

  it('never locks with MILEPOST_MAX_LOGIN_ATTEMPTS=0', async () => {
    const user = await t.buildUser({ username: 'unlimited' });
    const config: Config = { ...t.config, maxLoginAttempts: 0 };
    const open = (await buildApp({ config, database: t.database })).app;
    try {
      for (let i = 0; i < 12; i++) expect((await oauth(open, 'unlimited', WRONG)).statusCode).toBe(400);
      expect((await oauth(open, 'unlimited', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await lockState(user))?.lockedAt).toBeNull();
    } finally {
      await open.close();
    }
  });
});

describe('throttles', () => {
  let t: TestApp;
  let alice: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ protectedPathsLimit: 10, apiRateLimitPerUser: 3, apiRateLimitPerIp: 2 });
    alice = await t.buildUser({ username: 'alice' });
  });

  function expectThrottled(res: Awaited<ReturnType<typeof oauth>>, name: string, limit: number, observed: number) {
    expect(res.statusCode).toBe(429);
    expect(res.body).toBe(RETRY_LATER);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(res.headers['ratelimit-reset']);
    expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThan(2);
    expect(res.headers).toMatchObject({
      'ratelimit-name': name,
      'ratelimit-limit': String(limit),
      'ratelimit-observed': String(observed),
      'ratelimit-remaining': '0',
      'ratelimit-resettime': new Date(reset * 1000).toUTCString(),
    });
  }

  it('answers the 11th POST to /oauth/token in a minute from one address 429 Retry later', async () => {
    const from = { remoteAddress: '203.0.113.10' };
    for (let i = 0; i < 10; i++) expect((await oauth(t.app, 'nobody', WRONG, from)).statusCode).toBe(400);
    expectThrottled(await oauth(t.app, 'nobody', WRONG, from), 'throttle_unauthenticated_protected_paths', 10, 11);
    // Even the right password of a real user: the address is throttled, not the account.
    expect((await oauth(t.app, 'alice', TEST_PASSWORD, from)).statusCode).toBe(429);
    // Another address is not.
    expect((await oauth(t.app, 'alice', TEST_PASSWORD, { remoteAddress: '203.0.113.11' })).statusCode).toBe(200);
  });

  it('throttles POST /users/sign_in the same way, and GETs there not at all', async () => {
    const remoteAddress = '203.0.113.20';
    const post = () =>
      t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { login: 'x', password: WRONG }, remoteAddress });
    for (let i = 0; i < 10; i++) expect((await post()).statusCode).not.toBe(429);
    expectThrottled(await post(), 'throttle_unauthenticated_protected_paths', 10, 11);
    expect((await t.app.inject({ method: 'GET', url: '/-/liveness', remoteAddress })).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    // A client on the internet cannot pick a fresh address per request.
    const spoofed = (i: number) => ({ remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': `10.9.9.${i}` } });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await oauth(t.app, 'nobody', WRONG, spoofed(i))).statusCode);
    expect(answers.at(-1)).toBe(429);
    // Behind a proxy on a private network, each client counts on its own.
    const proxied = (ip: string) => ({ remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 10; i++) await oauth(t.app, 'nobody', WRONG, proxied('192.0.2.1'));
    expect((await oauth(t.app, 'nobody', WRONG, proxied('192.0.2.1'))).statusCode).toBe(429);
    expect((await oauth(t.app, 'nobody', WRONG, proxied('192.0.2.2'))).statusCode).toBe(400);
  });

  it('limits API requests per user with GitLab’s RateLimit headers (REST and GraphQL together)', async () => {
    const bob = await t.buildUser({ username: 'bob' });
    expect((await t.request({ method: 'GET', url: '/api/v4/user', as: bob })).statusCode).toBe(200);
    expect((await t.graphql('{ currentUser { username } }', {}, { as: bob })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/v4/user', as: bob })).statusCode).toBe(200);
    const over = await t.request({ method: 'GET', url: '/api/v4/user', as: bob });
    expectThrottled(over, 'throttle_authenticated_api', 3, 4);
    // Per user: alice, from the same address, is not affected.
    expect((await t.request({ method: 'GET', url: '/api/v4/user', as: alice })).statusCode).toBe(200);
  });

  it('limits signed-out API requests per address', async () => {
    const remoteAddress = '203.0.113.30';
    const get = () => t.app.inject({ method: 'GET', url: '/api/v4/groups', remoteAddress });
    expect((await get()).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    expectThrottled(await get(), 'throttle_unauthenticated_api', 2, 3);
    // Pages are not API requests.
    expect((await t.app.inject({ method: 'GET', url: '/-/health', remoteAddress })).statusCode).toBe(200);
  });

  it('is off or high by default, as GitLab’s', () => {
    const config = loadConfig({});
    expect(config.protectedPathsLimit).toBe(10);
    expect(config.apiRateLimitPerUser).toBe(0);
    expect(config.apiRateLimitPerIp).toBe(0);
    expect(config.maxLoginAttempts).toBe(10);
    expect(config.failedLoginUnlockMinutes).toBe(10);
    const custom = loadConfig({ MILEPOST_PROTECTED_PATHS_LIMIT: '0', MILEPOST_API_RATE_LIMIT_PER_USER: '600' });
    expect(custom.protectedPathsLimit).toBe(0);
    expect(custom.apiRateLimitPerUser).toBe(600);
    expect(() => loadConfig({ MILEPOST_PROTECTED_PATHS_LIMIT: 'lots' })).toThrow(
      'MILEPOST_PROTECTED_PATHS_LIMIT must be a whole number',
    );
  });
});

describe('WindowCounter', () => {
  it('counts per key in windows opened by the first request, and starts afresh after one ends', () => {
    let now = 165_000;
    const counter = new WindowCounter(60_000, () => now);
    expect(counter.hit('a')).toEqual({ count: 1, resetAt: 225_000 });
    now = 200_000;
    expect(counter.hit('a')).toEqual({ count: 2, resetAt: 225_000 });
    expect(counter.hit('b')).toEqual({ count: 1, resetAt: 260_000 });
    now = 225_000;
    expect(counter.hit('a')).toEqual({ count: 1, resetAt: 285_000 });
    expect(counter.hit('b').count).toBe(2);
  });
});
