/** Epics over GraphQL: create/update, the Epic fields, Group.epics filters and visibility. */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const CREATE = `mutation($input: CreateEpicInput!) { createEpic(input: $input) {
  epic { id iid title titleHtml description descriptionHtml state confidential color textColor webUrl webPath
         reference fullReference: reference(full: true) startDate dueDate startDateIsFixed startDateFixed
         dueDateIsFixed dueDateFixed author { username } group { fullPath } hasParent parent { iid }
         labels { nodes { title } } userPermissions { readEpic updateEpic adminEpic destroyEpic createEpic adminEpicRelation } }
  errors } }`;

const UPDATE = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) {
  epic { iid title state confidential color textColor startDate dueDate startDateFixed dueDateFixed startDateIsFixed
         closedAt parent { iid } labels { nodes { title } } }
  errors } }`;

const LIST = `query($fullPath: ID!, $state: EpicState, $sort: EpicSort, $labelName: [String!], $authorUsername: String,
  $search: String, $confidential: Boolean, $timeframe: Timeframe, $first: Int, $after: String, $iid: ID,
  $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput, $includeDescendantGroups: Boolean,
  $topLevelHierarchyOnly: Boolean, $iidStartsWith: String, $milestoneTitle: String, $myReactionEmoji: String) {
  group(fullPath: $fullPath) { epics(state: $state, sort: $sort, labelName: $labelName, authorUsername: $authorUsername,
    search: $search, confidential: $confidential, timeframe: $timeframe, first: $first, after: $after, iid: $iid,
    not: $not, or: $or, includeDescendantGroups: $includeDescendantGroups, topLevelHierarchyOnly: $topLevelHierarchyOnly,
    iidStartsWith: $iidStartsWith, milestoneTitle: $milestoneTitle, myReactionEmoji: $myReactionEmoji) {
    count nodes { iid title } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

describe('epics over GraphQL', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let acme: GroupRow;
  let platform: GroupRow;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;

  const titles = (r: { data: unknown }) =>
    ((r.data as { group: { epics: { nodes: { title: string }[] } } }).group.epics.nodes ?? []).map((n) => n.title);

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    owner = await t.buildUser({ username: 'epic-owner' });
    reporter = await t.buildUser({ username: 'epic-reporter' });
    guest = await t.buildUser({ username: 'epic-guest' });
    outsider = await t.buildUser({ username: 'epic-outsider' });
    acme = await t.buildGroup({ path: 'acme', owner });
    platform = await t.buildGroup({ path: 'platform', parent: acme, owner });
    await t.addGroupMember(acme, reporter, 20);
    await t.addGroupMember(acme, guest, 10);
  });

  it('creates an epic with GitLab’s fields and defaults', async () => {
    const r = await t.graphql(
      CREATE,
      { input: { groupPath: 'acme', title: 'Roadmap *v2*', description: '# Goals\n\n- [x] plan' } },
      { as: owner },
    );
    expect(r.errors).toBeUndefined();
    const epic = (r.data as { createEpic: { epic: Record<string, unknown>; errors: string[] } }).createEpic;
    expect(epic.errors).toEqual([]);
    expect(epic.epic).toMatchObject({
      iid: '1',
      title: 'Roadmap *v2*',
      titleHtml: 'Roadmap <em>v2</em>',
      state: 'opened',
      confidential: false,
      color: '#1068bf',
      textColor: '#FFFFFF',
      webPath: '/groups/acme/-/epics/1',
      webUrl: 'http://milepost.test/groups/acme/-/epics/1',
      reference: '&1',
      fullReference: 'acme&1',
      startDate: null,
      dueDate: null,
      author: { username: 'epic-owner' },
      group: { fullPath: 'acme' },
      hasParent: false,
      parent: null,
      labels: { nodes: [] },
      userPermissions: {
        readEpic: true,
        updateEpic: true,
        adminEpic: true,
        destroyEpic: true,
        createEpic: true,
        adminEpicRelation: true,
      },
    });
    expect(epic.epic.descriptionHtml).toContain('<h1>Goals</h1>');
  });

  it('updates title, colour, fixed dates and state', async () => {
    const r = await t.graphql(
      UPDATE,
      {
        input: {
          groupPath: 'acme',
          iid: '1',
          title: 'Renamed',
          color: '#f0ad4e',
          startDateFixed: '2026-01-01',
          startDateIsFixed: true,
          dueDateFixed: '2026-03-31',
          dueDateIsFixed: true,
          stateEvent: 'CLOSE',
        },
      },
      { as: reporter },
    );
    expect(r.errors).toBeUndefined();
    expect((r.data as { updateEpic: unknown }).updateEpic).toMatchObject({
      errors: [],
      epic: {
        title: 'Renamed',
        color: '#f0ad4e',
        textColor: '#333333',
        startDate: '2026-01-01',
        dueDate: '2026-03-31',
        state: 'closed',
      },
    });
    const reopened = await t.graphql(
      UPDATE,
      { input: { groupPath: 'acme', iid: '1', stateEvent: 'REOPEN' } },
      { as: owner },
    );
    expect(
      (reopened.data as { updateEpic: { epic: { state: string; closedAt: null } } }).updateEpic.epic,
    ).toMatchObject({
      state: 'opened',
      closedAt: null,
    });
  });

  it('refuses an empty attribute list with GitLab’s message', async () => {
    const r = await t.graphql(UPDATE, { input: { groupPath: 'acme', iid: '1' } }, { as: owner });
    expect(r.errors?.[0]?.message).toBe('The list of epic attributes is empty');
  });

  it('lists epics with filters, count and pagination', async () => {
    await f.buildEpic({ group: acme, title: 'Alpha search%me', author: owner });
    await f.buildEpic({ group: platform, title: 'Beta', author: reporter });
    await f.buildEpic({ group: acme, title: 'Gamma secret', confidential: true, author: owner });
    const all = await t.graphql(LIST, { fullPath: 'acme', sort: 'TITLE_ASC' }, { as: owner });
    expect(all.errors).toBeUndefined();
    expect(titles(all)).toEqual(['Alpha search%me', 'Beta', 'Gamma secret', 'Renamed']);
    const page = await t.graphql(LIST, { fullPath: 'acme', sort: 'TITLE_ASC', first: 2, after: '' }, { as: owner });
    expect(titles(page)).toEqual(['Alpha search%me', 'Beta']);
    const info = (
      page.data as { group: { epics: { count: number; pageInfo: { hasNextPage: boolean; endCursor: string } } } }
    ).group.epics;
    expect(info.count).toBe(4);
    expect(info.pageInfo.hasNextPage).toBe(true);
    const next = await t.graphql(
      LIST,
      { fullPath: 'acme', sort: 'TITLE_ASC', first: 2, after: info.pageInfo.endCursor },
      { as: owner },
    );
    expect(titles(next)).toEqual(['Gamma secret', 'Renamed']);
  });

  it.each([
    ['a title over 255 characters', { title: 'x'.repeat(256) }, 'Title is too long (maximum is 255 characters)'],
    ['a blank title', { title: '   ' }, "Title can't be blank"],
    ['a colour that is not #rrggbb', { title: 'ok', color: 'rgb(0,0,0)' }, 'Color must be a valid color code'],
    ['an impossible date', { title: 'ok', dueDateFixed: '2027-02-30' }, 'Due date fixed is not a valid date'],
    [
      'a start after the due date',
      { title: 'ok', startDateFixed: '2027-03-01', dueDateFixed: '2027-01-01' },
      'Start date fixed must be on or before the due date',
    ],
    [
      'a description over 1 MB',
      { title: 'ok', description: 'x'.repeat(1_048_577) },
      'Description is too long (maximum is 1048576 characters)',
    ],
  ])('createEpic refuses %s in errors, writing nothing', async (_name, fields, message) => {
    const before = await t.services.epics.list(userActor(owner), { group: acme }, { limit: 0, offset: 0 });
    const r = await t.graphql<{ createEpic: { epic: null; errors: string[] } }>(
      CREATE,
      { input: { groupPath: 'acme', ...fields } },
      { as: owner },
    );
    expect(r.data?.createEpic).toEqual({ epic: null, errors: [message] });
    const after = await t.services.epics.list(userActor(owner), { group: acme }, { limit: 0, offset: 0 });
    expect(after.total).toBe(before.total);
  });

  it('answers GitLab’s not-found error to those who may not create or update', async () => {
    const create = await t.graphql(CREATE, { input: { groupPath: 'acme', title: 'Nope' } }, { as: guest });
    expect(create.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const update = await t.graphql(UPDATE, { input: { groupPath: 'acme', iid: '1', title: 'Nope' } }, { as: outsider });
    expect(update.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const anonymous = await t.graphql(UPDATE, { input: { groupPath: 'acme', iid: '1', title: 'Nope' } }, { as: null });
    expect(anonymous.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });

  it('adds and removes labels by title and id, one per scope', async () => {
    const lm = labelsMilestonesFactories(t);
    const high = await lm.buildLabel({ group: acme, title: 'priority::high' });
    await lm.buildLabel({ group: acme, title: 'priority::low' });
    await lm.buildLabel({ group: platform, title: 'subgroup-only' });
    const add = await t.graphql<{ updateEpic: { epic: { labels: { nodes: { title: string }[] } } } }>(
      UPDATE,
      {
        input: {
          groupPath: 'acme',
          iid: '1',
          addLabelIds: [`gid://gitlab/GroupLabel/${high.id}`],
          addLabels: ['subgroup-only'],
        },
      },
      { as: owner },
    );
    // A title the group cannot see (a subgroup's label) is created in the group, as GitLab's
    // Labels::FindOrCreateService does for `addLabels`.
    expect(add.data?.updateEpic.epic.labels.nodes.map((l) => l.title)).toEqual(['priority::high', 'subgroup-only']);
    const swap = await t.graphql<{ updateEpic: { epic: { labels: { nodes: { title: string }[] } } } }>(
      UPDATE,
      { input: { groupPath: 'acme', iid: '1', addLabels: ['priority::low'] } },
      { as: owner },
    );
    expect(swap.data?.updateEpic.epic.labels.nodes.map((l) => l.title)).toEqual(['priority::low', 'subgroup-only']);
    const remove = await t.graphql<{ updateEpic: { epic: { labels: { nodes: unknown[] } } } }>(
      UPDATE,
      { input: { groupPath: 'acme', iid: '1', removeLabels: ['priority::low', 'subgroup-only'] } },
      { as: owner },
    );
    expect(remove.data?.updateEpic.epic.labels.nodes).toEqual([]);
  });

  it('subscribes and unsubscribes the current user', async () => {
    const SUB = `mutation($input: EpicSetSubscriptionInput!) { epicSetSubscription(input: $input) { epic { subscribed } errors } }`;
    const on = await t.graphql(SUB, { input: { groupPath: 'acme', iid: '1', subscribedState: true } }, { as: guest });
    expect(on.data).toEqual({ epicSetSubscription: { epic: { subscribed: true }, errors: [] } });
    const off = await t.graphql(SUB, { input: { groupPath: 'acme', iid: '1', subscribedState: false } }, { as: guest });
    expect(off.data).toEqual({ epicSetSubscription: { epic: { subscribed: false }, errors: [] } });
  });

  it('shows a hidden parent as null while hasParent stays true, and hides it from ancestors', async () => {
    const secret = await f.buildEpic({ group: acme, title: 'Secret parent', confidential: true });
    const child = await f.buildEpic({
      group: acme,
      title: 'Public? no: confidential child',
      confidential: true,
      parent: secret,
    });
    const Q = `{ group(fullPath: "acme") { epic(iid: "${child.epic.iid}") { hasParent parent { id } ancestors { count nodes { id } } relationPath } } }`;
    const asReporter = await t.graphql<{ group: { epic: unknown } }>(Q, {}, { as: reporter });
    expect(asReporter.data?.group.epic).toMatchObject({ hasParent: true, ancestors: { count: 1 } });
    // The tree and page show children by epic; a public child of a visible parent is what guests see.
    const open = await f.buildEpic({ group: acme, title: 'Visible parent' });
    const hiddenChild = await f.buildEpic({ group: acme, title: 'Hidden child', confidential: true, parent: open });
    const C = `{ group(fullPath: "acme") { epic(iid: "${open.epic.iid}") { hasChildren children { count nodes { id } } } } }`;
    expect((await t.graphql(C, {}, { as: guest })).data).toEqual({
      group: { epic: { hasChildren: false, children: { count: 0, nodes: [] } } },
    });
    expect((await t.graphql(C, {}, { as: reporter })).data).toMatchObject({
      group: {
        epic: {
          hasChildren: true,
          children: { count: 1, nodes: [{ id: `gid://gitlab/Epic/${hiddenChild.epic.id}` }] },
        },
      },
    });
  });

  it('answers parent: null (hasParent: true) when only the parent is hidden', async () => {
    const subReporter = await t.buildUser();
    await t.addGroupMember(platform, subReporter, 20);
    const parent = await f.buildEpic({ group: acme, title: 'Acme-level secret', confidential: true });
    const child = await f.buildEpic({ group: platform, title: 'Platform secret', confidential: true, parent });
    const Q = `{ group(fullPath: "acme/platform") { epic(iid: "${child.epic.iid}") {
      title hasParent parent { id } ancestors { count nodes { id } } relationPath } } }`;
    expect((await t.graphql(Q, {}, { as: subReporter })).data).toEqual({
      group: {
        epic: {
          title: 'Platform secret',
          hasParent: true,
          parent: null,
          ancestors: { count: 0, nodes: [] },
          relationPath: null,
        },
      },
    });
    expect((await t.graphql(Q, {}, { as: owner })).data).toMatchObject({
      group: { epic: { parent: { id: `gid://gitlab/Epic/${parent.epic.id}` }, ancestors: { count: 1 } } },
    });
  });
});
