/**
 * Every list argument of the GraphQL API holds at most 100 values (top-level arguments, lists in
 * `not` / `or` filters, a mutation's input); over the cap → a clear GraphQL error before any SQL,
 * at the cap → the usual answer. A 10,000-name roadmap filter is refused at once and the server
 * keeps answering.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../db/schema.ts';
import { MAX_LIST_VALUES, tooManyValuesMessage } from '../errors.ts';
import { epicsFactories } from '../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { overlongList } from './list-limits.ts';

const names = (n: number, prefix = 'label') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

const GROUP_EPICS = `query($labelName: [String!], $iids: [ID!], $not: NegatedEpicFilterInput, $or: UnionedEpicFilterInput) {
  group(fullPath: "capped") { epics(labelName: $labelName, iids: $iids, not: $not, or: $or) { count nodes { title } } } }`;
const GROUP_ISSUES = `query($labelName: [String], $iids: [String!], $assigneeUsernames: [String!], $milestoneTitle: [String],
  $not: NegatedIssueFilterInput, $or: UnionedIssueFilterInput) {
  group(fullPath: "capped") { issues(labelName: $labelName, iids: $iids, assigneeUsernames: $assigneeUsernames,
    milestoneTitle: $milestoneTitle, not: $not, or: $or) { nodes { title } } } }`;
const MILESTONES = `query($ids: [ID!]) { group(fullPath: "capped") { milestones(ids: $ids) { nodes { title } } } }`;
const UPDATE_EPIC = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { epic { title } errors } }`;

describe('list arguments are capped at 100 values', () => {
  let t: TestApp;
  let owner: UserRow;
  let group: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ username: 'cap-owner' });
    group = await t.buildGroup({ path: 'capped', owner });
    await labelsMilestonesFactories(t).buildLabel({ group, title: 'label-0' });
    await epicsFactories(t).buildEpic({ group, title: 'Labelled', labels: ['label-0'] });
  });

  it('names the overlong list, also inside input objects and lists of them', () => {
    expect(overlongList({ labelName: names(100) })).toBeUndefined();
    expect(overlongList({ labelName: names(101) })).toBe('labelName');
    expect(overlongList({ not: { labelName: names(101) } })).toBe('not.labelName');
    expect(overlongList({ input: { addLabelIds: names(101) } })).toBe('addLabelIds');
    expect(overlongList({ list: [{ ids: names(101) }] })).toBe('list.ids');
    expect(tooManyValuesMessage('labelName')).toBe('labelName is too long (maximum is 100 values)');
  });

  it.each([
    ['labelName', GROUP_EPICS, { labelName: names(MAX_LIST_VALUES + 1) }, 'labelName'],
    ['iids', GROUP_EPICS, { iids: names(101).map((_, i) => String(i + 1)) }, 'iids'],
    ['not.labelName', GROUP_EPICS, { not: { labelName: names(101) } }, 'not.labelName'],
    ['or.labelNames', GROUP_EPICS, { or: { labelNames: names(101) } }, 'or.labelNames'],
    ['or.authorUsernames', GROUP_EPICS, { or: { authorUsernames: names(101, 'user') } }, 'or.authorUsernames'],
    ['issues labelName', GROUP_ISSUES, { labelName: names(101) }, 'labelName'],
    ['issues iids', GROUP_ISSUES, { iids: names(101).map((_, i) => String(i + 1)) }, 'iids'],
    ['issues assigneeUsernames', GROUP_ISSUES, { assigneeUsernames: names(101, 'user') }, 'assigneeUsernames'],
    ['issues milestoneTitle', GROUP_ISSUES, { milestoneTitle: names(101) }, 'milestoneTitle'],
    ['issues not.authorUsername', GROUP_ISSUES, { not: { authorUsername: names(101) } }, 'not.authorUsername'],
    ['issues or.labelNames', GROUP_ISSUES, { or: { labelNames: names(101) } }, 'or.labelNames'],
    ['milestones ids', MILESTONES, { ids: names(101).map((_, i) => `gid://gitlab/Milestone/${i + 1}`) }, 'ids'],
  ])('%s: 101 values → a GraphQL error naming the argument', async (_name, query, variables, argument) => {
    const r = await t.graphql(query, variables, { as: owner });
    expect(r.status).toBe(200);
    expect(r.errors?.map((e) => e.message)).toEqual([tooManyValuesMessage(argument)]);
  });

  it('100 values are accepted and the label filters still match', async () => {
    type Epics = { group: { epics: { count: number; nodes: { title: string }[] } } };
    const all = await t.graphql<Epics>(GROUP_EPICS, { labelName: names(100) }, { as: owner });
    expect(all.errors).toBeUndefined();
    expect(all.data?.group.epics.count).toBe(0);
    const one = await t.graphql<Epics>(GROUP_EPICS, { labelName: ['LABEL-0', 'label-0'] }, { as: owner });
    expect(one.data?.group.epics.nodes.map((n) => n.title)).toEqual(['Labelled']);
    const any = await t.graphql<Epics>(
      GROUP_EPICS,
      { or: { labelNames: ['label-0', ...names(99, 'other')] } },
      { as: owner },
    );
    expect(any.errors).toBeUndefined();
    expect(any.data?.group.epics.count).toBe(1);
  });

  it('a mutation input list over the cap → the error, and nothing written', async () => {
    const r = await t.graphql<{ updateEpic: unknown }>(
      UPDATE_EPIC,
      { input: { groupPath: 'capped', iid: '1', title: 'Renamed', addLabels: names(101) } },
      { as: owner },
    );
    expect(r.errors?.map((e) => e.message)).toEqual([tooManyValuesMessage('addLabels')]);
    const after = await t.graphql<{ group: { epics: { nodes: { title: string }[] } } }>(GROUP_EPICS, {}, { as: owner });
    expect(after.data?.group.epics.nodes.map((n) => n.title)).toEqual(['Labelled']);
  });

  it('a 10,000-name roadmap filter from a signed-out visitor is refused, and the server keeps answering', async () => {
    const r = await t.graphql(GROUP_EPICS, { labelName: names(10_000) });
    expect(r.errors?.map((e) => e.message)).toEqual([tooManyValuesMessage('labelName')]);
    const next = await t.graphql<{ group: { epics: { count: number } } }>(GROUP_EPICS, { labelName: ['label-0'] });
    expect(next.data?.group.epics.count).toBe(1);
  });
});
