/** The epic tree: hierarchy rules, path_ids, inherited dates up the chain, roll-ups, reordering. */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { recomputeEpicDatesForMilestones } from './epic-dates.repository.ts';
import type { EpicWithGroup } from './epics.service.ts';

const UPDATE = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { epic { iid parent { iid } } errors } }`;
const REORDER = `mutation($input: EpicTreeReorderInput!) { epicTreeReorder(input: $input) { errors } }`;
const CHILDREN = `query($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { children { nodes { iid title relativePosition } } } } }`;

describe('the epic tree', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let lm: ReturnType<typeof labelsMilestonesFactories>;
  let acme: GroupRow;
  let platform: GroupRow;
  let sibling: GroupRow;
  let project: ProjectWithGroup;
  let owner: UserRow;
  let guest: UserRow;

  const reload = async (e: EpicWithGroup) =>
    (await t.services.epics.findById(userActor(owner), e.epic.id)) as EpicWithGroup;
  const setParent = (child: EpicWithGroup, parent: EpicWithGroup | null, as = owner) =>
    t.graphql<{ updateEpic: { errors: string[] } }>(
      UPDATE,
      {
        input: {
          groupPath: child.group.fullPath,
          iid: String(child.epic.iid),
          parentId: parent ? `gid://gitlab/Epic/${parent.epic.id}` : null,
        },
      },
      { as },
    );

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    lm = labelsMilestonesFactories(t);
    owner = await t.buildUser();
    guest = await t.buildUser();
    acme = await t.buildGroup({ path: 'acme', owner });
    platform = await t.buildGroup({ path: 'platform', parent: acme, owner });
    sibling = await t.buildGroup({ path: 'sibling', parent: acme, owner });
    project = await t.buildProject({ group: platform });
    await t.addGroupMember(acme, guest, 10);
  });

  describe('hierarchy rules', () => {
    it('keeps path_ids of the whole subtree on every parent change', async () => {
      const a = await f.buildEpic({ group: acme, title: 'A' });
      const b = await f.buildEpic({ group: acme, title: 'B', parent: a });
      const c = await f.buildEpic({ group: platform, title: 'C', parent: b });
      expect((await reload(c)).epic.pathIds).toEqual([a.epic.id, b.epic.id, c.epic.id]);
      const root = await f.buildEpic({ group: acme, title: 'Root' });
      expect((await setParent(a, root)).data?.updateEpic.errors).toEqual([]);
      expect((await reload(c)).epic.pathIds).toEqual([root.epic.id, a.epic.id, b.epic.id, c.epic.id]);
      expect((await setParent(b, null)).data?.updateEpic.errors).toEqual([]);
      expect((await reload(c)).epic.pathIds).toEqual([b.epic.id, c.epic.id]);
    });

    it.each([
      ['itself', 'self', 'This epic cannot be added. An epic cannot be added to itself.'],
      [
        'its own descendant (a cycle)',
        'descendant',
        'This epic cannot be added. It is already an ancestor of the parent epic.',
      ],
      [
        'an epic of a subgroup',
        'subgroup',
        'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
      ],
      [
        'an epic of a sibling group',
        'sibling',
        'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.',
      ],
      [
        'a confidential parent (for a public child)',
        'confidential',
        'A non-confidential epic cannot be assigned to a confidential parent epic',
      ],
    ])('refuses a parent that is %s, changing nothing', async (_name, kind, message) => {
      const epic = await f.buildEpic({ group: platform, title: `Subject ${kind}` });
      const child = await f.buildEpic({ group: platform, parent: epic });
      const parents: Record<string, () => Promise<EpicWithGroup>> = {
        self: async () => epic,
        descendant: async () => child,
        subgroup: async () =>
          epic &&
          (await f.buildEpic({ group: platform })).group &&
          f.buildEpic({ group: await t.buildGroup({ parent: platform, owner }) }),
        sibling: () => f.buildEpic({ group: sibling }),
        confidential: () => f.buildEpic({ group: acme, confidential: true }),
      };
      const parent = await (parents[kind] as () => Promise<EpicWithGroup>)();
      const r = await setParent(epic, parent);
      expect(r.data?.updateEpic.errors).toEqual([message]);
      expect((await reload(epic)).epic.parentId).toBeNull();
    });

    it('refuses a hierarchy deeper than 7 levels with 409 "Epic hierarchy level too deep"', async () => {
      let parent = await f.buildEpic({ group: acme, title: 'L1' });
      for (let level = 2; level <= 7; level += 1)
        parent = await f.buildEpic({ group: acme, title: `L${level}`, parent });
      const leaf = await f.buildEpic({ group: acme, title: 'L8' });
      const rest = await t.request({
        method: 'POST',
        url: `/api/v4/groups/acme/epics/${parent.epic.iid}/epics/${leaf.epic.id}`,
        as: owner,
      });
      expect([rest.statusCode, rest.json()]).toEqual([409, { message: 'Epic hierarchy level too deep' }]);
      expect((await setParent(leaf, parent)).data?.updateEpic.errors).toEqual(['Epic hierarchy level too deep']);
      // A two-level subtree under level 6 would reach 8 as well.
      const top = await f.buildEpic({ group: acme, title: 'Two levels' });
      await f.buildEpic({ group: acme, parent: top });
      const l6 = (await reload(parent)).epic.parentId as number;
      const six = (await t.services.epics.findById(userActor(owner), l6)) as EpicWithGroup;
      expect((await setParent(top, six)).data?.updateEpic.errors).toEqual(['Epic hierarchy level too deep']);
      expect((await reload(top)).epic.parentId).toBeNull();
    });

    it('deleting an epic releases its children (they become top-level) and recomputes the old parent', async () => {
      const top = await f.buildEpic({ group: acme, title: 'Keeps' });
      const doomed = await f.buildEpic({ group: acme, title: 'Doomed', parent: top });
      const kid = await f.buildEpic({ group: acme, title: 'Kid', parent: doomed, startDateFixed: '2026-05-01' });
      const grandkid = await f.buildEpic({ group: acme, title: 'Grandkid', parent: kid });
      expect((await reload(top)).epic.startDate).toBe('2026-05-01');
      await t.services.epics.remove(userActor(owner), await reload(doomed));
      expect((await reload(kid)).epic).toMatchObject({ parentId: null, pathIds: [kid.epic.id] });
      expect((await reload(grandkid)).epic.pathIds).toEqual([kid.epic.id, grandkid.epic.id]);
      expect((await reload(top)).epic.startDate).toBeNull();
    });

    it('refuses making an epic confidential while it holds public children', async () => {
      const parent = await f.buildEpic({ group: acme });
      await f.buildEpic({ group: acme, parent });
      const r = await t.graphql<{ updateEpic: { errors: string[] } }>(
        UPDATE.replace('parent { iid }', 'confidential'),
        { input: { groupPath: 'acme', iid: String(parent.epic.iid), confidential: true } },
        { as: owner },
      );
      expect(r.data?.updateEpic.errors).toEqual([
        'Cannot make the epic confidential if it contains non-confidential child epics',
      ]);
    });
  });

  describe('inherited dates', () => {
    it('inherits from issue milestones and child epics, up the whole ancestor chain', async () => {
      const top = await f.buildEpic({ group: acme, title: 'Top' });
      const mid = await f.buildEpic({ group: acme, title: 'Mid', parent: top });
      const leaf = await f.buildEpic({ group: platform, title: 'Leaf', parent: mid });
      const q1 = await lm.buildMilestone({ group: acme, startDate: '2026-01-01', dueDate: '2026-03-31' });
      const q3 = await lm.buildMilestone({ group: acme, startDate: '2026-07-01', dueDate: '2026-09-30' });
      await f.buildIssue({ project, epic: leaf, milestoneId: q3.id });
      await f.buildIssue({ project, epic: mid, milestoneId: q1.id });
      const dates = async (e: EpicWithGroup) => {
        const r = (await reload(e)).epic;
        return [
          r.startDate,
          r.dueDate,
          r.startDateFromInheritedSource,
          r.dueDateFromInheritedSource,
          r.startDateFromMilestones,
        ];
      };
      expect(await dates(leaf)).toEqual(['2026-07-01', '2026-09-30', '2026-07-01', '2026-09-30', '2026-07-01']);
      expect(await dates(mid)).toEqual(['2026-01-01', '2026-09-30', '2026-01-01', '2026-09-30', '2026-01-01']);
      expect(await dates(top)).toEqual(['2026-01-01', '2026-09-30', '2026-01-01', '2026-09-30', null]);

      // A fixed date on the leaf wins for the leaf and flows up as its effective date.
      await t.services.epics.update(userActor(owner), await reload(leaf), {
        dueDateFixed: '2027-02-28',
        dueDateIsFixed: true,
      });
      expect((await dates(top))[1]).toBe('2027-02-28');

      // Unlinking the leaf recomputes the old chain.
      await t.services.epics.removeChild(userActor(owner), await reload(mid), leaf.epic.id);
      expect(await dates(top)).toEqual(['2026-01-01', '2026-03-31', '2026-01-01', '2026-03-31', null]);

      // The milestones module calls recomputeDates after changing milestone dates.
      await t.services.milestones.update(userActor(owner), { type: 'Group', group: acme }, q1, {
        startDate: '2025-11-01',
      });
      // … so the chain is already up to date: recomputing again changes (and writes) nothing.
      expect(await recomputeEpicDatesForMilestones(t.database.db, [q1.id])).toEqual([]);
      expect((await dates(top))[0]).toBe('2025-11-01');
      await t.services.milestones.update(userActor(owner), { type: 'Group', group: acme }, q1, {
        startDate: '2025-12-01',
      });
      await t.services.epics.recomputeDates([mid.epic.id]);
      expect((await dates(top))[0]).toBe('2025-12-01');
    });
  });

  describe('roll-ups', () => {
    it('counts the whole subtree, hidden items included, in one query per page', async () => {
      const root = await f.buildEpic({ group: acme, title: 'Rollup root' });
      const open = await f.buildEpic({ group: acme, parent: root });
      await f.buildEpic({ group: platform, parent: open, closed: true });
      await f.buildEpic({ group: acme, parent: root, confidential: true, title: 'Hidden child' });
      await f.buildIssue({ project, epic: root, weight: 3, healthStatus: 'on_track' });
      await f.buildIssue({ project, epic: open, weight: 5, healthStatus: 'at_risk' });
      await f.buildIssue({ project, epic: open, weight: 2, closed: true, healthStatus: 'needs_attention' });
      await f.buildIssue({ project, epic: open, confidential: true, healthStatus: 'needs_attention', weight: 1 });
      const query = `query { group(fullPath: "acme") { epic(iid: "${root.epic.iid}") {
        hasChildren children { count nodes { title } }
        descendantCounts { openedEpics closedEpics openedIssues closedIssues }
        descendantWeightSum { openedIssues closedIssues }
        healthStatus { issuesOnTrack issuesNeedingAttention issuesAtRisk } } } }`;
      const expected = {
        descendantCounts: { openedEpics: 2, closedEpics: 1, openedIssues: 3, closedIssues: 1 },
        descendantWeightSum: { openedIssues: 9, closedIssues: 2 },
        healthStatus: { issuesOnTrack: 1, issuesNeedingAttention: 1, issuesAtRisk: 1 },
      };
      for (const as of [owner, guest]) {
        const r = await t.graphql<{ group: { epic: Record<string, unknown> } }>(query, {}, { as });
        expect(r.errors).toBeUndefined();
        expect(r.data?.group.epic).toMatchObject(expected);
      }
      // The hidden child counts but is not listed.
      const asGuest = await t.graphql<{ group: { epic: { children: { count: number; nodes: { title: string }[] } } } }>(
        query,
        {},
        { as: guest },
      );
      expect(asGuest.data?.group.epic.children.count).toBe(1);
      expect(asGuest.data?.group.epic.children.nodes.map((n) => n.title)).not.toContain('Hidden child');
    });
  });

  describe('epicTreeReorder', () => {
    it('reorders children and moves them between parents', async () => {
      const base = await f.buildEpic({ group: acme, title: 'Tree base' });
      const a = await f.buildEpic({ group: acme, title: 'a', parent: base });
      const b = await f.buildEpic({ group: acme, title: 'b', parent: base });
      const c = await f.buildEpic({ group: acme, title: 'c', parent: base });
      const order = async (e: EpicWithGroup) =>
        (
          await t.graphql<{ group: { epic: { children: { nodes: { title: string }[] } } } }>(
            CHILDREN,
            { iid: String(e.epic.iid) },
            { as: owner },
          )
        ).data?.group.epic.children.nodes.map((n) => n.title);
      expect(await order(base)).toEqual(['a', 'b', 'c']);
      const gid = (e: EpicWithGroup) => `gid://gitlab/Epic/${e.epic.id}`;
      const move = (
        moved: EpicWithGroup,
        adjacent: EpicWithGroup | null,
        relativePosition: string,
        newParent?: EpicWithGroup,
        as = owner,
      ) =>
        t.graphql<{ epicTreeReorder: { errors: string[] } }>(
          REORDER,
          {
            input: {
              baseEpicId: gid(base),
              moved: {
                id: gid(moved),
                adjacentReferenceId: adjacent ? gid(adjacent) : null,
                relativePosition,
                newParentId: newParent ? gid(newParent) : null,
              },
            },
          },
          { as },
        );
      // `after`: the adjacent item sits after the moved one → c goes before a.
      expect((await move(c, a, 'after')).data?.epicTreeReorder.errors).toEqual([]);
      expect(await order(base)).toEqual(['c', 'a', 'b']);
      // `before`: the adjacent item sits before the moved one → c goes after b.
      expect((await move(c, b, 'before')).data?.epicTreeReorder.errors).toEqual([]);
      expect(await order(base)).toEqual(['a', 'b', 'c']);
      // Move b under a (empty list: `before` without an adjacent item).
      expect((await move(b, null, 'before', a)).data?.epicTreeReorder.errors).toEqual([]);
      expect(await order(base)).toEqual(['a', 'c']);
      expect(await order(a)).toEqual(['b']);
      // A guest cannot reorder: GitLab's top-level not-found error, nothing moved.
      const denied = await move(c, a, 'after', undefined, guest);
      expect(denied.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
      expect(await order(base)).toEqual(['a', 'c']);
      // Something outside the base epic's tree is missing too.
      const stranger = await f.buildEpic({ group: acme, title: 'stranger' });
      expect((await move(stranger, a, 'after')).errors?.[0]?.message).toMatch(/does not exist/);
    });

    it('reorders an epic’s issues and moves one to another epic of the tree (EpicIssue ids)', async () => {
      const base = await f.buildEpic({ group: acme, title: 'Issue tree' });
      const other = await f.buildEpic({ group: acme, title: 'Other branch', parent: base });
      const secret = await f.buildEpic({ group: acme, title: 'Secret branch', parent: base, confidential: true });
      const i1 = await f.buildIssue({ project, epic: base, title: 'i1' });
      const i2 = await f.buildIssue({ project, epic: base, title: 'i2' });
      const i3 = await f.buildIssue({ project, epic: base, title: 'i3' });
      const rowId = async (issueId: number) =>
        Number((await t.database.pool.query('SELECT id FROM epic_issues WHERE issue_id = $1', [issueId])).rows[0].id);
      const order = async (epicId: number) =>
        (
          await t.database.pool.query(
            `SELECT i.title FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id WHERE ei.epic_id = $1
             ORDER BY ei.relative_position NULLS LAST, ei.id`,
            [epicId],
          )
        ).rows.map((r) => r.title);
      const reorder = async (
        movedIssue: number,
        adjacentIssue: number | null,
        relativePosition: string,
        newParent?: EpicWithGroup,
      ) =>
        (
          await t.graphql<{ epicTreeReorder: { errors: string[] } }>(
            REORDER,
            {
              input: {
                baseEpicId: `gid://gitlab/Epic/${base.epic.id}`,
                moved: {
                  id: `gid://gitlab/EpicIssue/${await rowId(movedIssue)}`,
                  adjacentReferenceId: adjacentIssue ? `gid://gitlab/EpicIssue/${await rowId(adjacentIssue)}` : null,
                  relativePosition,
                  newParentId: newParent ? `gid://gitlab/Epic/${newParent.epic.id}` : null,
                },
              },
            },
            { as: owner },
          )
        ).data?.epicTreeReorder.errors;
      // Without an adjacent item the moved one goes to the end: this fixes the order i1, i2, i3.
      for (const issue of [i1, i2, i3]) expect(await reorder(issue.issue.id, null, 'before')).toEqual([]);
      expect(await order(base.epic.id)).toEqual(['i1', 'i2', 'i3']);
      expect(await reorder(i3.issue.id, i1.issue.id, 'after')).toEqual([]);
      expect(await order(base.epic.id)).toEqual(['i3', 'i1', 'i2']);
      expect(await reorder(i3.issue.id, null, 'before', other)).toEqual([]);
      expect(await order(base.epic.id)).toEqual(['i1', 'i2']);
      expect(await order(other.epic.id)).toEqual(['i3']);
      // A public issue cannot move under a confidential epic: nothing moves.
      expect(await reorder(i1.issue.id, null, 'before', secret)).toEqual([
        'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again',
      ]);
      expect(await order(base.epic.id)).toEqual(['i1', 'i2']);
      // Mixed types are refused.
      const mixed = await t.graphql<{ epicTreeReorder: { errors: string[] } }>(
        REORDER,
        {
          input: {
            baseEpicId: `gid://gitlab/Epic/${base.epic.id}`,
            moved: {
              id: `gid://gitlab/EpicIssue/${await rowId(i1.issue.id)}`,
              adjacentReferenceId: `gid://gitlab/Epic/${other.epic.id}`,
              relativePosition: 'after',
            },
          },
        },
        { as: owner },
      );
      expect(mixed.data?.epicTreeReorder.errors).toEqual(['Relative position is not valid.']);
    });
  });
});
