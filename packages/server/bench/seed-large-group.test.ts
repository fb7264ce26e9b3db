/**
 * The benchmark seeder writes what the app itself would have written: a small seeded group passes
 * the epic tree's rules, its denormalised data (path_ids, positions, iid counters, inherited dates,
 * per-epic issue counts) equals what the app's own code derives, and the app goes on from it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../src/authz/actor.ts';
import type { UserRow } from '../src/db/schema.ts';
import { recomputeEpicDates } from '../src/modules/epics/epic-dates.repository.ts';
import { MAX_CHILDREN } from '../src/modules/epics/epic-hierarchy.ts';
import { createTestApp, type TestApp } from '../src/test/test-app.ts';
import { epicLevelSizes, type SeedResult, seedLargeGroup } from './seed-large-group.ts';

type Row = Record<string, unknown>;

describe('seedLargeGroup', () => {
  let t: TestApp;
  let owner: UserRow;
  let member: UserRow;
  let seeded: SeedResult;
  const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute<Row>(query)).rows;
  const epicColumns = sql`id, start_date_from_milestones, due_date_from_milestones, start_date_from_inherited_source,
    due_date_from_inherited_source, start_date_sourcing_milestone_id, due_date_sourcing_milestone_id,
    start_date_sourcing_epic_id, due_date_sourcing_epic_id, start_date, due_date`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    member = await t.buildUser();
    seeded = await seedLargeGroup(t.database, t.services, {
      path: 'seeded',
      owner,
      members: [member],
      epics: 400,
      issues: 2000,
      today: new Date('2026-11-22T00:00:00Z'),
    });
  }, 120_000);

  it('makes the groups, projects and the requested numbers of epics and issues', async () => {
    expect(seeded.epicCount).toBe(400);
    expect(seeded.issueCount).toBe(2000);
    expect(seeded.subgroups.map((g) => g.fullPath)).toEqual([
      'seeded/platform',
      'seeded/product',
      'seeded/platform/infra',
    ]);
    const [counts] = await rows(sql`
      SELECT (SELECT count(*) FROM epics e JOIN groups g ON g.id = e.group_id WHERE g.traversal_ids @> ARRAY[${seeded.group.id}]::bigint[])::int AS epics,
             (SELECT count(*) FROM issues i WHERE i.project_id = ANY(${sql.param(seeded.projects.map((p) => String(p.project.id)))}::bigint[]))::int AS issues,
             (SELECT max(cardinality(path_ids)) FROM epics)::int AS depth`);
    expect(counts).toEqual({ epics: 400, issues: 2000, depth: 4 });
  });

  it('keeps the epic tree’s rules: parents in the same or an ancestor group, confidentiality, at most 100 children', async () => {
    const broken = await rows(sql`
      SELECT c.id FROM epics c JOIN epics p ON p.id = c.parent_id JOIN groups cg ON cg.id = c.group_id
      WHERE NOT (cg.traversal_ids @> ARRAY[p.group_id]) OR (p.confidential AND NOT c.confidential)
         OR c.path_ids <> p.path_ids || c.id`);
    expect(broken).toEqual([]);
    const roots = await rows(sql`SELECT id FROM epics WHERE parent_id IS NULL AND path_ids <> ARRAY[id]`);
    expect(roots).toEqual([]);
    const [widest] = await rows(
      sql`SELECT max(n)::int AS n FROM (SELECT count(*) AS n FROM epics GROUP BY parent_id) x`,
    );
    expect(Number(widest?.n)).toBeLessThanOrEqual(MAX_CHILDREN);
    const issuesBroken = await rows(sql`
      SELECT i.id FROM epic_issues ei JOIN epics e ON e.id = ei.epic_id JOIN issues i ON i.id = ei.issue_id
        JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
      WHERE (e.confidential AND NOT i.confidential) OR NOT (pg.traversal_ids @> ARRAY[e.group_id])`);
    expect(issuesBroken).toEqual([]);
  });

  it('positions children and issues as the app appends them', async () => {
    const children = await rows(sql`
      SELECT parent_id, array_agg(relative_position ORDER BY id) AS positions FROM epics
      WHERE parent_id IS NOT NULL GROUP BY parent_id`);
    for (const c of children) {
      const positions = c.positions as number[];
      expect(positions).toEqual(positions.map((_, i) => i * 512));
    }
    const links = await rows(sql`
      SELECT epic_id, array_agg(relative_position ORDER BY id) AS positions FROM epic_issues GROUP BY epic_id`);
    for (const l of links) {
      const positions = l.positions as number[];
      expect(positions).toEqual(positions.map((_, i) => (i === 0 ? 0 : -i * 1024)));
    }
  });

  it('stores inherited dates and issue counts exactly as the app derives them', async () => {
    const before = await rows(sql`SELECT ${epicColumns} FROM epics ORDER BY id`);
    const dated = before.filter((e) => e.start_date !== null || e.due_date !== null);
    expect(dated.length).toBeGreaterThan(300);
    expect(before.some((e) => e.start_date_sourcing_epic_id !== null)).toBe(true);
    expect(before.some((e) => e.start_date_sourcing_milestone_id !== null)).toBe(true);
    await t.database.db.transaction(async (tx) => {
      await recomputeEpicDates(
        tx,
        before.map((e) => Number(e.id)),
      );
    });
    expect(await rows(sql`SELECT ${epicColumns} FROM epics ORDER BY id`)).toEqual(before);
    const stored = await rows(sql`SELECT epic_id, opened_issues, closed_issues, opened_weight::int, closed_weight::int,
      on_track, needs_attention, at_risk FROM epic_issue_counts ORDER BY epic_id`);
    const scratch = await rows(sql`
      SELECT ei.epic_id, count(*) FILTER (WHERE i.state = 'opened')::int AS opened_issues,
        count(*) FILTER (WHERE i.state = 'closed')::int AS closed_issues,
        COALESCE(sum(i.weight) FILTER (WHERE i.state = 'opened'), 0)::int AS opened_weight,
        COALESCE(sum(i.weight) FILTER (WHERE i.state = 'closed'), 0)::int AS closed_weight,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'on_track')::int AS on_track,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'needs_attention')::int AS needs_attention,
        count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 'at_risk')::int AS at_risk
      FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id GROUP BY ei.epic_id ORDER BY ei.epic_id`);
    expect(stored).toEqual(scratch);
  });

  it('seeds small groups too (below 200 epics it used to fail: no top-level epic in the top group)', async () => {
    for (const [path, epics, levels] of [
      ['small-4', 20, 4],
      ['small-2', 7, 2],
      ['small-1', 20, 1],
    ] as const) {
      const small = await seedLargeGroup(t.database, t.services, {
        path,
        owner,
        epics,
        issues: 30,
        levels,
        today: new Date('2026-11-22T00:00:00Z'),
      });
      expect(small.epicCount).toBe(epics);
      const [parent] = await rows(sql`
        SELECT e.group_id::int AS group_id, e.confidential, e.parent_id FROM epics e
        WHERE e.group_id = ${small.group.id} AND e.iid = ${small.parentEpicIid}`);
      expect(parent).toEqual({ group_id: small.group.id, confidential: false, parent_id: null });
      const [depth] = await rows(sql`
        SELECT max(cardinality(e.path_ids))::int AS n FROM epics e JOIN groups g ON g.id = e.group_id
        WHERE g.traversal_ids @> ARRAY[${small.group.id}]::bigint[]`);
      expect(depth?.n).toBe(levels);
    }
  }, 120_000);

  it('splits the epics over the levels, each level above the last holding at least one', () => {
    expect(epicLevelSizes(10_000, 4)).toEqual([500, 1500, 3000, 5000]);
    expect(epicLevelSizes(20, 4)).toEqual([1, 3, 6, 10]);
    expect(epicLevelSizes(4, 4)).toEqual([1, 1, 1, 1]);
    expect(epicLevelSizes(7, 2)).toEqual([1, 6]);
    expect(epicLevelSizes(20, 1)).toEqual([20]);
    expect(() => epicLevelSizes(3, 4)).toThrow('3 epics cannot fill 4 levels: at least 4 are needed.');
  });

  it('lets the app go on: the next epic and issue get the next iids, and the member reads the roadmap', async () => {
    const [maxIid] = await rows(sql`SELECT max(iid)::int AS n FROM epics WHERE group_id = ${seeded.group.id}`);
    const epic = await t.services.epics.create(userActor(owner), seeded.group, { title: 'After the seed' });
    expect(epic.epic.iid).toBe(Number(maxIid?.n) + 1);
    const project = seeded.busiestProject;
    const [maxIssue] = await rows(sql`SELECT max(iid)::int AS n FROM issues WHERE project_id = ${project.project.id}`);
    const issue = await t.services.issues.create(userActor(owner), project, { title: 'After the seed' });
    expect(issue.issue.iid).toBe(Number(maxIssue?.n) + 1);
    const res = await t.graphql<{ group: { epics: { count: number; nodes: { id: string }[] } } }>(
      `query { group(fullPath: "seeded") { epics(first: 20, sort: start_date_asc, labelName: ["${seeded.labelTitle}"]) {
        count nodes { id descendantCounts { openedIssues } } } } }`,
      {},
      { as: member },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.group.epics.count).toBeGreaterThan(0);
    const child = await t.graphql<{ group: { epic: { children: { count: number } } } }>(
      `query { group(fullPath: "seeded") { epic(iid: "${seeded.parentEpicIid}") { children { count } } } }`,
      {},
      { as: member },
    );
    expect(child.data?.group.epic.children.count).toBeGreaterThan(0);
  });
});
