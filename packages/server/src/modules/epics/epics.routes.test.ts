/** REST v4 epics: GitLab's params, entity, status codes, bad input and hidden == missing. */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicWithGroup } from './epics.service.ts';

type Entity = Record<string, unknown> & { iid: number; title: string; id: number };

describe('REST /groups/:id/epics', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let acme: GroupRow;
  let platform: GroupRow;
  let lab: GroupRow;
  let other: GroupRow;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let labEpic: EpicWithGroup;
  let otherEpic: EpicWithGroup;

  const reload = async (e: EpicWithGroup) =>
    (await t.services.epics.findById(userActor(await t.systemAdmin()), e.epic.id)) as EpicWithGroup;
  const get = (url: string, as: UserRow | null = owner) => t.request({ method: 'GET', url, as });
  const post = (url: string, payload: unknown, as: UserRow | null = owner) =>
    t.request({ method: 'POST', url, payload: payload as object, as });
  const put = (url: string, payload: unknown, as: UserRow | null = owner) =>
    t.request({ method: 'PUT', url, payload: payload as object, as });

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    owner = await t.buildUser({ username: 'rest-owner' });
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', owner });
    platform = await t.buildGroup({ path: 'platform', parent: acme, owner });
    lab = await t.buildGroup({ path: 'lab', parent: acme, visibility: 'private' });
    other = await t.buildGroup({ path: 'other', owner: outsider });
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, guest, 10);
    labEpic = await f.buildEpic({ group: lab, title: 'Lab secret' });
    otherEpic = await f.buildEpic({ group: other, title: 'Other group', author: outsider });
  });

  it('creates an epic (201) with GitLab’s entity', async () => {
    const res = await post('/api/v4/groups/acme/epics', {
      title: 'Platform v2',
      description: 'Big',
      labels: '',
      start_date_fixed: '2026-01-05',
      due_date_fixed: '2026-06-30',
      color: '#217645',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json<Entity>();
    expect(e).toMatchObject({
      iid: 1,
      title: 'Platform v2',
      description: 'Big',
      group_id: acme.id,
      parent_id: null,
      confidential: false,
      color: '#217645',
      text_color: '#FFFFFF',
      state: 'opened',
      start_date: '2026-01-05',
      start_date_is_fixed: true,
      start_date_fixed: '2026-01-05',
      due_date: '2026-06-30',
      end_date: '2026-06-30',
      web_url: 'http://milepost.test/groups/acme/-/epics/1',
      references: { short: '&1', relative: '&1', full: 'acme&1' },
      author: { username: 'rest-owner' },
      labels: [],
      upvotes: 0,
      downvotes: 0,
    });
    expect(e._links).toMatchObject({ self: `http://milepost.test/api/v4/groups/${acme.id}/epics/1` });
  });

  it('shows, updates, lists (both prefixes) and deletes', async () => {
    const shown = await get('/api/v4/groups/acme/epics/1');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ iid: 1, subscribed: false });
    const updated = await put('/api/v4/groups/acme/epics/1', { title: 'Renamed', state_event: 'close' }, reporter);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Renamed', state: 'closed' });
    expect(updated.json<{ closed_at: string | null }>().closed_at).not.toBeNull();
    await post('/api/v4/groups/acme/platform/epics'.replace('acme/platform', 'acme%2Fplatform'), { title: 'Sub epic' });
    for (const url of ['/api/v4/groups/acme/epics', '/api/v4/groups/acme/-/epics']) {
      const list = await get(`${url}?order_by=title&sort=asc`);
      expect(list.statusCode).toBe(200);
      // The owner of acme inherits the private lab: its epic is listed too.
      expect(list.headers['x-total']).toBe('3');
      expect(list.json<Entity[]>().map((e) => e.title)).toEqual(['Lab secret', 'Renamed', 'Sub epic']);
    }
    const opened = await get('/api/v4/groups/acme/epics?state=opened&include_descendant_groups=false');
    expect(opened.json<Entity[]>()).toEqual([]);
    const created = await post('/api/v4/groups/acme/epics', { title: 'Doomed' });
    const iid = created.json<Entity>().iid;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v4/groups/acme/epics/${iid}`, as: reporter })).statusCode,
    ).toBe(403);
    const del = await t.request({ method: 'DELETE', url: `/api/v4/groups/acme/epics/${iid}`, as: owner });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/v4/groups/acme/epics/${iid}`)).statusCode).toBe(404);
  });

  it('refuses bad parameters with Grape’s 400s', async () => {
    const cases: [string, string][] = [
      ['order_by=nope', 'order_by does not have a valid value'],
      ['sort=sideways', 'sort does not have a valid value'],
      ['state=open', 'state does not have a valid value'],
      ['author_id=1&author_username=x', 'author_id, author_username are mutually exclusive'],
      ['created_after=yesterday', 'created_after is invalid'],
    ];
    for (const [query, error] of cases) {
      const res = await get(`/api/v4/groups/acme/epics?${query}`);
      expect([res.statusCode, res.json()]).toEqual([400, { error }]);
    }
    expect((await post('/api/v4/groups/acme/epics', { description: 'x' })).json()).toEqual({
      error: 'title is missing',
    });
    const empty = await put('/api/v4/groups/acme/epics/1', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: string }>().error).toMatch(/at least one parameter must be provided$/);
    const state = await put('/api/v4/groups/acme/epics/1', { state_event: 'archive' });
    expect(state.json()).toEqual({ error: 'state_event does not have a valid value' });
  });

  it.each([
    ['a title over 255 characters', { title: 'x'.repeat(256) }, 422, 'Title is too long (maximum is 255 characters)'],
    [
      'a description over 1 MB',
      { title: 'ok', description: 'x'.repeat(1_048_577) },
      422,
      'Description is too long (maximum is 1048576 characters)',
    ],
    ['a colour that is not #rrggbb', { title: 'ok', color: 'red' }, 422, 'Color must be a valid color code'],
    ['a short colour', { title: 'ok', color: '#fff' }, 422, 'Color must be a valid color code'],
    ['year 0', { title: 'ok', start_date_fixed: '0000-01-01' }, 422, 'Start date fixed is not a valid date'],
    ['year 10000', { title: 'ok', due_date_fixed: '10000-01-01' }, 422, 'Due date fixed is not a valid date'],
    ['30 February', { title: 'ok', start_date_fixed: '2027-02-30' }, 422, 'Start date fixed is not a valid date'],
    [
      'a start after the due date',
      { title: 'ok', start_date_fixed: '2027-03-01', due_date_fixed: '2027-02-01' },
      422,
      'Start date fixed must be on or before the due date',
    ],
  ])('refuses %s (nothing written)', async (_name, payload, status, message) => {
    const before = (await get('/api/v4/groups/acme/epics')).headers['x-total'];
    const res = await post('/api/v4/groups/acme/epics', payload);
    expect([res.statusCode, res.json()]).toEqual([status, { message }]);
    expect((await get('/api/v4/groups/acme/epics')).headers['x-total']).toBe(before);
  });

  it('refuses a due date before the fixed start on update, naming the field', async () => {
    await put('/api/v4/groups/acme/epics/1', { start_date_fixed: '2026-01-05', start_date_is_fixed: true });
    const res = await put('/api/v4/groups/acme/epics/1', { due_date_fixed: '2025-12-31' });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { message: 'Due date fixed must be on or after the start date' },
    ]);
  });

  it('hides private groups’ and confidential epics: hidden == missing', async () => {
    const secret = await f.buildEpic({ group: acme, title: 'Confidential plan', confidential: true });
    const missing = await get('/api/v4/groups/acme/epics/999', guest);
    const hidden = await get(`/api/v4/groups/acme/epics/${secret.epic.iid}`, guest);
    expect([hidden.statusCode, hidden.body]).toEqual([missing.statusCode, missing.body]);
    expect(hidden.json()).toEqual({ message: '404 Epic Not Found' });
    expect((await get(`/api/v4/groups/acme/epics/${secret.epic.iid}`, reporter)).statusCode).toBe(200);
    const guestList = await get('/api/v4/groups/acme/epics?search=Confidential', guest);
    expect(guestList.json()).toEqual([]);
    expect(guestList.headers['x-total']).toBe('0');
    const anon = await get('/api/v4/groups/acme/epics', null);
    expect(anon.json<Entity[]>().map((e) => e.title)).not.toContain('Confidential plan');
    expect(anon.json<Entity[]>().map((e) => e.title)).not.toContain('Lab secret');
    const labHidden = await get(`/api/v4/groups/${lab.id}/epics/${labEpic.epic.iid}`, outsider);
    expect([labHidden.statusCode, labHidden.json()]).toEqual([404, { message: '404 Group Not Found' }]);
  });

  it('matches % and _ in search literally', async () => {
    await f.buildEpic({ group: acme, title: '100% done' });
    await f.buildEpic({ group: acme, title: '1000 things' });
    const res = await get('/api/v4/groups/acme/epics?search=100%25');
    expect(res.json<Entity[]>().map((e) => e.title)).toEqual(['100% done']);
    const underscore = await get('/api/v4/groups/acme/epics?search=_');
    expect(underscore.json<Entity[]>()).toEqual([]);
  });

  for (const children of ['epics', 'links']) {
    it(`manages child epics at /epics/:iid/${children}`, async () => {
      const parent = await f.buildEpic({ group: acme, title: `Parent ${children}` });
      const child = await f.buildEpic({ group: platform, title: `Child ${children}` });
      const base = `/api/v4/groups/acme/epics/${parent.epic.iid}/${children}`;
      const added = await post(`${base}/${child.epic.id}`, {});
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({ id: child.epic.id, parent_id: parent.epic.id, parent_iid: parent.epic.iid });
      expect((await post(`${base}/${child.epic.id}`, {})).statusCode).toBe(409);
      const created = await post(`${base}?title=${encodeURIComponent('New child')}`, { confidential: false });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ title: 'New child', parent_id: parent.epic.id, has_children: false });
      const listed = await get(base);
      expect(listed.headers['x-total']).toBeUndefined();
      const order = listed.json<Entity[]>().map((e) => e.title);
      expect(order).toEqual([`Child ${children}`, 'New child']);
      const newId = created.json<Entity>().id;
      const moved = await put(`${base}/${newId}`, { move_after_id: child.epic.id });
      expect(moved.json<Entity[]>().map((e) => e.title)).toEqual(['New child', `Child ${children}`]);
      const back = await put(`${base}/${newId}`, { move_before_id: child.epic.id });
      expect(back.json<Entity[]>().map((e) => e.title)).toEqual([`Child ${children}`, 'New child']);
      const removed = await t.request({ method: 'DELETE', url: `${base}/${child.epic.id}`, as: owner });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ id: child.epic.id, parent_id: null });
      expect((await get(base)).json<Entity[]>().map((e) => e.title)).toEqual(['New child']);
    });
  }

  it('links nothing the actor cannot read or admin (cross-group IDOR → 404)', async () => {
    // A Reporter of acme/platform only: admin of the parent, no access to the lab or the other group.
    const platformReporter = await t.buildUser();
    await t.addGroupMember(platform, platformReporter, 20);
    const parent = await f.buildEpic({ group: platform, title: 'IDOR parent' });
    const base = `/api/v4/groups/acme%2Fplatform/epics/${parent.epic.iid}/epics`;
    for (const target of [labEpic, otherEpic]) {
      const res = await post(`${base}/${target.epic.id}`, {}, platformReporter);
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { message: 'No matching epic found. Make sure that you are adding a valid epic URL.' },
      ]);
    }
    expect((await get(base, platformReporter)).json()).toEqual([]);
    expect((await reload(labEpic)).epic.parentId).toBeNull();
    // The outsider cannot pull acme's epic under their own epic either.
    const theirs = await post(`/api/v4/groups/other/epics/${otherEpic.epic.iid}/epics/${parent.epic.id}`, {}, outsider);
    expect(theirs.statusCode).toBe(404);
    // A guest can read but not admin relations.
    const child = await f.buildEpic({ group: platform, title: 'Guest child' });
    expect((await post(`${base}/${child.epic.id}`, {}, guest)).statusCode).toBe(404);
    expect((await get(base)).json()).toEqual([]);
  });
});
