import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

type Json = Record<string, unknown>;

describe('REST members', () => {
  let t: TestApp;
  let owner: UserRow;
  let developer: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let newcomer: UserRow;
  let acme: GroupRow;
  let platform: GroupRow;
  let lab: GroupRow;
  let api_: ProjectWithGroup;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as?: UserRow | null, payload?: Json) =>
    t.request({ method, url: `/api/v4${url}`, as, payload });
  let builder: UserRow;
  // The factories' admin stays an owner of the groups it builds (it cannot leave as their last owner).
  const ids = (body: unknown) =>
    (body as { id: number }[])
      .map((m) => m.id)
      .filter((id) => id !== builder.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    builder = await t.systemAdmin();
    [owner, developer, guest, outsider, newcomer] = await Promise.all([
      t.buildUser({ name: 'Olive Owner' }),
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
    ]);
    acme = await t.buildGroup({ path: 'acme', visibility: 'public' });
    platform = await t.buildGroup({ path: 'platform', parent: acme, visibility: 'public' });
    lab = await t.buildGroup({ path: 'lab', parent: acme, visibility: 'private' });
    await t.addGroupMember(acme, owner, 50);
    await t.addGroupMember(acme, developer, 30);
    await t.addGroupMember(platform, guest, 10);
    api_ = await t.buildProject({ group: platform, path: 'api' });
  });

  describe('GET', () => {
    it('lists direct members in GitLab’s Member shape', async () => {
      const res = await api('GET', `/groups/${acme.id}/members`, guest);
      expect(res.statusCode).toBe(200);
      expect(ids(res.json())).toEqual([owner.id, developer.id].sort((a, b) => a - b));
      const olive = (res.json() as Json[]).find((m) => m.id === owner.id);
      expect(olive).toMatchObject({
        id: owner.id,
        username: owner.username,
        name: 'Olive Owner',
        state: 'active',
        avatar_url: null,
        web_url: `${TEST_BASE_URL}/${owner.username}`,
        access_level: 50,
        expires_at: null,
        membership_state: 'active',
      });
      expect(olive?.created_at).toMatch(/^\d{4}-/);
      expect(olive?.created_by).toMatchObject({ username: expect.stringMatching(/^admin-/) });
    });

    it('adds inherited members with /members/all, for groups and projects', async () => {
      expect(ids((await api('GET', '/groups/acme%2Fplatform/members', owner)).json())).toEqual([guest.id]);
      const all = await api('GET', '/groups/acme%2Fplatform/members/all', owner);
      expect(ids(all.json())).toEqual([owner.id, developer.id, guest.id].sort((a, b) => a - b));
      expect((await api('GET', `/projects/${api_.project.id}/members`, owner)).json()).toEqual([]);
      const projectAll = await api('GET', '/projects/acme%2Fplatform%2Fapi/members/all', owner);
      expect(ids(projectAll.json())).toEqual([owner.id, developer.id, guest.id].sort((a, b) => a - b));
    });

    it('paginates, filters by query and user_ids, and repeats the filters in Link', async () => {
      const res = await api(
        'GET',
        `/groups/${platform.id}/members/all?per_page=1&page=1&user_ids[]=${owner.id}&user_ids[]=${guest.id}`,
        owner,
      );
      expect(res.headers).toMatchObject({ 'x-total': '2', 'x-next-page': '2', 'x-per-page': '1' });
      expect(res.headers.link).toContain(
        `page=2&per_page=1&user_ids%5B%5D=${owner.id}&user_ids%5B%5D=${guest.id}>; rel="next"`,
      );
      const byQuery = await api('GET', `/groups/${acme.id}/members?query=olive`, owner);
      expect(ids(byQuery.json())).toEqual([owner.id]);
      const csv = await api('GET', `/groups/${acme.id}/members?user_ids=${developer.id},${guest.id}`, owner);
      expect(ids(csv.json())).toEqual([developer.id]);
    });

    it('gets one member, direct or inherited, else 404', async () => {
      const one = await api('GET', `/groups/${acme.id}/members/${developer.id}`, owner);
      expect(one.json()).toMatchObject({ id: developer.id, access_level: 30 });
      const direct = await api('GET', `/groups/${platform.id}/members/${owner.id}`, owner);
      expect(direct.statusCode).toBe(404);
      expect(direct.json()).toEqual({ message: '404 Not found' });
      const inherited = await api('GET', `/groups/${platform.id}/members/all/${owner.id}`, owner);
      expect(inherited.json()).toMatchObject({ id: owner.id, access_level: 50 });
      expect((await api('GET', `/groups/${acme.id}/members/abc`, owner)).json()).toEqual({
        error: 'user_id is invalid',
      });
    });

    it('needs a signed-in user, and hides the members of a hidden group as if it were missing', async () => {
      const anon = await api('GET', `/groups/${acme.id}/members`);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: '401 Unauthorized' });
      const hidden = await api('GET', `/groups/${lab.id}/members`, outsider);
      const missing = await api('GET', '/groups/987654/members', outsider);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
      expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
    });
  });

  describe('POST', () => {
    it('adds a member (201), then refuses the same user again with 409', async () => {
      const res = await api('POST', `/groups/${acme.id}/members`, owner, {
        user_id: newcomer.id,
        access_level: 20,
        expires_at: '2099-12-31',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: newcomer.id,
        access_level: 20,
        expires_at: '2099-12-31',
        created_by: { id: owner.id },
      });
      const again = await api('POST', `/groups/${acme.id}/members`, owner, { user_id: newcomer.id, access_level: 30 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Member already exists' });
    });

    it('adds a project member from form parameters', async () => {
      const res = await t.request({
        method: 'POST',
        url: `/api/v4/projects/${api_.project.id}/members`,
        as: owner,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `user_id=${outsider.id}&access_level=30`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id: outsider.id, access_level: 30 });
    });

    it('refuses missing and invalid parameters as Grape does', async () => {
      const url = `/groups/${acme.id}/members`;
      expect((await api('POST', url, owner, {})).json()).toEqual({
        error: 'access_level is missing, user_id is missing',
      });
      const bad = await api('POST', url, owner, { user_id: outsider.id, access_level: 35 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'access_level does not have a valid value' });
      expect((await api('POST', url, owner, { user_id: 99999, access_level: 30 })).json()).toEqual({
        message: '404 User Not Found',
      });
      const expiry = await api('POST', url, owner, { user_id: outsider.id, access_level: 30, expires_at: 'soon' });
      expect(expiry.json()).toEqual({ message: { expires_at: ['is invalid'] } });
    });

    it('is for owners and maintainers with api-scoped tokens', async () => {
      const url = `/groups/${acme.id}/members`;
      const body = { user_id: outsider.id, access_level: 10 };
      expect((await api('POST', url, null, body)).statusCode).toBe(401);
      expect((await api('POST', url, developer, body)).statusCode).toBe(403);
      const readOnly = await t.request({
        method: 'POST',
        url: `/api/v4${url}`,
        as: owner,
        scopes: ['read_api'],
        payload: body,
      });
      expect(readOnly.statusCode).toBe(403);
      expect((await api('POST', `/groups/${lab.id}/members`, outsider, body)).json()).toEqual({
        message: '404 Group Not Found',
      });
    });
  });

  describe('PUT and DELETE', () => {
    it('changes an access level', async () => {
      const res = await api('PUT', `/groups/${acme.id}/members/${developer.id}`, owner, { access_level: 40 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: developer.id, access_level: 40 });
      expect((await api('PUT', `/groups/${acme.id}/members/${developer.id}`, owner, {})).json()).toEqual({
        error: 'access_level is missing',
      });
      const bad = await api('PUT', `/groups/${acme.id}/members/${developer.id}`, owner, { access_level: 60 });
      expect(bad.json()).toEqual({ error: 'access_level does not have a valid value' });
      expect(
        (await api('PUT', `/groups/${acme.id}/members/${outsider.id}`, owner, { access_level: 30 })).statusCode,
      ).toBe(404);
      expect(
        (await api('PUT', `/groups/${platform.id}/members/${guest.id}`, guest, { access_level: 50 })).statusCode,
      ).toBe(403);
    });

    it('removes a member with 204 and no body', async () => {
      const leaving = await t.buildUser();
      await t.addGroupMember(platform, leaving, 30);
      const res = await api('DELETE', `/groups/acme%2Fplatform/members/${leaving.id}`, owner);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await api('GET', `/groups/${platform.id}/members/${leaving.id}`, owner)).statusCode).toBe(404);
      expect((await api('DELETE', `/groups/${platform.id}/members/${leaving.id}`, owner)).statusCode).toBe(404);
    });

    it('refuses to remove or demote the last owner', async () => {
      const solo = await t.buildUser();
      const group = await t.buildGroup({ path: 'solo', owner: solo });
      const demote = await api('PUT', `/groups/${group.id}/members/${solo.id}`, solo, { access_level: 30 });
      expect(demote.statusCode).toBe(400);
      expect(demote.json()).toEqual({ message: 'A group must have at least one owner' });
      const remove = await api('DELETE', `/groups/${group.id}/members/${solo.id}`, solo);
      expect(remove.statusCode).toBe(400);
      expect((await api('GET', `/groups/${group.id}/members/${solo.id}`, solo)).statusCode).toBe(200);
    });

    it('refuses removal to a guest', async () => {
      const res = await api('DELETE', `/groups/${acme.id}/members/${newcomer.id}`, guest);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: '403 Forbidden' });
    });
  });
});
