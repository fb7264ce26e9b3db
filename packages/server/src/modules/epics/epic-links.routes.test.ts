/** Related epics: GitLab's Linked epics API and the epic page's related_epic_links JSON path. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { EPIC_NOT_FOUND_REFERENCE } from './epic-hierarchy.ts';
import type { EpicWithGroup } from './epics.service.ts';

type Related = { id: number; iid: number; related_epic_link_id: number; link_type: string; link_created_at: string };
type Item = {
  iid: number;
  reference: string;
  link_type: string;
  relation_path: string | null;
  related_epic_link_id: number;
};

describe('related epics', () => {
  let t: TestApp;
  let acme: GroupRow;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let a: EpicWithGroup;
  let b: EpicWithGroup;
  let c: EpicWithGroup;
  let d: EpicWithGroup; // confidential
  let e: EpicWithGroup;
  const api = '/api/v4/groups/acme/epics';

  beforeAll(async () => {
    t = await createTestApp();
    const f = epicsFactories(t);
    owner = await t.buildUser();
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', name: 'Acme', owner });
    const secret = await t.buildGroup({ path: 'secret', name: 'Secret', visibility: 'private', owner });
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, guest, 10);
    a = await f.buildEpic({ group: acme, title: 'Alpha' });
    b = await f.buildEpic({ group: acme, title: 'Bravo' });
    c = await f.buildEpic({ group: acme, title: 'Charlie', closed: true });
    d = await f.buildEpic({ group: acme, title: 'Delta', confidential: true });
    e = await f.buildEpic({ group: acme, title: 'Echo' });
    await f.buildEpic({ group: secret, title: 'Hidden' });
  });

  const link = (iid: number, payload: Record<string, unknown>, as: UserRow | null = reporter) =>
    t.request({ method: 'POST', url: `${api}/${iid}/related_epics`, payload, as });
  const related = async (iid: number, as: UserRow | null) =>
    (await t.request({ method: 'GET', url: `${api}/${iid}/related_epics`, as })).json<Related[]>();

  it('links with each relation type, relates_to by default, and lists them from both sides', async () => {
    const relates = await link(1, { target_group_id: 'acme', target_epic_iid: 2 });
    expect(relates.statusCode).toBe(201);
    expect(relates.json()).toMatchObject({
      source_epic: { id: a.epic.id, iid: 1 },
      target_epic: { id: b.epic.id, iid: 2 },
      link_type: 'relates_to',
    });
    // is_blocked_by is stored as "Charlie blocks Alpha", as GitLab does.
    const blocked = await link(1, { target_group_id: acme.id, target_epic_iid: 3, link_type: 'is_blocked_by' });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({
      source_epic: { id: c.epic.id, state: 'closed' },
      target_epic: { id: a.epic.id },
      link_type: 'blocks',
    });
    const blocks = await link(1, { target_group_id: 'acme', target_epic_iid: 5, link_type: 'blocks' });
    expect(blocks.json()).toMatchObject({
      source_epic: { id: a.epic.id },
      target_epic: { id: e.epic.id },
      link_type: 'blocks',
    });

    const fromAlpha = await related(1, guest);
    expect(fromAlpha.map((r) => [r.iid, r.link_type])).toEqual([
      [2, 'relates_to'],
      [3, 'is_blocked_by'],
      [5, 'blocks'],
    ]);
    expect(fromAlpha[0]).toMatchObject({ title: 'Bravo', state: 'opened', related_epic_link_id: expect.any(Number) });
    expect(typeof fromAlpha[0]?.link_created_at).toBe('string');
    expect((await related(3, guest)).map((r) => [r.iid, r.link_type])).toEqual([[1, 'blocks']]);
    expect((await related(5, null)).map((r) => [r.iid, r.link_type])).toEqual([[1, 'is_blocked_by']]);
  });

  it('refuses duplicates in either direction, self links and bad parameters', async () => {
    const again = await link(1, { target_group_id: 'acme', target_epic_iid: 2, link_type: 'blocks' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'Epic(s) already assigned' }]);
    const reverse = await link(2, { target_group_id: 'acme', target_epic_iid: 1 });
    expect(reverse.statusCode).toBe(409);
    const self = await link(1, { target_group_id: 'acme', target_epic_iid: 1 });
    expect([self.statusCode, self.json()]).toEqual([422, { message: 'An epic cannot be linked to itself.' }]);
    const badType = await link(1, { target_group_id: 'acme', target_epic_iid: 4, link_type: 'duplicates' });
    expect([badType.statusCode, badType.json()]).toEqual([400, { error: 'link_type does not have a valid value' }]);
    const missing = await link(1, { target_group_id: 'acme' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { error: 'target_epic_iid is missing' }]);
  });

  it('makes hidden targets look exactly like missing ones', async () => {
    const missing = await link(1, { target_group_id: 'acme', target_epic_iid: 99 });
    const privateGroup = await link(1, { target_group_id: 'secret', target_epic_iid: 1 });
    const noGroup = await link(1, { target_group_id: 'nowhere', target_epic_iid: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Epic Not Found' });
    expect([privateGroup.statusCode, privateGroup.json()]).toEqual([404, missing.json()]);
    expect([noGroup.statusCode, noGroup.json()]).toEqual([404, missing.json()]);
  });

  it('enforces the access matrix: signed out, guest, outsider, confidential epics', async () => {
    expect((await link(2, { target_group_id: 'acme', target_epic_iid: 3 }, null)).statusCode).toBe(401);
    expect((await link(2, { target_group_id: 'acme', target_epic_iid: 3 }, guest)).statusCode).toBe(403);
    expect((await link(2, { target_group_id: 'acme', target_epic_iid: 3 }, outsider)).statusCode).toBe(403);
    // A confidential epic is hidden from a guest (as a source and as a target).
    expect((await link(4, { target_group_id: 'acme', target_epic_iid: 2 }, guest)).statusCode).toBe(404);
    const linked = await link(2, { target_group_id: 'acme', target_epic_iid: 4 });
    expect(linked.statusCode).toBe(201);
    expect((await related(2, reporter)).map((r) => [r.id, r.iid])).toEqual([
      [a.epic.id, 1],
      [d.epic.id, 4],
    ]);
    expect((await related(2, guest)).map((r) => r.iid)).toEqual([1]);
    expect((await related(2, null)).map((r) => r.iid)).toEqual([1]);
    expect((await t.request({ method: 'GET', url: `${api}/4/related_epics`, as: guest })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${api}/4/related_epics`, as: reporter })).statusCode).toBe(200);
  });

  it('removes a link from either side; others, hidden ones and non-admins are refused', async () => {
    const [toDelta] = (await related(2, reporter)).filter((r) => r.iid === 4);
    const remove = (iid: number, id: number | undefined, as: UserRow | null) =>
      t.request({ method: 'DELETE', url: `${api}/${iid}/related_epics/${id}`, as });
    expect((await remove(2, toDelta?.related_epic_link_id, guest)).statusCode).toBe(404);
    const [toAlpha] = await related(2, reporter);
    expect((await remove(2, toAlpha?.related_epic_link_id, guest)).statusCode).toBe(403);
    expect((await remove(2, toAlpha?.related_epic_link_id, null)).statusCode).toBe(401);
    // A link that is not this epic's is missing.
    expect((await remove(3, toAlpha?.related_epic_link_id, reporter)).statusCode).toBe(404);
    expect((await remove(2, 999999, reporter)).statusCode).toBe(404);
    const removed = await remove(2, toDelta?.related_epic_link_id, reporter);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ source_epic: { iid: 2 }, target_epic: { iid: 4 }, link_type: 'relates_to' });
    expect((await related(2, reporter)).map((r) => r.iid)).toEqual([1]);
  });

  it('lists the group links both sides of which the user may read', async () => {
    await link(4, { target_group_id: 'acme', target_epic_iid: 5 });
    const all = await t.request({ method: 'GET', url: '/api/v4/groups/acme/related_epic_links', as: owner });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total']).toBe('4');
    const rows =
      all.json<{ id: number; source_epic: { iid: number }; target_epic: { iid: number }; link_type: string }[]>();
    expect(rows.map((r) => [r.source_epic.iid, r.target_epic.iid, r.link_type])).toEqual([
      [4, 5, 'relates_to'],
      [1, 5, 'blocks'],
      [3, 1, 'blocks'],
      [1, 2, 'relates_to'],
    ]);
    const anonymous = await t.request({ method: 'GET', url: '/api/v4/groups/acme/related_epic_links' });
    expect(anonymous.json<unknown[]>()).toHaveLength(3);
    const paged = await t.request({
      method: 'GET',
      url: '/api/v4/groups/acme/related_epic_links?per_page=1&page=2',
      as: owner,
    });
    expect(paged.json<{ link_type: string }[]>().map((r) => r.link_type)).toEqual(['blocks']);
    expect(
      (await t.request({ method: 'GET', url: '/api/v4/groups/secret/related_epic_links', as: reporter })).statusCode,
    ).toBe(404);
  });

  describe('UI JSON path', () => {
    const ui = '/groups/acme/-/epics';
    const items = async (iid: number, as: UserRow | null) =>
      (await t.request({ method: 'GET', url: `${ui}/${iid}/related_epic_links`, as })).json<Item[]>();
    const add = (iid: number, payload: Record<string, unknown>, as: UserRow | null = reporter) =>
      t.request({ method: 'POST', url: `${ui}/${iid}/related_epic_links`, payload, as });

    it('adds several references at once with a link type, and answers the list', async () => {
      const res = await add(2, { issuable_references: ['&3', 'acme&5', '&3', ' '], link_type: 'blocks' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: null; issuables: Item[] }>();
      expect(body.issuables.map((i) => [i.reference, i.link_type])).toEqual([
        ['&1', 'relates_to'],
        ['&3', 'blocks'],
        ['&5', 'blocks'],
      ]);
      expect(body.issuables[1]?.relation_path).toBe(
        `/groups/acme/-/epics/2/related_epic_links/${body.issuables[1]?.related_epic_link_id}`,
      );
      const byUrl = await add(3, { issuable_references: ['http://milepost.test/groups/acme/-/epics/4'] });
      expect(byUrl.json<{ issuables: Item[] }>().issuables.map((i) => [i.iid, i.link_type])).toEqual([
        [1, 'blocks'],
        [2, 'is_blocked_by'],
        [4, 'relates_to'],
      ]);
    });

    it('answers the errors the form shows', async () => {
      const unknown = await add(2, { issuable_references: ['&3', '&77'] });
      expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: EPIC_NOT_FOUND_REFERENCE }]);
      const hidden = await add(2, { issuable_references: ['secret&1'] });
      expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: EPIC_NOT_FOUND_REFERENCE }]);
      const dup = await add(2, { issuable_references: ['&3'] });
      expect([dup.statusCode, dup.json()]).toEqual([409, { message: 'Epic(s) already assigned' }]);
      const self = await add(2, { issuable_references: ['&2'] });
      expect(self.statusCode).toBe(422);
      const badType = await add(2, { issuable_references: ['&4'], link_type: 'nope' });
      expect([badType.statusCode, badType.json()]).toEqual([
        422,
        { message: 'Link type must be one of: relates_to, blocks, is_blocked_by' },
      ]);
      const empty = await add(2, { issuable_references: [] });
      expect(empty.statusCode).toBe(404);
      const asGuest = await add(2, { issuable_references: ['&4'] }, guest);
      expect([asGuest.statusCode, asGuest.json()]).toEqual([
        403,
        { message: "You don't have permission to link epics." },
      ]);
      expect((await add(2, { issuable_references: ['&4'] }, null)).statusCode).toBe(401);
      // Nothing was linked by the failures.
      expect((await items(2, reporter)).map((i) => i.iid)).toEqual([1, 3, 5]);
    });

    it('removes through relation_path, which only admins get', async () => {
      expect((await items(2, guest)).every((i) => i.relation_path === null)).toBe(true);
      const [first] = await items(2, reporter);
      const res = await t.request({ method: 'DELETE', url: first?.relation_path ?? '', as: reporter });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ issuables: Item[] }>().issuables.map((i) => i.iid)).toEqual([3, 5]);
      const gone = await t.request({ method: 'DELETE', url: first?.relation_path ?? '', as: reporter });
      expect(gone.statusCode).toBe(404);
    });
  });
});
