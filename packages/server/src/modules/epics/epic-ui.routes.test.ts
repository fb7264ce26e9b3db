/** The epic page's and list page's JSON calls (GitLab's controller paths). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicWithGroup } from './epics.service.ts';

describe('epic UI JSON endpoints', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let acme: GroupRow;
  let platform: GroupRow;
  let owner: UserRow;
  let guest: UserRow;
  let epic: EpicWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    owner = await t.buildUser();
    guest = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', name: 'Acme', owner });
    platform = await t.buildGroup({ path: 'platform', name: 'Platform', parent: acme, owner });
    await t.addGroupMember(acme, guest, 10);
    epic = await f.buildEpic({ group: platform, title: 'Page epic' });
  });

  it('reads the epic JSON', async () => {
    const res = await t.request({ method: 'GET', url: '/groups/acme/platform/-/epics/1.json', as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: epic.epic.id,
      iid: 1,
      title: 'Page epic',
      state: 'opened',
      lock_version: 0,
      group_full_path: 'acme/platform',
      group_full_name: 'Acme / Platform',
      web_url: '/groups/acme/platform/-/epics/1',
      color: '#1068bf',
      text_color: '#FFFFFF',
      current_user: { can_update: true, can_create_note: true },
    });
    expect(
      (await t.request({ method: 'GET', url: '/groups/acme/platform/-/epics/9.json', as: owner })).statusCode,
    ).toBe(404);
  });

  it('closes and reopens through epic[state_event] in the query string', async () => {
    const close = await t.request({
      method: 'PUT',
      url: '/groups/acme/platform/-/epics/1.json?epic[state_event]=close',
      as: owner,
    });
    expect([close.statusCode, close.json<{ state: string }>().state]).toEqual([200, 'closed']);
    const reopen = await t.request({
      method: 'PUT',
      url: '/groups/acme/platform/-/epics/1.json',
      payload: { epic: { state_event: 'reopen' } },
      as: owner,
    });
    expect(reopen.json<{ state: string }>().state).toBe('opened');
  });

  it('answers 422 {errors}, 409 for a stale lock_version, 404 without permission', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/groups/acme/platform/-/epics/1.json',
      payload: { epic: { color: 'blue' } },
      as: owner,
    });
    expect([bad.statusCode, bad.json()]).toEqual([422, { errors: ['Color must be a valid color code'] }]);
    const stale = await t.request({
      method: 'PUT',
      url: '/groups/acme/platform/-/epics/1.json',
      payload: { epic: { title: 'x', lock_version: 0 } },
      as: owner,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ errors: string[] }>().errors[0]).toMatch(/^Someone edited this epic at the same time you did/);
    const denied = await t.request({
      method: 'PUT',
      url: '/groups/acme/platform/-/epics/1.json?epic[state_event]=close',
      as: guest,
    });
    expect(denied.statusCode).toBe(404);
  });

  it('creates an epic from the list page, returning web_url', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/groups/acme/-/epics',
      payload: { title: 'From list', confidential: true },
      as: owner,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { web_url: '/groups/acme/-/epics/1' }]);
    const wrapped = await t.request({
      method: 'POST',
      url: '/groups/acme/-/epics',
      payload: { epic: { title: 'Wrapped' } },
      as: owner,
    });
    expect(wrapped.json()).toEqual({ web_url: '/groups/acme/-/epics/2' });
    const blank = await t.request({ method: 'POST', url: '/groups/acme/-/epics', payload: { title: '' }, as: owner });
    expect(blank.statusCode).toBe(422);
  });

  it('links, lists, reorders and removes child epics by reference', async () => {
    const parent = await f.buildEpic({ group: acme, title: 'UI parent' });
    const c1 = await f.buildEpic({ group: acme, title: 'UI child 1' });
    const c2 = await f.buildEpic({ group: platform, title: 'UI child 2' });
    const links = `/groups/acme/-/epics/${parent.epic.iid}/links`;
    const add = await t.request({
      method: 'POST',
      url: links,
      payload: {
        issuable_references: [`&${c1.epic.iid}`, `http://milepost.test/groups/acme/platform/-/epics/${c2.epic.iid}`],
      },
      as: owner,
    });
    expect(add.statusCode).toBe(200);
    const items = add.json<{ issuables: Record<string, unknown>[] }>().issuables;
    expect(items.map((i) => i.title)).toEqual(['UI child 1', 'UI child 2']);
    expect(items[1]).toMatchObject({
      reference: `acme/platform&${c2.epic.iid}`,
      path: `/groups/acme/platform/-/epics/${c2.epic.iid}`,
      relation_path: `/groups/acme/-/epics/${parent.epic.iid}/links/${c2.epic.id}`,
      has_children: false,
      has_issues: false,
      can_admin: true,
    });
    const again = await t.request({
      method: 'POST',
      url: links,
      payload: { issuable_references: [`acme&${c1.epic.iid}`] },
      as: owner,
    });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'Epic(s) already assigned' }]);
    const unknown = await t.request({
      method: 'POST',
      url: links,
      payload: { issuable_references: ['&999', `&${c1.epic.iid}`] },
      as: owner,
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: 'No matching epic found. Make sure that you are adding a valid epic URL.' },
    ]);
    const move = await t.request({
      method: 'PUT',
      url: `${links}/${c2.epic.id}`,
      payload: { epic: { move_after_id: c1.epic.id } },
      as: owner,
    });
    expect(move.statusCode).toBe(200);
    const listed = await t.request({ method: 'GET', url: links, as: owner });
    expect(listed.json<{ title: string }[]>().map((i) => i.title)).toEqual(['UI child 2', 'UI child 1']);
    const removed = await t.request({ method: 'DELETE', url: `${links}/${c2.epic.id}`, as: owner });
    expect(removed.json<{ issuables: { title: string }[] }>().issuables.map((i) => i.title)).toEqual(['UI child 1']);
  });

  it('answers 409 "Epic hierarchy level too deep" for the tree’s add form', async () => {
    let parent = await f.buildEpic({ group: acme, title: 'D1' });
    for (let level = 2; level <= 7; level += 1) parent = await f.buildEpic({ group: acme, parent });
    const leaf = await f.buildEpic({ group: acme });
    const res = await t.request({
      method: 'POST',
      url: `/groups/acme/-/epics/${parent.epic.iid}/links`,
      payload: { issuable_references: [`&${leaf.epic.iid}`] },
      as: owner,
    });
    expect([res.statusCode, res.json()]).toEqual([409, { message: 'Epic hierarchy level too deep' }]);
  });

  it('links nothing a guest cannot admin, and nothing hidden (404, nothing linked)', async () => {
    const parent = await f.buildEpic({ group: acme, title: 'Guarded' });
    const other = await f.buildEpic({ group: acme });
    const res = await t.request({
      method: 'POST',
      url: `/groups/acme/-/epics/${parent.epic.iid}/links`,
      payload: { issuable_references: [`&${other.epic.iid}`] },
      as: guest,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/groups/acme/-/epics/${parent.epic.iid}/links`, as: owner })).json(),
    ).toEqual([]);
  });

  it('lists epics for the filter token (epics.json), visible ones only', async () => {
    await f.buildEpic({ group: acme, title: 'Token secret', confidential: true });
    const res = await t.request({ method: 'GET', url: '/groups/acme/-/epics.json?search=page', as: guest });
    expect(res.json()).toEqual([
      expect.objectContaining({
        iid: 1,
        title: 'Page epic',
        reference: 'acme/platform&1',
        group_full_path: 'acme/platform',
      }),
    ]);
    const own = await t.request({
      method: 'GET',
      url: '/groups/acme/-/epics.json?include_descendant_groups=false',
      as: guest,
    });
    expect(own.json<{ title: string }[]>().map((e) => e.title)).not.toContain('Token secret');
    expect(own.json<{ title: string }[]>().map((e) => e.title)).not.toContain('Page epic');
    const withAncestors = await t.request({
      method: 'GET',
      url: '/groups/acme/platform/-/epics.json?include_ancestor_groups=true&search=UI%20parent',
      as: owner,
    });
    expect(withAncestors.json<{ title: string }[]>().map((e) => e.title)).toEqual(['UI parent']);
  });
});
