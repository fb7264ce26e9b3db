import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from './projects.service.ts';

type Json = Record<string, unknown>;

describe('REST /projects', () => {
  let t: TestApp;
  let maintainer: UserRow;
  let developer: UserRow;
  let projectMember: UserRow;
  let outsider: UserRow;
  let acme: GroupRow;
  let lab: GroupRow;
  let website: ProjectWithGroup;
  let hidden: ProjectWithGroup;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as?: UserRow | null, payload?: Json) =>
    t.request({ method, url: `/api/v4${url}`, as, payload });
  const paths = (body: unknown) => (body as { path_with_namespace: string }[]).map((p) => p.path_with_namespace).sort();

  beforeAll(async () => {
    t = await createTestApp();
    [maintainer, developer, projectMember, outsider] = await Promise.all([
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
      t.buildUser(),
    ]);
    acme = await t.buildGroup({ path: 'acme', name: 'Acme', visibility: 'public' });
    lab = await t.buildGroup({ path: 'lab', name: 'Lab', parent: acme, visibility: 'private' });
    await t.addGroupMember(acme, maintainer, 40);
    await t.addGroupMember(acme, developer, 30);
    website = await t.buildProject({ group: acme, path: 'website', name: 'Website', visibility: 'public' });
    hidden = await t.buildProject({ group: lab, path: 'secret', visibility: 'private' });
    await t.buildProject({ group: acme, path: 'intranet', visibility: 'internal' });
    await t.addProjectMember(hidden, projectMember, 30);
  });

  describe('GET /projects', () => {
    it('lists visible projects: public signed out (simple entity), internal too when signed in', async () => {
      const anon = await api('GET', '/projects');
      expect(anon.statusCode).toBe(200);
      expect(paths(anon.json())).toEqual(['acme/website']);
      expect((anon.json() as Json[])[0]?._links).toBeUndefined();
      expect(paths((await api('GET', '/projects', outsider)).json())).toEqual(['acme/intranet', 'acme/website']);
      expect(paths((await api('GET', '/projects', projectMember)).json())).toEqual([
        'acme/intranet',
        'acme/lab/secret',
        'acme/website',
      ]);
    });

    it('filters by membership and search, and paginates with Link URLs repeating the filters', async () => {
      expect(paths((await api('GET', '/projects?membership=true', projectMember)).json())).toEqual(['acme/lab/secret']);
      expect((await api('GET', '/projects?membership=true', outsider)).json()).toEqual([]);
      const res = await api('GET', '/projects?search=e&membership=true&per_page=1&page=2', maintainer);
      expect(res.headers).toMatchObject({ 'x-total': '3', 'x-page': '2', 'x-next-page': '3', 'x-prev-page': '1' });
      const url = (page: number) => `${TEST_BASE_URL}/api/v4/projects?membership=true&page=${page}&per_page=1&search=e`;
      expect(res.headers.link).toBe(
        `<${url(1)}>; rel="prev", <${url(3)}>; rel="next", <${url(1)}>; rel="first", <${url(3)}>; rel="last"`,
      );
    });

    it('returns the simple entity on request', async () => {
      const [first] = (await api('GET', '/projects?simple=true&search=website', outsider)).json() as Json[];
      expect(first).toMatchObject({ id: website.project.id, name_with_namespace: 'Acme / Website' });
      expect(first?.archived).toBeUndefined();
    });

    it('refuses bad pagination parameters', async () => {
      expect((await api('GET', '/projects?per_page=0')).json()).toEqual({ error: 'per_page has a value not allowed' });
      expect((await api('GET', '/projects?per_page=abc')).statusCode).toBe(400);
      expect((await api('GET', '/projects?membership=perhaps')).json()).toEqual({ error: 'membership is invalid' });
    });
  });

  describe('GET /projects/:id', () => {
    it('finds a project by id or URL-encoded path, in GitLab’s shape', async () => {
      const res = await api('GET', `/projects/${website.project.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: website.project.id,
        name: 'Website',
        name_with_namespace: 'Acme / Website',
        path: 'website',
        path_with_namespace: 'acme/website',
        description: '',
        visibility: 'public',
        web_url: `${TEST_BASE_URL}/acme/website`,
        namespace: {
          id: acme.id,
          name: 'Acme',
          path: 'acme',
          kind: 'group',
          full_path: 'acme',
          parent_id: null,
          web_url: `${TEST_BASE_URL}/groups/acme`,
        },
      });
      const body = res.json() as Json;
      expect(body.created_at).toMatch(/^\d{4}-/);
      expect(body.last_activity_at).toMatch(/^\d{4}-/);
      expect((await api('GET', '/projects/acme%2Fwebsite')).json()).toEqual(body);
    });

    it('answers a hidden project exactly as a missing one', async () => {
      const responses = await Promise.all(
        [
          `/projects/${hidden.project.id}`,
          '/projects/acme%2Flab%2Fsecret',
          '/projects/424242',
          '/projects/acme%2Fnope',
        ].map((url) => api('GET', url, outsider)),
      );
      for (const res of responses) {
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe('{"message":"404 Project Not Found"}');
      }
      expect((await api('GET', '/projects/acme%2Flab%2Fsecret', projectMember)).statusCode).toBe(200);
    });
  });

  describe('POST /projects', () => {
    it('creates a project, its path taken from the name as GitLab does', async () => {
      const res = await api('POST', '/projects', maintainer, {
        name: 'Mobile App',
        namespace_id: acme.id,
        description: 'iOS and Android',
        visibility: 'internal',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Mobile App',
        path: 'mobile-app',
        path_with_namespace: 'acme/mobile-app',
        description: 'iOS and Android',
        visibility: 'internal',
        namespace: { id: acme.id },
      });
      const byPath = await api('POST', '/projects', maintainer, { path: 'docs', namespace_id: String(acme.id) });
      expect(byPath.json()).toMatchObject({ name: 'docs', path: 'docs', visibility: 'private' });
    });

    it('refuses missing, invalid and duplicate parameters', async () => {
      const none = await api('POST', '/projects', maintainer, { namespace_id: acme.id });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ error: 'name, path are missing, at least one parameter must be provided' });
      const vis = await api('POST', '/projects', maintainer, { name: 'V', namespace_id: acme.id, visibility: 'x' });
      expect(vis.json()).toEqual({ error: 'visibility does not have a valid value' });
      const ns = await api('POST', '/projects', maintainer, { name: 'V', namespace_id: 'acme' });
      expect(ns.json()).toEqual({ error: 'namespace_id is invalid' });
      const dup = await api('POST', '/projects', maintainer, {
        name: 'Website',
        path: 'website',
        namespace_id: acme.id,
      });
      expect(dup.statusCode).toBe(409);
      const above = await api('POST', '/projects', maintainer, {
        name: 'P',
        namespace_id: lab.id,
        visibility: 'public',
      });
      expect(above.statusCode).toBe(400);
      expect((above.json() as { message: Json }).message).toHaveProperty('visibility_level');
    });

    it('needs a maintainer with an api-scoped token', async () => {
      expect((await api('POST', '/projects', null, { name: 'A', namespace_id: acme.id })).statusCode).toBe(401);
      const readOnly = await t.request({
        method: 'POST',
        url: '/api/v4/projects',
        as: maintainer,
        scopes: ['read_api'],
        payload: { name: 'R', namespace_id: acme.id },
      });
      expect(readOnly.statusCode).toBe(403);
      expect((await api('POST', '/projects', developer, { name: 'D', namespace_id: acme.id })).statusCode).toBe(403);
      const hiddenNs = await api('POST', '/projects', outsider, { name: 'H', namespace_id: lab.id });
      expect(hiddenNs.statusCode).toBe(404);
    });
  });

  describe('PUT and DELETE /projects/:id', () => {
    it('updates a project (maintainers), renaming its path', async () => {
      const p = await t.buildProject({ group: acme, path: 'old-name' });
      const res = await api('PUT', '/projects/acme%2Fold-name', maintainer, { name: 'New', path: 'new-name' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: p.project.id, name: 'New', path_with_namespace: 'acme/new-name' });
      expect((await api('GET', '/projects/acme%2Fnew-name')).statusCode).toBe(200);
      expect((await api('PUT', `/projects/${p.project.id}`, developer, { name: 'No' })).statusCode).toBe(403);
      expect((await api('PUT', `/projects/${p.project.id}`, maintainer, { visibility: 'nope' })).statusCode).toBe(400);
      expect((await api('PUT', `/projects/${hidden.project.id}`, outsider, { name: 'No' })).json()).toEqual({
        message: '404 Project Not Found',
      });
    });

    it('deletes a project with 202 Accepted (owners only)', async () => {
      const p = await t.buildProject({ group: acme, path: 'doomed' });
      expect((await api('DELETE', `/projects/${p.project.id}`, maintainer)).statusCode).toBe(403);
      const owner = await t.buildUser();
      await t.addGroupMember(acme, owner, 50);
      const res = await api('DELETE', `/projects/${p.project.id}`, owner);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: '202 Accepted' });
      expect((await api('GET', `/projects/${p.project.id}`, owner)).statusCode).toBe(404);
    });
  });
});
