/**
 * Concurrent conflicting writes through real requests, fired together: re-parenting epics under
 * each other, reordering the tree, changing dates and labels of the same epics and issues. None may
 * answer 5xx (a write that loses answers 409/422 with a message), and the hierarchy stays
 * consistent: acyclic, path_ids matching the parents, depth ≤ 7, rolled-up dates as recomputed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { MAX_HIERARCHY_DEPTH } from './epic-hierarchy.ts';
import type { EpicWithGroup } from './epics.service.ts';

const UPDATE = `mutation($input: UpdateEpicInput!) { updateEpic(input: $input) { epic { iid } errors } }`;
const REORDER = `mutation($input: EpicTreeReorderInput!) { epicTreeReorder(input: $input) { errors } }`;
const ROUNDS = 4;

type Outcome = { via: string; status: number; body: string };

describe('concurrent conflicting writes', () => {
  let t: TestApp;
  let f: ReturnType<typeof epicsFactories>;
  let acme: GroupRow;
  let owner: UserRow;
  let project: ProjectWithGroup;

  const gid = (e: EpicWithGroup) => `gid://gitlab/Epic/${e.epic.id}`;
  const epicUrl = (e: EpicWithGroup) => `/api/v4/groups/${e.group.id}/epics/${e.epic.iid}`;

  /** A REST write's outcome. */
  const rest = async (via: string, method: 'PUT' | 'POST', url: string, payload: object): Promise<Outcome> => {
    const res = await t.request({ method, url, payload, as: owner });
    return { via, status: res.statusCode, body: res.body };
  };
  /** A GraphQL mutation's outcome: its HTTP status, and 500 for a masked unexpected error. */
  const gql = async (via: string, query: string, input: object): Promise<Outcome> => {
    const r = await t.graphql(query, { input }, { as: owner });
    const unexpected = r.errors?.some((e) => e.message === 'Internal server error' || e.message === 'Unexpected error');
    return { via, status: unexpected ? 500 : r.status, body: JSON.stringify(r.body) };
  };
  const setParentRest = (child: EpicWithGroup, parent: EpicWithGroup | null) =>
    rest('REST parent_id', 'PUT', epicUrl(child), { parent_id: parent ? parent.epic.id : null });
  const setParentGraphql = (child: EpicWithGroup, parent: EpicWithGroup | null) =>
    gql('updateEpic parentId', UPDATE, {
      groupPath: child.group.fullPath,
      iid: String(child.epic.iid),
      parentId: parent ? gid(parent) : null,
    });

  const expectNo5xx = (outcomes: Outcome[]) => {
    const failures = outcomes.filter((o) => o.status >= 500);
    expect(failures).toEqual([]);
  };

  /** Every epic of the group: acyclic, path_ids = parent's path_ids + itself, depth ≤ 7, dates as recomputed. */
  async function expectConsistentHierarchy(): Promise<void> {
    const { rows } = await t.database.pool.query<{
      id: number;
      parent_id: number | null;
      path_ids: number[];
      start_date: string | null;
      due_date: string | null;
    }>(
      `SELECT e.id, e.parent_id, e.path_ids, e.start_date::text, e.due_date::text FROM epics e WHERE e.group_id = $1`,
      [acme.id],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const row of rows) {
      const seen = new Set<number>();
      let depth = 1;
      for (let at = row; at.parent_id !== null; depth++) {
        expect(seen.has(Number(at.id)), `cycle through epic ${at.id}`).toBe(false);
        seen.add(Number(at.id));
        const parent = byId.get(Number(at.parent_id));
        if (!parent) throw new Error(`epic ${at.id} has a parent outside the group`);
        at = parent;
      }
      expect(depth).toBeLessThanOrEqual(MAX_HIERARCHY_DEPTH);
      const parent = row.parent_id === null ? undefined : byId.get(Number(row.parent_id));
      const expected = [...(parent ? parent.path_ids.map(Number) : []), Number(row.id)];
      expect(row.path_ids.map(Number)).toEqual(expected);
    }
    // The stored roll-ups are what a fresh recompute gives (none lost to a race).
    const before = rows.map((r) => [Number(r.id), r.start_date, r.due_date]);
    await t.services.epics.recomputeDates(rows.map((r) => Number(r.id)));
    const after = await t.database.pool.query<{ id: number; start_date: string | null; due_date: string | null }>(
      `SELECT id, start_date::text, due_date::text FROM epics WHERE group_id = $1`,
      [acme.id],
    );
    const recomputed = new Map(after.rows.map((r) => [Number(r.id), [Number(r.id), r.start_date, r.due_date]]));
    expect(before.map((b) => recomputed.get(b[0] as number))).toEqual(before);
  }

  beforeAll(async () => {
    t = await createTestApp();
    f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    owner = await t.buildUser({ username: 'race-owner' });
    acme = await t.buildGroup({ path: 'acme', owner });
    project = await t.buildProject({ group: acme });
    for (const title of ['red', 'green', 'blue']) await lm.buildLabel({ group: acme, title });
  });

  it('re-parenting A under B and B under A at the same time: one wins, the other is refused, never a 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await f.buildEpic({ group: acme, title: `A${round}` });
      const b = await f.buildEpic({ group: acme, title: `B${round}` });
      const outcomes = await Promise.all([
        setParentRest(a, b),
        setParentRest(b, a),
        setParentGraphql(a, b),
        setParentGraphql(b, a),
      ]);
      expectNo5xx(outcomes);
      expect(outcomes.filter((o) => o.via === 'REST parent_id' && o.status === 200).length).toBeGreaterThan(0);
      const reload = async (e: EpicWithGroup) =>
        (await t.services.epics.findById(userActor(owner), e.epic.id))?.epic.parentId;
      const [parentOfA, parentOfB] = [await reload(a), await reload(b)];
      // Exactly one of them ends up under the other.
      expect([parentOfA === b.epic.id, parentOfB === a.epic.id].filter(Boolean)).toHaveLength(1);
    }
    await expectConsistentHierarchy();
  });

  it('a storm of re-parenting, tree reorders, date and label changes on the same epics and issues', async () => {
    const root = await f.buildEpic({ group: acme, title: 'Storm root' });
    const middle = [
      await f.buildEpic({ group: acme, title: 'm1', parent: root }),
      await f.buildEpic({ group: acme, title: 'm2', parent: root }),
      await f.buildEpic({ group: acme, title: 'm3', parent: root }),
    ];
    const leaves = [
      await f.buildEpic({ group: acme, title: 'l1', parent: middle[0] }),
      await f.buildEpic({ group: acme, title: 'l2', parent: middle[0] }),
      await f.buildEpic({ group: acme, title: 'l3', parent: middle[1] }),
      await f.buildEpic({ group: acme, title: 'l4', parent: middle[2] }),
    ];
    const issues = [
      await f.buildIssue({ project, epic: leaves[0] }),
      await f.buildIssue({ project, epic: leaves[1] }),
      await f.buildIssue({ project, epic: middle[1] }),
    ];
    const all = [root, ...middle, ...leaves];
    const pick = <T>(list: T[], i: number): T => list[i % list.length] as T;

    for (let round = 0; round < ROUNDS; round++) {
      const day = String(10 + round).padStart(2, '0');
      const writes: Promise<Outcome>[] = [
        // Re-parenting in both directions between the same epics (some make cycles: refused).
        setParentRest(pick(leaves, round), pick(middle, round + 1)),
        setParentRest(pick(middle, round + 1), pick(leaves, round)),
        setParentGraphql(pick(middle, round), pick(middle, round + 2)),
        setParentGraphql(pick(middle, round + 2), pick(middle, round)),
        setParentRest(pick(leaves, round + 2), root),
        // Tree reorders under the root, also moving into another parent.
        gql('epicTreeReorder', REORDER, {
          baseEpicId: gid(root),
          moved: {
            id: gid(pick(middle, round)),
            adjacentReferenceId: gid(pick(middle, round + 1)),
            relativePosition: 'after',
          },
        }),
        gql('epicTreeReorder', REORDER, {
          baseEpicId: gid(root),
          moved: { id: gid(pick(leaves, round + 1)), newParentId: gid(pick(middle, round + 2)) },
        }),
        // Dates that roll up the same ancestor chains.
        rest('REST dates', 'PUT', epicUrl(pick(leaves, round)), {
          start_date_is_fixed: true,
          start_date_fixed: `2027-01-${day}`,
          due_date_is_fixed: true,
          due_date_fixed: `2027-0${(round % 9) + 1}-28`,
        }),
        rest('REST dates', 'PUT', epicUrl(pick(leaves, round + 3)), {
          due_date_is_fixed: true,
          due_date_fixed: `2028-02-${day}`,
        }),
        rest('REST dates', 'PUT', epicUrl(pick(middle, round)), { start_date_is_fixed: round % 2 === 0 }),
        // Labels on the same epics and issues.
        rest('REST epic labels', 'PUT', epicUrl(pick(all, round)), { add_labels: 'red,green' }),
        rest('REST epic labels', 'PUT', epicUrl(pick(all, round)), { remove_labels: 'red', add_labels: 'blue' }),
        rest('REST epic labels', 'PUT', epicUrl(pick(all, round)), { labels: 'green' }),
        rest(
          'REST issue labels',
          'PUT',
          `/api/v4/projects/${project.project.id}/issues/${pick(issues, round).issue.iid}`,
          {
            add_labels: 'red',
          },
        ),
        rest(
          'REST issue labels',
          'PUT',
          `/api/v4/projects/${project.project.id}/issues/${pick(issues, round).issue.iid}`,
          {
            labels: 'blue,green',
          },
        ),
        // An issue moving between epics of the same tree.
        rest(
          'REST issue epic',
          'PUT',
          `/api/v4/projects/${project.project.id}/issues/${pick(issues, round + 1).issue.iid}`,
          {
            epic_id: pick(all, round + 4).epic.id,
          },
        ),
      ];
      const outcomes = await Promise.all(writes);
      expectNo5xx(outcomes);
      // Most writes get through: the conflicts are real ones (cycles, stale versions), not lost races.
      expect(outcomes.filter((o) => o.status < 300).length).toBeGreaterThan(writes.length / 2);
      await expectConsistentHierarchy();
    }
  });
});
