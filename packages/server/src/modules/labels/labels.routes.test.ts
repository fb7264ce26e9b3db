import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildWorld, type World } from './labels.world.ts';

type Label = { id: number; name: string; [k: string]: unknown };

describe('labels over REST v4 and the UI JSON', () => {
  let t: TestApp;
  let w: World;
  const enc = (path: string) => encodeURIComponent(path);

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
  });

  const get = (url: string, as: UserRow | null = w.owner) => t.request({ method: 'GET', url, as });
  const names = (body: Label[]) => body.map((l) => l.name);

  it('lists a group’s labels with its ancestors’ by default, paginated with GitLab’s headers', async () => {
    const res = await get(`/api/v4/groups/${enc(w.platform.fullPath)}/labels?per_page=2`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['bug', 'frontend']);
    expect(res.headers['x-total']).toBe('3');
    expect(res.headers['x-next-page']).toBe('2');
    expect(res.headers.link).toContain('per_page=2');
    const own = await get(`/api/v4/groups/${w.platform.id}/labels?include_ancestor_groups=false`);
    expect(names(own.json())).toEqual(['frontend']);
  });

  it('shapes GitLab’s label entity', async () => {
    const res = await get(`/api/v4/groups/${enc(w.acme.fullPath)}/labels?search=bug`);
    expect(res.json()).toEqual([
      {
        id: w.labels.bug.id,
        name: 'bug',
        description: 'Something is **broken**',
        description_html: '<p>Something is <strong>broken</strong></p>\n',
        text_color: '#FFFFFF',
        color: '#d9534f',
        subscribed: false,
        priority: null,
        is_project_label: false,
      },
    ]);
  });

  it.each([
    ['descendants without projects', 'include_descendant_groups=true', ['bug', 'frontend', 'priority::high']],
    [
      'descendants with projects',
      'include_descendant_groups=true&only_group_labels=false',
      ['bug', 'frontend', 'priority::high', 'web-only'],
    ],
    ['a literal %', 'search=100%25', []],
    ['a literal _', 'search=_', []],
  ])('lists with %s, never showing hidden groups’ or projects’ labels', async (_n, query, expected) => {
    for (const as of [w.outsider, null]) {
      expect(names((await get(`/api/v4/groups/${w.acme.id}/labels?${query}`, as)).json())).toEqual(expected);
    }
  });

  it('refuses bad parameters as Grape does', async () => {
    const res = await get(`/api/v4/groups/${w.acme.id}/labels?include_ancestor_groups=maybe`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'include_ancestor_groups is invalid' });
  });

  it('counts only the issues the viewer may read with with_counts', async () => {
    const res = await get(`/api/v4/groups/${w.acme.id}/labels?with_counts=true`, w.outsider);
    expect(res.json<Label[]>()[0]).toMatchObject({ open_issues_count: 0, closed_issues_count: 0 });
  });

  it('hides private groups and projects exactly like missing ones', async () => {
    const hidden = await get(`/api/v4/groups/${enc(w.lab.fullPath)}/labels`, w.outsider);
    const missing = await get(`/api/v4/groups/${enc('acme-nope/x')}/labels`, w.outsider);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(hidden.json()).toEqual({ message: '404 Group Not Found' });
    const project = await get(`/api/v4/projects/${w.proto.project.id}/labels`, w.outsider);
    expect(project.json()).toEqual({ message: '404 Project Not Found' });
    expect(names((await get(`/api/v4/projects/${w.proto.project.id}/labels`, w.labMember)).json())).toContain(
      'proto-secret',
    );
  });

  it('finds one label by id or by (encoded) name, ancestors included unless asked not to', async () => {
    const base = `/api/v4/groups/${enc(w.platform.fullPath)}/labels`;
    expect((await get(`${base}/${enc('priority::high')}`)).json()).toMatchObject({ id: w.labels.high.id });
    expect((await get(`${base}/${w.labels.frontend.id}`)).json()).toMatchObject({ name: 'frontend' });
    const own = await get(`${base}/bug?include_ancestor_groups=false`);
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual({ message: '404 Label Not Found' });
    expect((await get(`${base}/secret`)).json()).toEqual({ message: '404 Label Not Found' });
  });

  describe('writes', () => {
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as: UserRow | null = w.reporter) =>
      t.request({ method, url, payload, as });

    it('creates, renames, recolours and deletes a group label', async () => {
      const base = `/api/v4/groups/${w.acme.id}/labels`;
      const created = await send('POST', base, { name: 'workflow::doing', color: '#0033CC', description: 'Now' });
      expect(created.statusCode).toBe(201);
      const label = created.json<Label>();
      expect(label).toMatchObject({ name: 'workflow::doing', color: '#0033CC', text_color: '#FFFFFF' });
      const renamed = await send('PUT', `${base}/${enc('workflow::doing')}`, {
        new_name: 'workflow::wip',
        color: 'gold',
      });
      expect(renamed.json()).toMatchObject({
        id: label.id,
        name: 'workflow::wip',
        color: '#ffd700',
        text_color: '#333333',
      });
      const deleted = await send('DELETE', `${base}/${label.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await get(`${base}/${label.id}`)).statusCode).toBe(404);
    });

    it('creates project labels; the same title may exist in the group', async () => {
      const res = await send('POST', `/api/v4/projects/${enc(w.web.project.fullPath)}/labels`, {
        name: 'bug',
        color: '#123456',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'bug', is_project_label: true });
    });

    it.each([
      ['missing parameters', {}, 400, { error: 'name is missing, color is missing' }],
      ['a duplicate title', { name: 'bug', color: '#123456' }, 409, { message: 'Label already exists' }],
      ['a short hex colour', { name: 'x', color: '#abc' }, 400, { message: { color: ['must be a valid color code'] } }],
      [
        'a malformed rgb() colour',
        { name: 'x', color: 'rgb(1,2)' },
        400,
        { message: { color: ['must be a valid color code'] } },
      ],
      [
        'an over-long title',
        { name: 'x'.repeat(256), color: '#123456' },
        400,
        {
          message: { title: ['is too long (maximum is 255 characters)'] },
        },
      ],
      [
        'a description over 1 MB',
        { name: 'x', color: '#123456', description: 'x'.repeat(1_000_001) },
        400,
        { message: { description: ['is too long (maximum is 1000000 characters)'] } },
      ],
    ])('refuses %s and writes nothing', async (_n, payload, status, body) => {
      const before = (await get(`/api/v4/groups/${w.acme.id}/labels?include_ancestor_groups=false`)).headers['x-total'];
      const res = await send('POST', `/api/v4/groups/${w.acme.id}/labels`, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
      expect((await get(`/api/v4/groups/${w.acme.id}/labels?include_ancestor_groups=false`)).headers['x-total']).toBe(
        before,
      );
    });

    it('refuses renaming onto an existing title and updates without any change', async () => {
      const base = `/api/v4/groups/${w.acme.id}/labels`;
      expect((await send('PUT', `${base}/bug`, { new_name: 'priority::high' })).json()).toEqual({
        message: 'Label already exists',
      });
      const none = await send('PUT', `${base}/bug`, {});
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({
        error: 'new_name, color, description, priority are missing, at least one parameter must be provided',
      });
      // an ancestor's label is not the subgroup's to change
      expect((await send('PUT', `/api/v4/groups/${w.platform.id}/labels/bug`, { color: '#000000' })).statusCode).toBe(
        404,
      );
    });

    it('supports the deprecated PUT and DELETE with name or label_id', async () => {
      const base = `/api/v4/groups/${w.acme.id}/labels`;
      const label = (await send('POST', base, { name: 'old-style', color: '#aaaaaa' })).json<Label>();
      expect((await send('PUT', base, { name: 'old-style', new_name: 'older-style' })).json()).toMatchObject({
        id: label.id,
      });
      expect((await send('DELETE', base, { label_id: label.id })).statusCode).toBe(204);
      expect((await send('DELETE', base, {})).json()).toEqual({
        error: 'label_id, name are missing, exactly one parameter must be provided',
      });
    });

    it.each([
      ['a guest', 'guest', 403, { message: '403 Forbidden' }],
      ['a signed-out visitor', null, 401, { message: '401 Unauthorized' }],
    ])('refuses %s', async (_n, who, status, body) => {
      const as = who ? w[who as 'guest'] : null;
      const res = await send('POST', `/api/v4/groups/${w.acme.id}/labels`, { name: 'nope', color: '#123456' }, as);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    });
  });

  describe('UI JSON', () => {
    it('lists group labels with only_group_labels / include_descendant_groups / search', async () => {
      const url = `/groups/${w.platform.fullPath}/-/labels.json`;
      const all = await get(`${url}?include_ancestor_groups=true`);
      expect(all.json()).toEqual(
        expect.arrayContaining([
          {
            id: w.labels.bug.id,
            title: 'bug',
            color: '#d9534f',
            text_color: '#FFFFFF',
            description: 'Something is **broken**',
          },
          expect.objectContaining({ title: 'web-only', project_id: w.web.project.id }),
        ]),
      );
      const groupOnly = await get(`${url}?only_group_labels=true&search=PRIOR`);
      expect(groupOnly.json<{ title: string }[]>().map((l) => l.title)).toEqual(['priority::high']);
      const deep = await get(
        `/groups/${w.acme.fullPath}/-/labels.json?only_group_labels=true&include_descendant_groups=true`,
        w.outsider,
      );
      expect(deep.json<{ title: string }[]>().map((l) => l.title)).toEqual(['bug', 'frontend', 'priority::high']);
    });

    it('lists a project’s labels with every ancestor group’s', async () => {
      const res = await get(`/${w.web.project.fullPath}/-/labels.json?search=`);
      expect(res.json<{ title: string }[]>().map((l) => l.title)).toEqual([
        'bug',
        'bug',
        'frontend',
        'priority::high',
        'web-only',
      ]);
    });

    it('creates labels from {label: {...}} and answers 400 with the model messages', async () => {
      const res = await t.request({
        method: 'POST',
        url: `/groups/${w.platform.fullPath}/-/labels.json`,
        payload: { label: { title: 'ui-made', color: '#aa0000', description: 'From the picker' } },
        as: w.reporter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'ui-made', color: '#aa0000', text_color: '#FFFFFF' });
      const again = await t.request({
        method: 'POST',
        url: `/${w.web.project.fullPath}/-/labels.json`,
        payload: { label: { title: 'web-only', color: '#aa0000' } },
        as: w.reporter,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: { title: ['has already been taken'] } });
    });

    it('answers 404 for hidden groups', async () => {
      const res = await get(`/groups/${w.lab.fullPath}/-/labels.json`, w.outsider);
      expect(res.statusCode).toBe(404);
    });
  });
});
