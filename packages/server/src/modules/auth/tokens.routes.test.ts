import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from '../users/users.repository.ts';

type Json = Record<string, unknown>;

describe('REST personal access tokens', () => {
  let t: TestApp;
  let admin: UserRow;
  let alice: UserRow;
  let bob: UserRow;

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, as?: UserRow | null, payload?: Json) =>
    t.request({ method, url: `/api/v4${url}`, as, payload });
  const withToken = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: Json) =>
    t.request({ method, url: `/api/v4${url}`, headers: { 'private-token': token }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.buildUser({ admin: true });
    alice = await t.buildUser();
    bob = await t.buildUser();
  });

  describe('POST /users/:user_id/personal_access_tokens', () => {
    it('lets an administrator create a token for a user, showing the secret once', async () => {
      const res = await api('POST', `/users/${alice.id}/personal_access_tokens`, admin, {
        name: 'ci',
        scopes: ['api', 'read_user'],
        expires_at: '2099-01-01',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json() as Json;
      expect(body).toMatchObject({
        name: 'ci',
        revoked: false,
        scopes: ['api', 'read_user'],
        user_id: alice.id,
        last_used_at: null,
        active: true,
        expires_at: '2099-01-01',
      });
      expect(body.token).toMatch(/^glpat-/);
      const me = await withToken('GET', '/user', String(body.token));
      expect(me.json()).toMatchObject({ id: alice.id });
      const list = (await api('GET', '/personal_access_tokens', alice)).json() as Json[];
      const listed = list.find((p) => p.id === body.id);
      expect(listed).toMatchObject({ name: 'ci' });
      expect(listed?.token).toBeUndefined();
      expect(listed?.last_used_at).not.toBeNull();
    });

    it('is for administrators only, even for oneself', async () => {
      const res = await api('POST', `/users/${alice.id}/personal_access_tokens`, alice, { name: 'x', scopes: ['api'] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: '403 Forbidden' });
      expect((await api('POST', `/users/${alice.id}/personal_access_tokens`, null, { name: 'x' })).statusCode).toBe(
        401,
      );
      const missingUser = await api('POST', '/users/99999/personal_access_tokens', admin, { name: 'x', scopes: 'api' });
      expect(missingUser.json()).toEqual({ message: '404 User Not Found' });
    });

    it('refuses missing and invalid parameters', async () => {
      const url = `/users/${alice.id}/personal_access_tokens`;
      expect((await api('POST', url, admin, {})).json()).toEqual({ error: 'name is missing, scopes is missing' });
      const scope = await api('POST', url, admin, { name: 'x', scopes: ['sudo'] });
      expect(scope.statusCode).toBe(400);
      expect(scope.json()).toEqual({ message: { scopes: ['does not have a valid value'] } });
      const date = await api('POST', url, admin, { name: 'x', scopes: ['api'], expires_at: '2001-01-01' });
      expect(date.json()).toEqual({ message: { expires_at: ['must be in the future'] } });
      expect((await api('POST', '/users/abc/personal_access_tokens', admin, {})).json()).toEqual({
        error: 'user_id is invalid',
      });
    });
  });

  describe('POST /user/personal_access_tokens', () => {
    it('creates a token for the caller, scopes given comma-separated', async () => {
      const res = await api('POST', '/user/personal_access_tokens', bob, {
        name: 'laptop',
        scopes: 'read_api,read_user',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ user_id: bob.id, scopes: ['read_api', 'read_user'], expires_at: null });
      const readOnly = String((res.json() as Json).token);
      const write = await withToken('POST', '/user/personal_access_tokens', readOnly, { name: 'y', scopes: ['api'] });
      expect(write.statusCode).toBe(403);
    });
  });

  describe('GET /personal_access_tokens', () => {
    it("lists the caller's tokens; an administrator may pass user_id, others' user_id is ignored", async () => {
      const mine = (await api('GET', '/personal_access_tokens', bob)).json() as Json[];
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((p) => p.user_id === bob.id)).toBe(true);
      const snooping = (await api('GET', `/personal_access_tokens?user_id=${alice.id}`, bob)).json() as Json[];
      expect(snooping.every((p) => p.user_id === bob.id)).toBe(true);
      const asAdmin = (await api('GET', `/personal_access_tokens?user_id=${alice.id}`, admin)).json() as Json[];
      expect(asAdmin.length).toBeGreaterThan(0);
      expect(asAdmin.every((p) => p.user_id === alice.id)).toBe(true);
      expect((await api('GET', '/personal_access_tokens')).statusCode).toBe(401);
    });

    it('paginates and filters by state, repeating the filter in Link', async () => {
      await api('POST', '/user/personal_access_tokens', bob, { name: 'second', scopes: ['api'] });
      const res = await api('GET', '/personal_access_tokens?state=active&per_page=1', bob);
      expect(res.headers['x-per-page']).toBe('1');
      expect(Number(res.headers['x-total'])).toBeGreaterThan(1);
      expect(res.headers.link).toContain(
        `<${TEST_BASE_URL}/api/v4/personal_access_tokens?page=2&per_page=1&state=active>`,
      );
      expect((await api('GET', '/personal_access_tokens?state=dormant', bob)).json()).toEqual({
        error: 'state does not have a valid value',
      });
    });
  });

  describe('self, show and revoke', () => {
    it('shows and revokes the token of the request itself', async () => {
      const created = (
        await api('POST', '/user/personal_access_tokens', bob, { name: 'self', scopes: ['api'] })
      ).json() as Json;
      const token = String(created.token);
      const self = await withToken('GET', '/personal_access_tokens/self', token);
      expect(self.json()).toMatchObject({ id: created.id, name: 'self', active: true });
      const bearer = await t.request({
        method: 'GET',
        url: '/api/v4/personal_access_tokens/self',
        headers: { authorization: `Bearer ${token}` },
      });
      expect((bearer.json() as Json).id).toBe(created.id);
      const revoked = await withToken('DELETE', '/personal_access_tokens/self', token);
      expect(revoked.statusCode).toBe(204);
      expect(revoked.body).toBe('');
      const after = await withToken('GET', '/user', token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: '401 Unauthorized' });
    });

    it('shows and revokes by id: own tokens, or any for an administrator', async () => {
      const created = (
        await api('POST', '/user/personal_access_tokens', alice, { name: 'tmp', scopes: ['api'] })
      ).json() as Json;
      expect((await api('GET', `/personal_access_tokens/${created.id}`, alice)).json()).toMatchObject({ name: 'tmp' });
      const other = await api('GET', `/personal_access_tokens/${created.id}`, bob);
      expect(other.statusCode).toBe(404);
      expect((await api('DELETE', `/personal_access_tokens/${created.id}`, bob)).statusCode).toBe(404);
      expect((await api('GET', `/personal_access_tokens/${created.id}`, admin)).statusCode).toBe(200);
      expect((await api('DELETE', `/personal_access_tokens/${created.id}`, alice)).statusCode).toBe(204);
      const list = (await api('GET', '/personal_access_tokens?revoked=true', alice)).json() as Json[];
      expect(list.find((p) => p.id === created.id)).toMatchObject({ revoked: true, active: false });
      const readOnly = await t.request({
        method: 'DELETE',
        url: '/api/v4/personal_access_tokens/1',
        as: alice,
        scopes: ['read_api'],
      });
      expect(readOnly.statusCode).toBe(403);
    });
  });

  it("refuses a blocked user's token", async () => {
    const carol = await t.buildUser();
    expect((await api('GET', '/user', carol)).statusCode).toBe(200);
    await usersRepository(t.database.db).update(carol.id, { state: 'blocked' });
    for (const url of ['/user', '/groups', '/personal_access_tokens']) {
      const res = await api('GET', url, carol);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: '401 Unauthorized' });
    }
  });
});
