/**
 * What an epic's roadmap row counts and shows (issue 15, decision 0040): its direct child epics in
 * all and within the list's timeframe (`childrenCount`, `childrenCountWithinTimeframe`), the
 * milestones of one epic's tree (`Group.milestones(epicIid:)`), and a milestone's description as
 * rendered markdown (`Milestone.descriptionHtml`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicWithGroup } from './epics.service.ts';

type Counts = { title: string; childrenCount: number; childrenCountWithinTimeframe: number };

describe('epic roadmap counts and milestones', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let parent: EpicWithGroup;
  let other: EpicWithGroup;
  let milestoneIds: { inTree: number; deep: number; elsewhere: number };

  beforeAll(async () => {
    t = await createTestApp();
    const f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser({ username: 'rc-owner' });
    outsider = await t.buildUser({ username: 'rc-outsider' });
    group = await t.buildGroup({ path: 'rc', owner, visibility: 'private' });
    const project = await t.buildProject({ group, visibility: 'private' });
    parent = await f.buildEpic({
      group,
      title: 'Parent',
      startDateFixed: '2026-01-01',
      dueDateFixed: '2026-12-31',
    });
    const inside = await f.buildEpic({
      group,
      title: 'Inside',
      parent,
      startDateFixed: '2026-02-01',
      dueDateFixed: '2026-02-28',
    });
    await f.buildEpic({ group, title: 'Outside', parent, startDateFixed: '2028-01-01', dueDateFixed: '2028-02-01' });
    const grandchild = await f.buildEpic({ group, title: 'Grandchild', parent: inside });
    other = await f.buildEpic({ group, title: 'Other' });
    const inTree = await lm.buildMilestone({ group, title: 'In tree', startDate: '2026-02-01', dueDate: '2026-02-28' });
    const deep = await lm.buildMilestone({ group, title: 'Deep', startDate: '2026-03-01', dueDate: '2026-03-31' });
    const elsewhere = await lm.buildMilestone({
      group,
      title: 'Elsewhere',
      startDate: '2026-04-01',
      dueDate: '2026-04-30',
    });
    await f.buildIssue({ project, epic: parent, milestoneId: inTree.id });
    await f.buildIssue({ project, epic: grandchild, milestoneId: deep.id });
    await f.buildIssue({ project, epic: other, milestoneId: elsewhere.id });
    milestoneIds = { inTree: inTree.id, deep: deep.id, elsewhere: elsewhere.id };
  });

  it('counts direct child epics, in all and within the timeframe of the list', async () => {
    const r = await t.graphql<{ group: { epics: { nodes: Counts[] } } }>(
      `{ group(fullPath: "rc") { epics(timeframe: { start: "2026-01-01", end: "2026-06-30" }, sort: TITLE_ASC) {
          nodes { title childrenCount childrenCountWithinTimeframe } } } }`,
      {},
      { as: owner },
    );
    const byTitle = Object.fromEntries((r.data?.group.epics.nodes ?? []).map((n) => [n.title, n]));
    // Two direct children (the grandchild is Inside's), one of them in the first half of 2026.
    expect(byTitle.Parent).toMatchObject({ childrenCount: 2, childrenCountWithinTimeframe: 1 });
    // The grandchild inherits March 2026 from its issue's milestone.
    expect(byTitle.Inside).toMatchObject({ childrenCount: 1, childrenCountWithinTimeframe: 1 });
    expect(byTitle.Other).toMatchObject({ childrenCount: 0, childrenCountWithinTimeframe: 0 });
  });

  it("lists only the milestones of an epic's tree with epicIid, none for a hidden or missing epic", async () => {
    const query = `query($iid: ID) { group(fullPath: "rc") { milestones(epicIid: $iid, sort: DUE_DATE_ASC) {
      count nodes { id title } } } }`;
    type Answer = { group: { milestones: { count: number; nodes: { id: string; title: string }[] } } | null };
    const tree = await t.graphql<Answer>(query, { iid: String(parent.epic.iid) }, { as: owner });
    expect(tree.data?.group?.milestones.nodes.map((m) => m.id)).toEqual([
      `gid://gitlab/Milestone/${milestoneIds.inTree}`,
      `gid://gitlab/Milestone/${milestoneIds.deep}`,
    ]);
    const all = await t.graphql<Answer>(query, {}, { as: owner });
    expect(all.data?.group?.milestones.count).toBe(3);
    const missing = await t.graphql<Answer>(query, { iid: '999' }, { as: owner });
    expect(missing.data?.group?.milestones).toEqual({ count: 0, nodes: [] });
    const hidden = await t.graphql<Answer>(query, { iid: String(other.epic.iid) }, { as: outsider });
    expect(hidden.data?.group).toBeNull();
  });

  it('renders a milestone description as markdown', async () => {
    const lm = labelsMilestonesFactories(t);
    const milestone = await lm.buildMilestone({ group, title: 'Described', description: 'Ship **it**' });
    const r = await t.graphql<{ milestone: { description: string; descriptionHtml: string } }>(
      `query($id: ID!) { milestone(id: $id) { description descriptionHtml } }`,
      { id: `gid://gitlab/Milestone/${milestone.id}` },
      { as: owner },
    );
    expect(r.data?.milestone.description).toBe('Ship **it**');
    expect(r.data?.milestone.descriptionHtml).toContain('<strong>it</strong>');
  });
});
