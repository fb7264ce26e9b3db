/**
 * `epic_issue_counts` (migration 0004) is kept by triggers: after every kind of write that can
 * change an epic's own issues — link, move between epics, reorder, unlink, issue state, weight and
 * health changes, issue and epic deletion, bulk SQL — its rows equal a count made from scratch, and
 * the roll-ups read from it equal the ones aggregated over the issues themselves.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { EpicWithGroup } from './epics.service.ts';

type Counts = Record<string, number>;

let t: TestApp;
let admin: UserRow;
let project: ProjectWithGroup;
let build: ReturnType<typeof epicsFactories>;
let parent: EpicWithGroup;
let childA: EpicWithGroup;
let childB: EpicWithGroup;

/** What the table holds, by epic id. */
async function stored(): Promise<Map<number, Counts>> {
  const result = await t.database.db.execute<Counts & { epic_id: number }>(sql`
    SELECT epic_id, opened_issues, closed_issues, opened_weight::int, closed_weight::int, on_track, needs_attention, at_risk
    FROM epic_issue_counts ORDER BY epic_id`);
  return new Map(result.rows.map(({ epic_id, ...counts }) => [Number(epic_id), counts]));
}

/** The same counts made from scratch over epic_issues and issues. */
async function fromScratch(): Promise<Map<number, Counts>> {
  const result = await t.database.db.execute<Counts & { epic_id: number }>(sql`
    SELECT ei.epic_id,
      count(*) FILTER (WHERE i.state = 'opened')::int AS opened_issues,
      count(*) FILTER (WHERE i.state = 'closed')::int AS closed_issues,
      COALESCE(sum(i.weight) FILTER (WHERE i.state = 'opened'), 0)::int AS opened_weight,
      COALESCE(sum(i.weight) FILTER (WHERE i.state = 'closed'), 0)::int AS closed_weight,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'on_track')::int AS on_track,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'needs_attention')::int AS needs_attention,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'at_risk')::int AS at_risk
    FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id GROUP BY ei.epic_id ORDER BY ei.epic_id`);
  return new Map(result.rows.map(({ epic_id, ...counts }) => [Number(epic_id), counts]));
}

async function expectConsistent() {
  expect(await stored()).toEqual(await fromScratch());
}

const parentRollup = async () => (await t.services.epics.rollups([parent.epic.id])).get(parent.epic.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.systemAdmin();
  build = epicsFactories(t);
  const group = await t.buildGroup({ path: 'counts', visibility: 'public' });
  project = await t.buildProject({ group, path: 'app' });
  parent = await build.buildEpic({ group, title: 'Parent' });
  childA = await build.buildEpic({ group, parent, title: 'Child A' });
  childB = await build.buildEpic({ group, parent, title: 'Child B' });
});

describe('epic_issue_counts', () => {
  it('counts issues as they are linked, with weights and open issues’ health', async () => {
    await build.buildIssue({ project, epic: parent, weight: 3, healthStatus: 'on_track' });
    await build.buildIssue({ project, epic: childA, weight: 5, closed: true });
    await build.buildIssue({ project, epic: childA, weight: 2, healthStatus: 'at_risk' });
    await build.buildIssue({ project, epic: childB, healthStatus: 'needs_attention', closed: true });
    await build.buildIssue({ project, weight: 8 });
    await expectConsistent();
    expect((await stored()).get(childA.epic.id)).toEqual({
      opened_issues: 1,
      closed_issues: 1,
      opened_weight: 2,
      closed_weight: 5,
      on_track: 0,
      needs_attention: 0,
      at_risk: 1,
    });
    expect(await parentRollup()).toEqual({
      openedEpics: 2,
      closedEpics: 0,
      openedIssues: 2,
      closedIssues: 2,
      openedIssuesWeight: 5,
      closedIssuesWeight: 5,
      issuesOnTrack: 1,
      issuesNeedingAttention: 0,
      issuesAtRisk: 1,
    });
  });

  it('follows state, weight and health changes of the issues', async () => {
    const actor = userActor(admin);
    let issue = await build.buildIssue({ project, epic: childB, weight: 1 });
    issue = await t.services.issues.update(actor, issue, { weight: 13 });
    await expectConsistent();
    issue = await t.services.issues.update(actor, issue, { healthStatus: 'at_risk' });
    await expectConsistent();
    issue = await t.services.issues.update(actor, issue, { stateEvent: 'close' });
    await expectConsistent();
    expect((await stored()).get(childB.epic.id)?.closed_weight).toBe(13);
    await t.services.issues.update(actor, issue, { stateEvent: 'reopen', title: 'Renamed' });
    await expectConsistent();
  });

  it('moves counts between epics, ignores reordering, and drops an epic’s row with its last issue', async () => {
    const actor = userActor(admin);
    const issue = await build.buildIssue({ project, epic: childA, weight: 4 });
    await t.services.issues.setEpic(actor, issue, childB.epic.id);
    await expectConsistent();
    await t.database.db.execute(sql`UPDATE epic_issues SET relative_position = relative_position - 7`);
    await expectConsistent();
    const lonely = await build.buildEpic({ group: parent.group, title: 'Lonely' });
    const only = await build.buildIssue({ project, epic: lonely, weight: 2 });
    expect((await stored()).has(lonely.epic.id)).toBe(true);
    await t.services.issues.setEpic(actor, only, null);
    await expectConsistent();
    expect((await stored()).has(lonely.epic.id)).toBe(false);
  });

  it('forgets deleted issues and deleted epics', async () => {
    const actor = userActor(admin);
    const issue = await build.buildIssue({ project, epic: childA, weight: 6 });
    await t.services.issues.remove(actor, issue);
    await expectConsistent();
    const doomed = await build.buildIssue({ project, epic: childB, weight: 1 });
    // a plain DELETE: the relation goes by ON DELETE CASCADE
    await t.database.db.execute(sql`DELETE FROM issues WHERE id = ${doomed.issue.id}`);
    await expectConsistent();
    const gone = await build.buildEpic({ group: parent.group, parent, title: 'Gone' });
    await build.buildIssue({ project, epic: gone, weight: 9 });
    await t.services.epics.remove(actor, gone);
    await expectConsistent();
    expect((await stored()).has(gone.epic.id)).toBe(false);
  });

  it('stays exact under bulk SQL: many rows in one statement', async () => {
    const issues = [];
    for (let i = 0; i < 6; i++) issues.push(await build.buildIssue({ project, weight: i, closed: i % 2 === 0 }));
    await t.database.db.execute(sql`
      INSERT INTO epic_issues (epic_id, issue_id)
      SELECT CASE WHEN n % 2 = 0 THEN ${childA.epic.id}::bigint ELSE ${childB.epic.id}::bigint END, id
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM issues
            WHERE id = ANY(${sql.param(issues.map((i) => String(i.issue.id)))}::bigint[])) x`);
    await expectConsistent();
    await t.database.db.execute(
      sql`UPDATE issues SET weight = COALESCE(weight, 0) + 1, state = 'closed' WHERE project_id = ${project.project.id}`,
    );
    await expectConsistent();
    await t.database.db.execute(
      sql`UPDATE epic_issues SET epic_id = ${parent.epic.id} WHERE epic_id = ${childA.epic.id}`,
    );
    await expectConsistent();
    const linked = await t.database.db.execute<{ n: number; w: number }>(sql`
      SELECT count(*)::int AS n, COALESCE(sum(i.weight), 0)::int AS w FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
      JOIN epics e ON e.id = ei.epic_id WHERE e.path_ids @> ARRAY[${parent.epic.id}]::bigint[]`);
    expect(await parentRollup()).toMatchObject({
      openedIssues: 0,
      closedIssues: linked.rows[0]?.n,
      closedIssuesWeight: linked.rows[0]?.w,
    });
  });
});
