import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import type { MilestoneChange } from './milestones.service.ts';
import { buildMilestoneWorld, type MilestoneWorld } from './milestones.world.ts';

type Milestone = { id: number; iid: number; title: string; [k: string]: unknown };

describe('milestones over REST v4 and the UI JSON', () => {
  let t: TestApp;
  let w: MilestoneWorld;
  const changes: MilestoneChange[] = [];
  const enc = (path: string) => encodeURIComponent(path);

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildMilestoneWorld(t);
    t.services.milestones.onDatesChanged(async (_tx, change) => {
      changes.push(change);
    });
  });

  const get = (url: string, as: UserRow | null = w.owner) => t.request({ method: 'GET', url, as });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as: UserRow | null = w.reporter) =>
    t.request({ method, url, payload, as });
  const titles = (body: Milestone[]) => body.map((m) => m.title);

  it('lists a group’s milestones with GitLab’s entity and pagination headers', async () => {
    const res = await get(`/api/v4/groups/${enc(w.acme.fullPath)}/milestones?per_page=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total']).toBe('5');
    const [first] = res.json<Milestone[]>();
    expect(first).toEqual({
      id: w.m.closed.id,
      iid: w.m.closed.iid,
      group_id: w.acme.id,
      title: 'Acme 100% done',
      description: null,
      state: 'closed',
      created_at: w.m.closed.createdAt.toISOString(),
      updated_at: expect.any(String),
      due_date: '2023-06-30',
      start_date: '2023-01-01',
      expired: true,
      web_url: `${TEST_BASE_URL}/groups/${w.acme.fullPath}/-/milestones/${w.m.closed.iid}`,
    });
  });

  it.each([
    ['state=active', ['Acme Q1', 'Past', 'Future', 'Acme open']],
    ['state=closed', ['Acme 100% done']],
    ['iids[]=1&iids[]=2', ['Acme Q1', 'Acme open']],
    ['title=Future', ['Future']],
    ['search=dates%20yet', ['Acme open']],
    ['search=100%25', ['Acme 100% done']],
    ['search=_', []],
  ])('filters with %s', async (query, expected) => {
    expect(titles((await get(`/api/v4/groups/${w.acme.id}/milestones?${query}`)).json())).toEqual(expected);
  });

  it('includes parent milestones on request and projects’ with their groups’', async () => {
    const platform = await get(
      `/api/v4/groups/${w.platform.id}/milestones?include_parent_milestones=true&state=active`,
    );
    expect(titles(platform.json())).toEqual(['Platform R1', 'Acme Q1', 'Past', 'Future', 'Acme open']);
    const web = await get(
      `/api/v4/projects/${enc(w.web.project.fullPath)}/milestones?include_ancestors=true&state=active`,
    );
    expect(titles(web.json())).toEqual(['Platform R1', 'Acme Q1', 'Web 1.0', 'Past', 'Future', 'Acme open']);
    expect(web.json<Milestone[]>()[2]).toMatchObject({
      project_id: w.web.project.id,
      web_url: expect.stringContaining(`/${w.web.project.fullPath}/-/milestones/1`),
    });
  });

  it.each([
    ['state=opened', { error: 'state does not have a valid value' }],
    ['iids[]=x', { error: 'iids is invalid' }],
    ['updated_after=yesterday', { error: 'updated_after is invalid' }],
  ])('refuses %s with 400', async (query, body) => {
    const res = await get(`/api/v4/groups/${w.acme.id}/milestones?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });

  it('hides private containers and other containers’ milestones like missing ones', async () => {
    const hidden = await get(`/api/v4/groups/${w.lab.id}/milestones`, w.outsider);
    const missing = await get('/api/v4/groups/99999999/milestones', w.outsider);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect((await get(`/api/v4/groups/${w.lab.id}/milestones/${w.m.lab.id}`, w.outsider)).json()).toEqual({
      message: '404 Group Not Found',
    });
    const elsewhere = await get(`/api/v4/groups/${w.platform.id}/milestones/${w.m.q1.id}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: '404 Milestone Not Found' });
    expect((await get(`/api/v4/groups/${w.acme.id}/milestones/${w.m.q1.id}`)).json()).toMatchObject({
      title: 'Acme Q1',
    });
    expect((await get(`/api/v4/groups/${w.acme.id}/milestones/abc`)).json()).toEqual({
      error: 'milestone_id is invalid',
    });
  });

  describe('writes', () => {
    it('creates with an iid per container, updates, closes, reopens and deletes', async () => {
      const base = `/api/v4/groups/${w.platform.id}/milestones`;
      const created = await send('POST', base, { title: 'R2', start_date: '2027-01-01', due_date: '2027-02-28' });
      expect(created.statusCode).toBe(201);
      const m = created.json<Milestone>();
      expect(m).toMatchObject({
        iid: 2,
        group_id: w.platform.id,
        state: 'active',
        expired: false,
        start_date: '2027-01-01',
      });
      const project = await send('POST', `/api/v4/projects/${w.web.project.id}/milestones`, { title: 'R2' });
      expect(project.json()).toMatchObject({ iid: 2, project_id: w.web.project.id, start_date: null, due_date: null });

      changes.length = 0;
      const moved = await send('PUT', `${base}/${m.id}`, { due_date: '2027-03-31', description: 'Later' });
      expect(moved.json()).toMatchObject({ due_date: '2027-03-31', description: 'Later' });
      expect(changes).toEqual([{ milestoneIds: [m.id], detachedIssueIds: [] }]);
      expect((await send('PUT', `${base}/${m.id}`, { state_event: 'close' })).json()).toMatchObject({
        state: 'closed',
      });
      expect((await send('PUT', `${base}/${m.id}`, { state_event: 'activate' })).json()).toMatchObject({
        state: 'active',
      });
      expect(changes).toHaveLength(1);

      const deleted = await send('DELETE', `${base}/${m.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(changes[1]).toEqual({ milestoneIds: [m.id], detachedIssueIds: [] });
      expect((await get(`${base}/${m.id}`)).statusCode).toBe(404);
    });

    it.each([
      ['a missing title', {}, { error: 'title is missing' }],
      [
        'a start after the due date',
        { title: 'x', start_date: '2027-02-01', due_date: '2027-01-31' },
        {
          message: 'Failed to create milestone {:due_date=>["must be greater than start date"]}',
        },
      ],
      [
        'year 0',
        { title: 'x', due_date: '0000-01-01' },
        { message: 'Failed to create milestone {:due_date=>["is invalid"]}' },
      ],
      [
        'year 10000',
        { title: 'x', start_date: '10000-01-01' },
        {
          message: 'Failed to create milestone {:start_date=>["is invalid"]}',
        },
      ],
      [
        'February 30th',
        { title: 'x', start_date: '2027-02-30' },
        {
          message: 'Failed to create milestone {:start_date=>["is invalid"]}',
        },
      ],
      [
        'a date without padding',
        { title: 'x', due_date: '2027-1-5' },
        {
          message: 'Failed to create milestone {:due_date=>["is invalid"]}',
        },
      ],
      [
        'a duplicate title',
        { title: 'Acme Q1' },
        { message: 'Failed to create milestone {:title=>["has already been taken"]}' },
      ],
      [
        'a title over 255 characters',
        { title: 'x'.repeat(256) },
        {
          message: 'Failed to create milestone {:title=>["is too long (maximum is 255 characters)"]}',
        },
      ],
      [
        'a description over 1 MB',
        { title: 'x', description: 'x'.repeat(1_000_001) },
        { message: 'Failed to create milestone {:description=>["is too long (maximum is 1000000 characters)"]}' },
      ],
    ])('refuses %s with 400 naming the field, writing nothing', async (_n, payload, body) => {
      const total = async () => (await get(`/api/v4/groups/${w.acme.id}/milestones`)).headers['x-total'];
      const before = await total();
      const res = await send('POST', `/api/v4/groups/${w.acme.id}/milestones`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
      expect(await total()).toBe(before);
    });

    it.each([
      [
        'no attribute',
        {},
        {
          error:
            'title, description, due_date, start_date, state_event are missing, at least one parameter must be provided',
        },
      ],
      ['an unknown state_event', { state_event: 'reopen' }, { error: 'state_event does not have a valid value' }],
      [
        'a due date before the start date',
        { due_date: '2023-12-31' },
        { message: { due_date: ['must be greater than start date'] } },
      ],
      ['an impossible date', { start_date: '2027-02-29' }, { message: { start_date: ['is invalid'] } }],
    ])('refuses updates with %s and changes nothing', async (_n, payload, body) => {
      const url = `/api/v4/groups/${w.acme.id}/milestones/${w.m.q1.id}`;
      const res = await send('PUT', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
      expect((await get(url)).json()).toMatchObject({
        start_date: '2024-01-01',
        due_date: '2024-03-31',
        state: 'active',
      });
    });

    it.each([
      ['a guest', 'guest', 403, { message: '403 Forbidden' }],
      ['a stranger', 'outsider', 403, { message: '403 Forbidden' }],
      ['a signed-out visitor', null, 401, { message: '401 Unauthorized' }],
    ])('refuses %s', async (_n, who, status, body) => {
      const as = who ? w[who as 'guest'] : null;
      const res = await send('POST', `/api/v4/groups/${w.acme.id}/milestones`, { title: 'nope' }, as);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    });
  });

  describe('UI JSON', () => {
    it('lists a group’s hierarchy milestones, searchable', async () => {
      const res = await get(`/groups/${w.platform.fullPath}/-/milestones.json?search=1`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          id: w.m.closed.id,
          iid: w.m.closed.iid,
          title: 'Acme 100% done',
          state: 'closed',
          start_date: '2023-01-01',
          due_date: '2023-06-30',
          web_url: `${TEST_BASE_URL}/groups/${w.acme.fullPath}/-/milestones/${w.m.closed.iid}`,
        },
        expect.objectContaining({ title: 'Platform R1' }),
        expect.objectContaining({ title: 'Acme Q1' }),
        expect.objectContaining({ title: 'Web 1.0' }),
      ]);
    });

    it('lists a project’s milestones with its groups’, and hides private ones', async () => {
      const res = await get(`/${w.proto.project.fullPath}/-/milestones.json?state=active`, w.labMember);
      expect(res.json<Milestone[]>().map((m) => m.title)).toContain('Proto X');
      expect((await get(`/${w.proto.project.fullPath}/-/milestones.json`, w.outsider)).statusCode).toBe(404);
      const acme = await get(`/groups/${w.acme.fullPath}/-/milestones.json?search=secret`, w.outsider);
      expect(acme.json()).toEqual([]);
    });
  });
});
