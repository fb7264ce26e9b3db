/**
 * Date recomputation at scale: recomputing 10,000 epics (four levels, issues with milestones) takes a
 * handful of statements — one for the lock, one for the chain, one per depth level — not one or two
 * per epic, and every stored date is what the shared rules (`inheritDates`, `effectiveDates`) give.
 * Statements are counted, not timed.
 */
import { effectiveDates, inheritDates } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedLargeGroup } from '../../../bench/seed-large-group.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recomputeEpicDates } from './epic-dates.repository.ts';

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

type Stored = {
  id: number;
  parent_id: number | null;
  depth: number;
  start_date_is_fixed: boolean;
  start_date_fixed: string | null;
  due_date_is_fixed: boolean;
  due_date_fixed: string | null;
  start_date: string | null;
  due_date: string | null;
  start_date_from_milestones: string | null;
  due_date_from_milestones: string | null;
  start_date_from_inherited_source: string | null;
  due_date_from_inherited_source: string | null;
  start_date_sourcing_milestone_id: number | null;
  due_date_sourcing_milestone_id: number | null;
  start_date_sourcing_epic_id: number | null;
  due_date_sourcing_epic_id: number | null;
};

describe('recomputeEpicDates at 10,000 epics', () => {
  let t: TestApp;
  let epicIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.buildUser();
    await seedLargeGroup(t.database, t.services, { path: 'dates-10k', owner, epics: 10_000, issues: 5_000 });
    const rows = await t.database.pool.query<{ id: number }>('SELECT id FROM epics ORDER BY id');
    epicIds = rows.rows.map((r) => Number(r.id));
  }, 300_000);

  it('takes a handful of statements, and stores what the shared rules give', async () => {
    expect(epicIds).toHaveLength(10_000);
    // Forget every computed date, so the recompute has to produce all of them.
    await t.database.pool.query(`UPDATE epics SET start_date = NULL, due_date = NULL,
      start_date_from_milestones = NULL, due_date_from_milestones = NULL,
      start_date_from_inherited_source = NULL, due_date_from_inherited_source = NULL,
      start_date_sourcing_milestone_id = NULL, due_date_sourcing_milestone_id = NULL,
      start_date_sourcing_epic_id = NULL, due_date_sourcing_epic_id = NULL`);

    let statements = 0;
    const counted = drizzle(t.database.pool, { schema, logger: { logQuery: () => void statements++ } }) as Db;
    const changed = await counted.transaction(async (tx) => await recomputeEpicDates(tx, epicIds));
    expect(changed.length).toBeGreaterThan(5_000);
    // begin, lock, chain, four levels, commit
    expect(statements).toBeLessThanOrEqual(10);

    const epics = (
      await t.database.db.execute<Stored>(sql`SELECT id, parent_id, cardinality(path_ids) AS depth,
        start_date_is_fixed, start_date_fixed::text, due_date_is_fixed, due_date_fixed::text,
        start_date::text, due_date::text, start_date_from_milestones::text, due_date_from_milestones::text,
        start_date_from_inherited_source::text, due_date_from_inherited_source::text,
        start_date_sourcing_milestone_id, due_date_sourcing_milestone_id,
        start_date_sourcing_epic_id, due_date_sourcing_epic_id FROM epics`)
    ).rows;
    const milestones = (
      await t.database.db.execute<{ epic_id: number; id: number; start_date: string | null; due_date: string | null }>(
        sql`SELECT DISTINCT ei.epic_id, m.id, m.start_date::text, m.due_date::text
          FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id JOIN milestones m ON m.id = i.milestone_id`,
      )
    ).rows;
    const milestonesOf = groupBy(milestones, (m) => Number(m.epic_id));
    const childrenOf = groupBy(
      epics.filter((e) => e.parent_id !== null),
      (e) => Number(e.parent_id),
    );
    expect(milestonesOf.size).toBeGreaterThan(100);
    expect(childrenOf.size).toBeGreaterThan(100);

    let compared = 0;
    for (const e of epics) {
      const inherited = inheritDates(
        (milestonesOf.get(Number(e.id)) ?? []).map((m) => ({
          id: Number(m.id),
          startDate: m.start_date,
          dueDate: m.due_date,
        })),
        // The children's stored (already checked) dates: their own level was recomputed first.
        (childrenOf.get(Number(e.id)) ?? []).map((c) => ({
          id: Number(c.id),
          startDate: c.start_date,
          dueDate: c.due_date,
        })),
      );
      const effective = effectiveDates(
        {
          startDateIsFixed: e.start_date_is_fixed,
          startDateFixed: e.start_date_fixed,
          dueDateIsFixed: e.due_date_is_fixed,
          dueDateFixed: e.due_date_fixed,
        },
        inherited,
      );
      const source = (s: typeof inherited.startDateSource, type: 'milestone' | 'epic') =>
        s?.type === type ? s.id : null;
      const id = (value: number | null) => (value === null ? null : Number(value));
      expect({
        id: e.id,
        start_date: e.start_date,
        due_date: e.due_date,
        start_date_from_milestones: e.start_date_from_milestones,
        due_date_from_milestones: e.due_date_from_milestones,
        start_date_from_inherited_source: e.start_date_from_inherited_source,
        due_date_from_inherited_source: e.due_date_from_inherited_source,
        start_date_sourcing_milestone_id: id(e.start_date_sourcing_milestone_id),
        due_date_sourcing_milestone_id: id(e.due_date_sourcing_milestone_id),
        start_date_sourcing_epic_id: id(e.start_date_sourcing_epic_id),
        due_date_sourcing_epic_id: id(e.due_date_sourcing_epic_id),
      }).toEqual({
        id: e.id,
        start_date: effective.startDate,
        due_date: effective.dueDate,
        start_date_from_milestones: inherited.startDateFromMilestones,
        due_date_from_milestones: inherited.dueDateFromMilestones,
        start_date_from_inherited_source: inherited.startDateFromInheritedSource,
        due_date_from_inherited_source: inherited.dueDateFromInheritedSource,
        start_date_sourcing_milestone_id: source(inherited.startDateSource, 'milestone'),
        due_date_sourcing_milestone_id: source(inherited.dueDateSource, 'milestone'),
        start_date_sourcing_epic_id: source(inherited.startDateSource, 'epic'),
        due_date_sourcing_epic_id: source(inherited.dueDateSource, 'epic'),
      });
      compared++;
    }
    expect(compared).toBe(10_000);
    // Some dates come from each kind of source, so both paths of the rules were exercised.
    expect(epics.some((e) => e.start_date_sourcing_milestone_id !== null)).toBe(true);
    expect(epics.some((e) => e.start_date_sourcing_epic_id !== null)).toBe(true);
  }, 300_000);

  it('recomputing one epic writes its chain only, in a few statements', async () => {
    const deepest = (
      await t.database.pool.query<{ path_ids: number[] }>(
        'SELECT path_ids FROM epics ORDER BY cardinality(path_ids) DESC, id LIMIT 1',
      )
    ).rows[0];
    // path_ids runs from the top epic down to the epic itself
    const chain = (deepest?.path_ids ?? []).map(Number);
    expect(chain.length).toBeGreaterThanOrEqual(4);
    await t.database.pool.query(
      `UPDATE epics SET start_date_from_milestones = '1900-01-01' WHERE id = ANY($1::bigint[])`,
      [chain],
    );
    let statements = 0;
    const counted = drizzle(t.database.pool, { schema, logger: { logQuery: () => void statements++ } }) as Db;
    const changed = await counted.transaction(async (tx) => await recomputeEpicDates(tx, [chain.at(-1) as number]));
    expect(changed).toEqual([...chain].reverse());
    // begin, lock, chain, one per level, commit
    expect(statements).toBe(4 + chain.length);
  });
});
