/**
 * Signing in and out, sessions and CSRF, as the web app does it through a cookie jar.
 * Tokens (PAT, OAuth) are in tokens.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { CSRF_MESSAGE } from '../../http/authenticate.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from '../users/users.repository.ts';
import { BLOCKED_LOGIN, INVALID_LOGIN } from './auth.service.ts';

const CURRENT_USER = '{ currentUser { username } }';
const CREATE_GROUP = `mutation($path: String!) {
  groupCreate(input: { name: $path, path: $path }) { group { fullPath } errors } }`;

type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string };
const cookie = (res: { cookies: unknown[] }, name: string) => (res.cookies as Cookie[]).find((c) => c.name === name);

describe('sign-in, sessions and CSRF', () => {
  let t: TestApp;
  let alice: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser({ username: 'alice' });
  });

  const currentUser = async (b: ReturnType<typeof createBrowser>) =>
    (await b.graphql(CURRENT_USER)).json<{ data: { currentUser: { username: string } | null } }>().data.currentUser;

  describe('POST /users/sign_in', () => {
    it.each([
      ['username', 'alice'],
      ['email', 'alice@example.com'],
      ['email in another case', 'ALICE@Example.com'],
    ])('signs in with the %s', async (_how, login) => {
      const b = createBrowser(t);
      await b.visit();
      const csrfBefore = b.csrfToken();
      expect(csrfBefore).toBeTruthy();

      const res = await b.signIn(login, TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: alice.id, username: 'alice' } });

      const session = cookie(res, '_milepost_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.secure).toBeFalsy();
      const csrf = cookie(res, '_milepost_csrf');
      expect(csrf?.value).toBeTruthy();
      expect(csrf?.value).not.toBe(csrfBefore);
      expect(csrf?.httpOnly).toBeFalsy(); // the web app reads it to echo it in X-CSRF-Token
      expect(await currentUser(b)).toEqual({ username: 'alice' });
    });

    it('marks the cookies Secure behind an HTTPS proxy', async () => {
      const b = createBrowser(t);
      const res = await b.signIn('alice', TEST_PASSWORD, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(200);
      expect(cookie(res, '_milepost_session')?.secure).toBe(true);
      expect(cookie(res, '_milepost_csrf')?.secure).toBe(true);
    });

    it('stores only a digest of the session id', async () => {
      const b = createBrowser(t);
      await b.signIn('alice', TEST_PASSWORD);
      const rows = await t.database.pool.query<{ row: string }>('SELECT row_to_json(s)::text AS row FROM sessions s');
      expect(rows.rows.length).toBeGreaterThan(0);
      for (const { row } of rows.rows) expect(row).not.toContain(b.session());
    });

    it('gives a new session id on every sign-in and ends the one it replaces', async () => {
      const b = createBrowser(t);
      await b.signIn('alice', TEST_PASSWORD);
      const first = b.session();
      const res = await b.signIn('alice', TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      const second = b.session();
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);

      const stale = createBrowser(t);
      stale.jar.set('_milepost_session', first as string);
      expect(await currentUser(stale)).toBeNull();
      expect(await currentUser(b)).toEqual({ username: 'alice' });
    });

    it('answers a wrong password and an unknown user with the same 401', async () => {
      const wrong = await createBrowser(t).signIn('alice', 'not the password');
      const unknown = await createBrowser(t).signIn('nobody-here', TEST_PASSWORD);
      const empty = await createBrowser(t).signIn('', '');
      for (const res of [wrong, unknown, empty]) {
        expect(res.statusCode).toBe(401);
        expect(res.body).toBe(JSON.stringify({ message: INVALID_LOGIN }));
        expect(cookie(res, '_milepost_session')).toBeUndefined();
      }
      expect(INVALID_LOGIN).toBe('Invalid login or password.');
    });

    it('refuses a sign-in without the CSRF token, or with a foreign origin', async () => {
      const b = createBrowser(t);
      await b.visit();
      const noHeader = await b.request({
        method: 'POST',
        url: '/users/sign_in',
        payload: { login: 'alice', password: TEST_PASSWORD },
      });
      const wrongToken = await b.request({
        method: 'POST',
        url: '/users/sign_in',
        payload: { login: 'alice', password: TEST_PASSWORD },
        headers: { 'x-csrf-token': 'forged' },
      });
      const foreign = await b.signIn('alice', TEST_PASSWORD, { origin: 'https://evil.example' });
      const crossSite = await b.signIn('alice', TEST_PASSWORD, { 'sec-fetch-site': 'cross-site' });
      const nullOrigin = await b.signIn('alice', TEST_PASSWORD, { origin: 'null' });
      for (const res of [noHeader, wrongToken, foreign, crossSite, nullOrigin]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: CSRF_MESSAGE });
        expect(cookie(res, '_milepost_session')).toBeUndefined();
      }
    });

    it.each([
      ['the Host header', { origin: 'http://localhost' }],
      ['the Host header, default port spelled out', { origin: 'http://localhost:80' }],
      ['a same-origin fetch', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
      [
        'the host the browser used, behind a proxy',
        { origin: 'https://milepost.example', 'x-forwarded-host': 'milepost.example', 'x-forwarded-proto': 'https' },
      ],
    ])('accepts an Origin matching %s', async (_what, headers) => {
      const res = await createBrowser(t).signIn('alice', TEST_PASSWORD, headers);
      expect(res.statusCode).toBe(200);
    });
  });

  describe('a blocked user', () => {
    it('cannot sign in, and their open session stops working', async () => {
      const bob = await t.buildUser();
      const b = createBrowser(t);
      expect((await b.signIn(bob.username, TEST_PASSWORD)).statusCode).toBe(200);
      expect(await currentUser(b)).toEqual({ username: bob.username });

      await usersRepository(t.database.db).update(bob.id, { state: 'blocked' });
      expect(await currentUser(b)).toBeNull();
      const again = await createBrowser(t).signIn(bob.username, TEST_PASSWORD);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ message: BLOCKED_LOGIN });
    });
  });

  describe('cookie-authenticated writes', () => {
    it('need the X-CSRF-Token header', async () => {
      const b = createBrowser(t);
      await b.signIn('alice', TEST_PASSWORD);
      const without = await b.graphql(CREATE_GROUP, { path: 'csrf-less' }, { csrf: false });
      expect(without.statusCode).toBe(403);
      expect(without.json()).toEqual({ message: CSRF_MESSAGE });

      const forged = await b.request({
        method: 'POST',
        url: '/api/graphql',
        payload: { query: CREATE_GROUP, variables: { path: 'csrf-forged' } },
        headers: { 'x-csrf-token': 'forged' },
      });
      expect(forged.statusCode).toBe(403);

      const crossSite = await b.request({
        method: 'POST',
        url: '/api/graphql',
        payload: { query: CREATE_GROUP, variables: { path: 'csrf-cross' } },
        headers: { 'sec-fetch-site': 'cross-site' },
        csrf: true,
      });
      expect(crossSite.statusCode).toBe(403);

      const withToken = await b.graphql(CREATE_GROUP, { path: 'csrf-ok' });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.json()).toEqual({ data: { groupCreate: { group: { fullPath: 'csrf-ok' }, errors: [] } } });

      const groups = await t.database.pool.query<{ path: string }>(
        "SELECT path FROM groups WHERE path LIKE 'csrf-%' ORDER BY path",
      );
      expect(groups.rows.map((r) => r.path)).toEqual(['csrf-ok']);
    });

    it('do not accept the CSRF token of another session', async () => {
      const a = createBrowser(t);
      const other = createBrowser(t);
      await a.signIn('alice', TEST_PASSWORD);
      await other.signIn('alice', TEST_PASSWORD);
      const res = await a.request({
        method: 'POST',
        url: '/api/graphql',
        payload: { query: CREATE_GROUP, variables: { path: 'csrf-swapped' } },
        headers: { 'x-csrf-token': other.csrfToken() as string },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /users/sign_out', () => {
    it('deletes the session: the old cookie no longer works', async () => {
      const b = createBrowser(t);
      await b.signIn('alice', TEST_PASSWORD);
      const old = b.session() as string;
      const res = await b.signOut();
      expect(res.statusCode).toBe(204);
      expect(cookie(res, '_milepost_session')?.value).toBe('');
      expect(b.session()).toBeUndefined();

      const replay = createBrowser(t);
      replay.jar.set('_milepost_session', old);
      expect(await currentUser(replay)).toBeNull();
      const count = await t.database.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND id = encode(sha256($2::bytea), $3)',
        [alice.id, old, 'hex'],
      );
      expect(Number(count.rows[0]?.n)).toBe(0);
    });

    it('needs the CSRF token while signed in', async () => {
      const b = createBrowser(t);
      await b.signIn('alice', TEST_PASSWORD);
      const res = await b.request({ method: 'POST', url: '/users/sign_out' });
      expect(res.statusCode).toBe(403);
      expect(await currentUser(b)).toEqual({ username: 'alice' });
    });
  });
});
