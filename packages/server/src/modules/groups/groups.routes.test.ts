import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';

type Json = Record<string, unknown>;

describe('REST /groups', () => {
  let t: TestApp;
  let owner: UserRow;
  let developer: UserRow;
  let subMember: UserRow;
  let outsider: UserRow;
  let admin: UserRow;
  let acme: GroupRow;
  let platform: GroupRow;
  let lab: GroupRow;
  let secret: GroupRow;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as?: UserRow | null, payload?: Json) =>
    t.request({ method, url: `/api/v4${url}`, as, payload });
  const paths = (body: unknown) => (body as { full_path: string }[]).map((g) => g.full_path).sort();

  beforeAll(async () => {
    t = await createTestApp();
    [owner, developer, subMember, outsider] = await Promise.all([
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
    ]);
    admin = await t.buildUser({ admin: true });
    acme = await t.buildGroup({ path: 'acme', name: 'Acme', visibility: 'public' });
    platform = await t.buildGroup({ path: 'platform', name: 'Platform', parent: acme, visibility: 'public' });
    lab = await t.buildGroup({ path: 'lab', parent: acme, visibility: 'private' });
    secret = await t.buildGroup({ path: 'secret', visibility: 'private' });
    await t.addGroupMember(acme, owner, 50);
    await t.addGroupMember(acme, developer, 30);
    await t.addGroupMember(platform, subMember, 30);
    await t.buildProject({ group: acme, path: 'website' });
    await t.buildProject({ group: platform, path: 'api' });
    for (const n of [1, 2, 3]) await t.buildGroup({ path: `zeta-${n}`, visibility: 'public' });
  });

  describe('GET /groups', () => {
    it('shows signed-out visitors the public groups only', async () => {
      const res = await api('GET', '/groups?per_page=100');
      expect(res.statusCode).toBe(200);
      const list = paths(res.json());
      expect(list).toEqual(['acme', 'acme/platform', 'zeta-1', 'zeta-2', 'zeta-3']);
      expect(res.headers['x-total']).toBe('5');
    });

    it('shows a signed-in user the groups they belong to, with ancestors and descendants (GitLab default)', async () => {
      expect(paths((await api('GET', '/groups', developer)).json())).toEqual(['acme', 'acme/lab', 'acme/platform']);
      expect(paths((await api('GET', '/groups', subMember)).json())).toEqual(['acme', 'acme/platform']);
      expect((await api('GET', '/groups', outsider)).json()).toEqual([]);
    });

    it('shows every visible group with all_available=true, and everything to an administrator', async () => {
      const res = await api('GET', '/groups?all_available=true&per_page=100', outsider);
      expect(paths(res.json())).toEqual(['acme', 'acme/platform', 'zeta-1', 'zeta-2', 'zeta-3']);
      const all = paths((await api('GET', '/groups?per_page=100', admin)).json());
      expect(all).toContain('secret');
      expect(all).toContain('acme/lab');
    });

    it('filters by top_level_only, owned and min_access_level', async () => {
      expect(paths((await api('GET', '/groups?top_level_only=true', developer)).json())).toEqual(['acme']);
      expect(paths((await api('GET', '/groups?owned=true', owner)).json())).toEqual([
        'acme',
        'acme/lab',
        'acme/platform',
      ]);
      expect((await api('GET', '/groups?owned=true', developer)).json()).toEqual([]);
      expect((await api('GET', '/groups?min_access_level=40', developer)).json()).toEqual([]);
      expect(paths((await api('GET', '/groups?min_access_level=30', subMember)).json())).toEqual(['acme/platform']);
    });

    it('paginates with headers and Link URLs that repeat every query parameter', async () => {
      const res = await api('GET', '/groups?search=zeta&per_page=1&page=2');
      expect(res.statusCode).toBe(200);
      expect(paths(res.json())).toEqual(['zeta-2']);
      expect(res.headers).toMatchObject({
        'x-total': '3',
        'x-total-pages': '3',
        'x-page': '2',
        'x-per-page': '1',
        'x-next-page': '3',
        'x-prev-page': '1',
      });
      const url = (page: number) => `${TEST_BASE_URL}/api/v4/groups?page=${page}&per_page=1&search=zeta`;
      expect(res.headers.link).toBe(
        `<${url(1)}>; rel="prev", <${url(3)}>; rel="next", <${url(1)}>; rel="first", <${url(3)}>; rel="last"`,
      );
    });

    it('caps per_page at 100 and refuses per_page=0, per_page=abc and page=0 as Grape does', async () => {
      expect((await api('GET', '/groups?per_page=500')).headers['x-per-page']).toBe('100');
      const zero = await api('GET', '/groups?per_page=0');
      expect(zero.statusCode).toBe(400);
      expect(zero.json()).toEqual({ error: 'per_page has a value not allowed' });
      const abc = await api('GET', '/groups?per_page=abc');
      expect(abc.statusCode).toBe(400);
      expect(abc.json()).toEqual({ error: 'per_page is invalid' });
      expect((await api('GET', '/groups?page=0')).json()).toEqual({ error: 'page does not have a valid value' });
      const level = await api('GET', '/groups?min_access_level=35', owner);
      expect(level.statusCode).toBe(400);
      expect(level.json()).toEqual({ error: 'min_access_level does not have a valid value' });
      expect((await api('GET', '/groups?owned=maybe')).json()).toEqual({ error: 'owned is invalid' });
    });
  });

  describe('GET /groups/:id', () => {
    it('finds a group by numeric id or URL-encoded full path, with its projects', async () => {
      const byId = await api('GET', `/groups/${platform.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        id: platform.id,
        name: 'Platform',
        path: 'platform',
        full_name: 'Acme / Platform',
        full_path: 'acme/platform',
        parent_id: acme.id,
        visibility: 'public',
        description: '',
        web_url: `${TEST_BASE_URL}/groups/acme/platform`,
        avatar_url: null,
        projects: [{ path_with_namespace: 'acme/platform/api', name_with_namespace: 'Acme / Platform / api' }],
        shared_projects: [],
      });
      expect((byId.json() as Json).created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const byPath = await api('GET', '/groups/acme%2Fplatform');
      expect(byPath.json()).toEqual(byId.json());
      const without = (await api('GET', `/groups/${platform.id}?with_projects=false`)).json() as Json;
      expect(without.projects).toBeUndefined();
    });

    it('answers a hidden group exactly as a missing one', async () => {
      const bodies = await Promise.all(
        [
          `/groups/${lab.id}`,
          '/groups/acme%2Flab',
          `/groups/${secret.id}`,
          '/groups/999999',
          '/groups/acme%2Fnope',
        ].map(async (url) => {
          const res = await api('GET', url, outsider);
          return { status: res.statusCode, body: res.body, type: res.headers['content-type'] };
        }),
      );
      for (const b of bodies) expect(b).toEqual(bodies[3]);
      expect(bodies[3]?.status).toBe(404);
      expect(JSON.parse(bodies[3]?.body ?? '')).toEqual({ message: '404 Group Not Found' });
      expect((await api('GET', `/groups/${lab.id}`, developer)).statusCode).toBe(200);
    });

    it('never fails on a malformed id', async () => {
      const res = await api('GET', '/groups/%25E0%25A4');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: '404 Group Not Found' });
    });
  });

  describe('subgroups, descendant groups and projects', () => {
    it('lists direct subgroups the user may see', async () => {
      expect(paths((await api('GET', '/groups/acme/subgroups')).json())).toEqual(['acme/platform']);
      expect(paths((await api('GET', `/groups/${acme.id}/subgroups`, owner)).json())).toEqual([
        'acme/lab',
        'acme/platform',
      ]);
    });

    it('lists all descendants', async () => {
      const deep = await t.buildGroup({ path: 'deep', parent: platform, visibility: 'public' });
      const res = await api('GET', '/groups/acme/descendant_groups', owner);
      expect(paths(res.json())).toEqual(['acme/lab', 'acme/platform', 'acme/platform/deep']);
      expect(res.headers['x-total']).toBe('3');
      await api('DELETE', `/groups/${deep.id}`, admin);
    });

    it('lists projects, with subgroups on request, paginated', async () => {
      const direct = await api('GET', '/groups/acme/projects');
      expect((direct.json() as Json[]).map((p) => p.path_with_namespace)).toEqual(['acme/website']);
      const all = await api('GET', '/groups/acme/projects?include_subgroups=true&per_page=1&page=1');
      expect(all.headers['x-total']).toBe('2');
      expect(all.headers.link).toContain('include_subgroups=true&page=2&per_page=1');
      const simple = (await api('GET', '/groups/acme/projects?simple=true', owner)).json() as Json[];
      expect(simple[0]).toMatchObject({ path_with_namespace: 'acme/website', namespace: { kind: 'group' } });
      expect(simple[0]?._links).toBeUndefined();
    });

    it('hides the lists of a hidden group as if it were missing', async () => {
      const res = await api('GET', `/groups/${lab.id}/subgroups`, outsider);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: '404 Group Not Found' });
    });
  });

  describe('POST /groups', () => {
    it('creates a group, its creator becoming its owner', async () => {
      const res = await api('POST', '/groups', outsider, { name: 'Beta', path: 'beta', description: 'B' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Beta',
        path: 'beta',
        full_path: 'beta',
        description: 'B',
        visibility: 'private',
        parent_id: null,
        projects: [],
      });
      const beta = res.json() as { id: number };
      const members = await api('GET', `/groups/${beta.id}/members`, outsider);
      expect(members.json()).toMatchObject([{ id: outsider.id, access_level: 50 }]);
    });

    it('creates a subgroup from form parameters', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v4/groups',
        as: owner,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `name=Tools&path=tools&parent_id=${acme.id}&visibility=internal`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ full_path: 'acme/tools', parent_id: acme.id, visibility: 'internal' });
    });

    it('refuses missing and invalid parameters as Grape does', async () => {
      const missing = await api('POST', '/groups', owner, { description: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: 'name is missing, path is missing' });
      const vis = await api('POST', '/groups', owner, { name: 'X', path: 'x-vis', visibility: 'secret' });
      expect(vis.statusCode).toBe(400);
      expect(vis.json()).toEqual({ error: 'visibility does not have a valid value' });
      const parent = await api('POST', '/groups', owner, { name: 'X', path: 'x-p', parent_id: 'abc' });
      expect(parent.json()).toEqual({ error: 'parent_id is invalid' });
      const blank = await api('POST', '/groups', owner, { name: '', path: 'x-blank' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: { name: ["can't be blank"] } });
    });

    it('refuses a duplicate path with 409 and a child more visible than its parent with 400', async () => {
      const dup = await api('POST', '/groups', owner, { name: 'Platform', path: 'platform', parent_id: acme.id });
      expect(dup.statusCode).toBe(409);
      expect((dup.json() as Json).message).toContain('has already been taken');
      const child = await api('POST', '/groups', owner, {
        name: 'Open',
        path: 'open',
        parent_id: lab.id,
        visibility: 'public',
      });
      expect(child.statusCode).toBe(400);
      expect(child.json()).toEqual({
        message: { visibility_level: ['public is not allowed since the parent group has a private visibility.'] },
      });
    });

    it('needs a signed-in user with the api scope and the right role', async () => {
      const anon = await api('POST', '/groups', null, { name: 'A', path: 'anon' });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: '401 Unauthorized' });
      const readOnly = await t.request({
        method: 'POST',
        url: '/api/v4/groups',
        as: owner,
        scopes: ['read_api'],
        payload: { name: 'R', path: 'read-only' },
      });
      expect(readOnly.statusCode).toBe(403);
      const sub = await api('POST', '/groups', developer, { name: 'S', path: 'dev-sub', parent_id: acme.id });
      expect(sub.statusCode).toBe(403);
      const hidden = await api('POST', '/groups', outsider, { name: 'S', path: 'x-sub', parent_id: lab.id });
      expect(hidden.statusCode).toBe(404);
    });
  });

  describe('PUT /groups/:id', () => {
    it('renames a group, moving the full paths of its descendants and their projects', async () => {
      const top = await t.buildGroup({ path: 'move-me', owner });
      const child = await t.buildGroup({ path: 'child', parent: top, owner });
      await t.buildProject({ group: child, path: 'app', visibility: 'private' });
      const res = await api('PUT', '/groups/move-me', owner, { path: 'moved', name: 'Moved', description: 'new' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ path: 'moved', full_path: 'moved', name: 'Moved', description: 'new' });
      expect((await api('GET', `/groups/${child.id}`, owner)).json()).toMatchObject({
        full_path: 'moved/child',
        full_name: 'Moved / child',
        projects: [{ path_with_namespace: 'moved/child/app' }],
      });
      expect((await api('GET', '/groups/moved%2Fchild', owner)).statusCode).toBe(200);
      expect((await api('GET', '/groups/move-me%2Fchild', owner)).statusCode).toBe(404);
    });

    it('refuses a taken path, a bad visibility, and visibility above the parent', async () => {
      expect((await api('PUT', `/groups/${lab.id}`, owner, { path: 'platform' })).statusCode).toBe(409);
      expect((await api('PUT', `/groups/${lab.id}`, owner, { visibility: 'everyone' })).json()).toEqual({
        error: 'visibility does not have a valid value',
      });
      const priv = await t.buildGroup({ path: 'priv-parent', visibility: 'private', owner });
      const kid = await t.buildGroup({ path: 'kid', parent: priv, visibility: 'private', owner });
      const res = await api('PUT', `/groups/${kid.id}`, owner, { visibility: 'internal' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: { visibility_level: ['internal is not allowed since the parent group has a private visibility.'] },
      });
    });

    it('is for owners: 403 for a developer, 404 for a hidden group, 401 signed out', async () => {
      expect((await api('PUT', `/groups/${acme.id}`, developer, { name: 'Nope' })).statusCode).toBe(403);
      const hidden = await api('PUT', `/groups/${lab.id}`, outsider, { name: 'Nope' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
      expect((await api('PUT', `/groups/${acme.id}`, null, { name: 'Nope' })).statusCode).toBe(401);
    });
  });

  describe('DELETE /groups/:id', () => {
    it('answers 202 Accepted as GitLab, after which the group is gone', async () => {
      const doomed = await t.buildGroup({ path: 'doomed', owner });
      expect((await api('DELETE', `/groups/${doomed.id}`, developer)).statusCode).toBe(403);
      const res = await api('DELETE', '/groups/doomed', owner);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: '202 Accepted' });
      expect((await api('GET', `/groups/${doomed.id}`, owner)).statusCode).toBe(404);
    });

    it('is refused to a developer and to a read_api token', async () => {
      expect((await api('DELETE', `/groups/${acme.id}`, developer)).statusCode).toBe(403);
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v4/groups/${acme.id}`,
        as: owner,
        scopes: ['read_api'],
      });
      expect(res.statusCode).toBe(403);
    });
  });

  it('answers unknown API routes with GitLab’s 404', async () => {
    const res = await api('GET', '/groups/acme/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: '404 Not Found' });
  });
});
