import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildWorld, type World } from '../labels/labels.world.ts';
import { usersRepository } from './users.repository.ts';

type Suggested = { username: string; name: string; id: string; webPath: string; webUrl: string; avatarUrl: null };

describe('user autocomplete', () => {
  let t: TestApp;
  let w: World;
  let blocked: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
    blocked = await t.buildUser({ name: 'World blocked' });
    await t.addGroupMember(w.acme, blocked, 30);
    await usersRepository(t.database.db).update(blocked.id, { state: 'blocked' });
  });

  const GROUP =
    'query($p: ID!, $s: String) { group(fullPath: $p) { autocompleteUsers(search: $s) { id username name avatarUrl webUrl webPath } } }';
  const PROJECT =
    'query($p: ID!, $s: String) { project(fullPath: $p) { autocompleteUsers(search: $s) { username status { availability } } } }';

  async function groupUsers(path: string, search: string | null, as: UserRow | null = w.owner) {
    const res = await t.graphql<{ group: { autocompleteUsers: Suggested[] } | null }>(
      GROUP,
      { p: path, s: search },
      { as },
    );
    return res.data?.group?.autocompleteUsers.map((u) => u.name) ?? null;
  }

  it('suggests active members of the group and its ancestors, by name', async () => {
    expect(await groupUsers(w.platform.fullPath, null)).toEqual(['World guest', 'World owner', 'World reporter']);
    expect(await groupUsers(w.lab.fullPath, '')).toEqual(['World guest', 'World lab', 'World owner', 'World reporter']);
  });

  it('shapes AutocompletedUser', async () => {
    const res = await t.graphql<{ group: { autocompleteUsers: Suggested[] } }>(GROUP, {
      p: w.acme.fullPath,
      s: 'owner',
    });
    expect(res.data?.group.autocompleteUsers).toEqual([
      {
        id: `gid://gitlab/User/${w.owner.id}`,
        username: w.owner.username,
        name: 'World owner',
        avatarUrl: null,
        webPath: `/${w.owner.username}`,
        webUrl: `http://milepost.test/${w.owner.username}`,
      },
    ]);
  });

  it.each([
    ['a name part', 'REPORT', ['World reporter']],
    ['a literal %', '%', []],
    ['a literal _', '_', []],
  ])('searches by %s', async (_n, search, expected) => {
    expect(await groupUsers(w.acme.fullPath, search)).toEqual(expected);
  });

  it('suggests project members with the groups’ members', async () => {
    const res = await t.graphql<{ project: { autocompleteUsers: { username: string }[] } }>(
      PROJECT,
      { p: w.proto.project.fullPath },
      { as: w.labMember },
    );
    expect(res.data?.project.autocompleteUsers.map((u) => u.username)).toContain(w.labMember.username);
    expect(res.data?.project.autocompleteUsers).toHaveLength(4);
  });

  it('hides private groups and projects like missing ones', async () => {
    expect(await groupUsers(w.lab.fullPath, null, w.outsider)).toBeNull();
    const res = await t.graphql(PROJECT, { p: w.proto.project.fullPath }, { as: w.outsider });
    expect(res.data).toEqual({ project: null });
  });

  it('returns at most 20', async () => {
    const big = await t.buildGroup();
    for (let i = 0; i < 22; i += 1) await t.addGroupMember(big, await t.buildUser(), 30);
    expect(await groupUsers(big.fullPath, null, await t.systemAdmin())).toHaveLength(20);
  });

  describe('/-/autocomplete/users.json', () => {
    const get = (query: string, as: UserRow | null = null) =>
      t.request({ method: 'GET', url: `/-/autocomplete/users.json?${query}`, as });

    it('answers signed-out visitors for public groups and prepends the current user on a blank search', async () => {
      const anonymous = await get(`group_id=${w.acme.id}&active=true`);
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json<{ name: string }[]>().map((u) => u.name)).toEqual([
        'World guest',
        'World owner',
        'World reporter',
      ]);
      const me = await get(`group_id=${w.acme.id}&current_user=true&search=`, w.outsider);
      expect(me.json<{ username: string }[]>()[0]).toEqual({
        id: w.outsider.id,
        username: w.outsider.username,
        name: 'World outsider',
        state: 'active',
        locked: false,
        avatar_url: null,
        web_url: `http://milepost.test/${w.outsider.username}`,
        path: `/${w.outsider.username}`,
      });
      const searched = await get(`group_id=${w.acme.id}&current_user=true&search=guest`, w.outsider);
      expect(searched.json<{ name: string }[]>().map((u) => u.name)).toEqual(['World guest']);
    });

    it('scopes to a project and hides private ones', async () => {
      const res = await get(`project_id=${w.proto.project.id}`, w.labMember);
      expect(res.json<{ name: string }[]>().map((u) => u.name)).toContain('World lab');
      const hidden = await get(`project_id=${w.proto.project.id}`, w.outsider);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
      expect((await get(`group_id=${w.lab.id}`)).json()).toEqual({ message: '404 Group Not Found' });
    });

    it('suggests every active user to signed-in users without a scope, and nobody to visitors', async () => {
      const all = await get('search=World', w.owner);
      expect(all.json<{ name: string }[]>().map((u) => u.name)).not.toContain('World blocked');
      expect(all.json<unknown[]>().length).toBe(5);
      expect((await get('search=World')).json()).toEqual([]);
      expect((await get('group_id=abc')).json()).toEqual({ message: 'group_id is invalid' });
    });
  });
});
