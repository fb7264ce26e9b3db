/**
 * API tokens: personal access tokens made through GraphQL, OAuth password-grant tokens, their scopes,
 * and what a blocked user's or a revoked token gets. Token requests need no CSRF token.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGE } from '../../errors.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from '../users/users.repository.ts';
import { OAUTH_EXPIRES_IN } from './auth.service.ts';

const CURRENT_USER = '{ currentUser { username } }';
const CREATE_PAT = `mutation($name: String!, $scopes: [String!]!) {
  personalAccessTokenCreate(input: { name: $name, scopes: $scopes }) {
    token personalAccessToken { id name scopes active } errors } }`;
const REVOKE_PAT = `mutation($id: ID!) { personalAccessTokenRevoke(input: { id: $id }) { errors } }`;
const CREATE_GROUP = `mutation($path: String!) {
  groupCreate(input: { name: $path, path: $path }) { group { fullPath } errors } }`;

describe('API tokens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.buildUser({ username: 'carol' });
  });

  /** POST /api/graphql with only the given headers: no cookies, no CSRF token. */
  async function withHeaders(headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
    return await t.app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables }, headers });
  }

  async function createPatInBrowser(scopes: string[]) {
    const b = createBrowser(t);
    expect((await b.signIn('carol', TEST_PASSWORD)).statusCode).toBe(200);
    const res = await b.graphql(CREATE_PAT, { name: 'script', scopes });
    expect(res.statusCode).toBe(200);
    const payload = res.json<{
      data: { personalAccessTokenCreate: { token: string; personalAccessToken: { id: string }; errors: string[] } };
    }>().data.personalAccessTokenCreate;
    expect(payload.errors).toEqual([]);
    return { b, token: payload.token, id: payload.personalAccessToken.id };
  }

  describe('personal access tokens', () => {
    it('are made with personalAccessTokenCreate and work as PRIVATE-TOKEN and as a Bearer token', async () => {
      const { token } = await createPatInBrowser(['api']);
      expect(token).toMatch(/^glpat-[A-Za-z0-9_-]{20,}$/);
      const ways: Record<string, string>[] = [{ 'private-token': token }, { authorization: `Bearer ${token}` }];
      for (const headers of ways) {
        const res = await withHeaders(headers, CURRENT_USER);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: { currentUser: { username: 'carol' } } });
      }
      const rest = await t.app.inject({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': token } });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toMatchObject({ username: 'carol' });
    });

    it('are stored as a SHA-256 digest, never in plain text', async () => {
      const { token } = await createPatInBrowser(['api']);
      const rows = await t.database.pool.query<{ row: string; token_digest: string }>(
        'SELECT row_to_json(p)::text AS row, token_digest FROM personal_access_tokens p',
      );
      const secret = token.replace(/^glpat-/, '');
      for (const { row } of rows.rows) expect(row).not.toContain(secret);
      const digest = createHash('sha256').update(token).digest('hex');
      expect(rows.rows.map((r) => r.token_digest)).toContain(digest);
    });

    it('stop working once revoked (401)', async () => {
      const { b, token, id } = await createPatInBrowser(['api']);
      const revoked = await b.graphql(REVOKE_PAT, { id });
      expect(revoked.json()).toEqual({ data: { personalAccessTokenRevoke: { errors: [] } } });
      const res = await withHeaders({ 'private-token': token }, CURRENT_USER);
      expect(res.statusCode).toBe(401);
      const rest = await t.app.inject({
        method: 'GET',
        url: '/api/v4/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.statusCode).toBe(401);
      expect(rest.json()).toEqual({ message: '401 Unauthorized' });
    });

    it('that are unknown get 401, with a GraphQL-shaped body on the GraphQL endpoint (as GitLab)', async () => {
      const gql = await withHeaders({ 'private-token': 'glpat-not-a-token' }, CURRENT_USER);
      expect(gql.statusCode).toBe(401);
      expect(gql.json()).toEqual({ errors: [{ message: 'Invalid token' }] });
      const rest = await t.app.inject({ method: 'GET', url: '/api/v4/user', headers: { 'private-token': 'nope' } });
      expect(rest.statusCode).toBe(401);
      expect(rest.json()).toEqual({ message: '401 Unauthorized' });
    });

    it('write without any CSRF token', async () => {
      const { token } = await createPatInBrowser(['api']);
      const res = await withHeaders({ 'private-token': token }, CREATE_GROUP, { path: 'by-token' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { groupCreate: { group: { fullPath: 'by-token' }, errors: [] } } });
    });

    it('with only read_api can read but not mutate', async () => {
      const { token } = await createPatInBrowser(['read_api']);
      const read = await withHeaders({ 'private-token': token }, CURRENT_USER);
      expect(read.json()).toEqual({ data: { currentUser: { username: 'carol' } } });

      const write = await withHeaders({ 'private-token': token }, CREATE_GROUP, { path: 'by-read-api' });
      expect(write.statusCode).toBe(200);
      const body = write.json<{ data: { groupCreate: unknown } | null; errors: { message: string }[] }>();
      expect(body.data?.groupCreate ?? null).toBeNull();
      expect(body.errors.map((e) => e.message)).toEqual([NOT_FOUND_MESSAGE]);
      const escalate = await withHeaders({ 'private-token': token }, CREATE_PAT, { name: 'more', scopes: ['api'] });
      expect(escalate.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toEqual([
        NOT_FOUND_MESSAGE,
      ]);
      const written = await t.database.pool.query(
        "SELECT 1 FROM groups WHERE path = 'by-read-api' UNION ALL SELECT 1 FROM personal_access_tokens WHERE name = 'more'",
      );
      expect(written.rowCount).toBe(0);
    });
  });

  describe('POST /oauth/token (password grant)', () => {
    const grant = { grant_type: 'password', username: 'carol', password: TEST_PASSWORD };

    it.each([
      ['a JSON body', grant, 'application/json'],
      ['a form body', new URLSearchParams(grant).toString(), 'application/x-www-form-urlencoded'],
    ])('issues a Bearer token for %s, and the token works on GraphQL', async (_how, payload, type) => {
      const before = Math.floor(Date.now() / 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ access_token: string; token_type: string; expires_in: number; created_at: number }>();
      expect(body).toMatchObject({ token_type: 'Bearer', expires_in: OAUTH_EXPIRES_IN });
      expect(body.access_token).toEqual(expect.any(String));
      expect(body.created_at).toBeGreaterThanOrEqual(before - 1);
      expect(body.created_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
      const me = await withHeaders({ authorization: `Bearer ${body.access_token}` }, CURRENT_USER);
      expect(me.json()).toEqual({ data: { currentUser: { username: 'carol' } } });
    });

    it.each([
      ['a wrong password', { ...grant, password: 'wrong password' }],
      ['an unknown user', { ...grant, username: 'nobody-at-all' }],
    ])('answers %s with 400 invalid_grant', async (_how, payload) => {
      const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    });

    it('refuses other grant types and unknown scopes', async () => {
      const other = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { ...grant, grant_type: 'client_credentials' },
      });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ error: 'unsupported_grant_type' });
      const scope = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { ...grant, scope: 'sudo' } });
      expect(scope.statusCode).toBe(400);
      expect(scope.json()).toMatchObject({ error: 'invalid_scope' });
    });
  });

  describe('a blocked user', () => {
    it('cannot use tokens made before the block, nor get new ones', async () => {
      const dave = await t.buildUser();
      const pat = await t.authHeaders(dave);
      const oauth = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: dave.username, password: TEST_PASSWORD },
      });
      const bearer = { authorization: `Bearer ${oauth.json<{ access_token: string }>().access_token}` };
      expect((await withHeaders(pat, CURRENT_USER)).statusCode).toBe(200);
      expect((await withHeaders(bearer, CURRENT_USER)).statusCode).toBe(200);

      await usersRepository(t.database.db).update(dave.id, { state: 'blocked' });
      expect((await withHeaders(pat, CURRENT_USER)).statusCode).toBe(401);
      expect((await withHeaders(bearer, CURRENT_USER)).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', username: dave.username, password: TEST_PASSWORD },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    });
  });
});
