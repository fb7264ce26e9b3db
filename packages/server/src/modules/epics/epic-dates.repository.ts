/**
 * Inherited epic dates, stored in the epics columns and recomputed up the whole ancestor chain.
 * Usable inside any transaction: the issues and milestones modules call these with their `tx`.
 */
import { effectiveDates, inheritDates } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockEpicHierarchies } from './epics.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

type Dated = { id: number; startDate: string | null; dueDate: string | null };

/**
 * Recomputes the inherited (and so the effective) dates of the given epics and of all their
 * ancestors, deepest first, so each parent sees its children's new dates. Returns the ids touched.
 */
export async function recomputeEpicDates(db: Db, epicIds: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(epicIds.filter((id) => Number.isSafeInteger(id)))];
  if (wanted.length === 0) return [];
  // Writes the whole ancestor chain: under the hierarchy lock, as every tree write (a no-op when held).
  await lockEpicHierarchies(db, wanted);
  const chain = await db.execute<{ id: number; depth: number }>(sql`
    SELECT e.id, cardinality(e.path_ids) AS depth FROM epics e
    WHERE e.id IN (SELECT unnest(path_ids) FROM epics WHERE id = ANY(${ids(wanted)}))
       OR e.id = ANY(${ids(wanted)})`);
  const byDepth = new Map<number, number[]>();
  for (const r of chain.rows) {
    const depth = Number(r.depth);
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), Number(r.id)]);
  }
  const touched: number[] = [];
  for (const depth of [...byDepth.keys()].sort((a, b) => b - a)) {
    const level = byDepth.get(depth) ?? [];
    const result = await db.execute<{
      id: number;
      start_date_is_fixed: boolean;
      start_date_fixed: string | null;
      due_date_is_fixed: boolean;
      due_date_fixed: string | null;
      milestones: Dated[] | null;
      children: Dated[] | null;
    }>(sql`
      SELECT e.id, e.start_date_is_fixed, e.start_date_fixed, e.due_date_is_fixed, e.due_date_fixed,
        (SELECT json_agg(json_build_object('id', m.id, 'startDate', m.start_date, 'dueDate', m.due_date))
           FROM milestones m WHERE m.id IN (
             SELECT i.milestone_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id WHERE ei.epic_id = e.id)
        ) AS milestones,
        (SELECT json_agg(json_build_object('id', c.id, 'startDate', c.start_date, 'dueDate', c.due_date))
           FROM epics c WHERE c.parent_id = e.id) AS children
      FROM epics e WHERE e.id = ANY(${ids(level)})`);
    for (const row of result.rows) {
      const inherited = inheritDates(
        (row.milestones ?? []).map((m) => ({ ...m, id: Number(m.id) })),
        (row.children ?? []).map((c) => ({ ...c, id: Number(c.id) })),
      );
      const effective = effectiveDates(
        {
          startDateIsFixed: row.start_date_is_fixed,
          startDateFixed: row.start_date_fixed,
          dueDateIsFixed: row.due_date_is_fixed,
          dueDateFixed: row.due_date_fixed,
        },
        inherited,
      );
      const source = (s: typeof inherited.startDateSource, type: 'milestone' | 'epic') =>
        s?.type === type ? s.id : null;
      await db.execute(sql`
        UPDATE epics SET
          start_date_from_milestones = ${inherited.startDateFromMilestones},
          due_date_from_milestones = ${inherited.dueDateFromMilestones},
          start_date_from_inherited_source = ${inherited.startDateFromInheritedSource},
          due_date_from_inherited_source = ${inherited.dueDateFromInheritedSource},
          start_date_sourcing_milestone_id = ${source(inherited.startDateSource, 'milestone')},
          due_date_sourcing_milestone_id = ${source(inherited.dueDateSource, 'milestone')},
          start_date_sourcing_epic_id = ${source(inherited.startDateSource, 'epic')},
          due_date_sourcing_epic_id = ${source(inherited.dueDateSource, 'epic')},
          start_date = ${effective.startDate},
          due_date = ${effective.dueDate}
        WHERE id = ${Number(row.id)}`);
      touched.push(Number(row.id));
    }
  }
  return touched;
}

/** Recomputes the epics whose direct issues use any of these milestones (after milestone date changes). */
export async function recomputeEpicDatesForMilestones(db: Db, milestoneIds: readonly number[]): Promise<number[]> {
  if (milestoneIds.length === 0) return [];
  const result = await db.execute<{ epic_id: number }>(sql`
    SELECT DISTINCT ei.epic_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
    WHERE i.milestone_id = ANY(${ids(milestoneIds)})`);
  return await recomputeEpicDates(
    db,
    result.rows.map((r) => Number(r.epic_id)),
  );
}

/** Recomputes the epics that hold any of these issues (after an issue's milestone changed). */
export async function recomputeEpicDatesForIssues(db: Db, issueIds: readonly number[]): Promise<number[]> {
  if (issueIds.length === 0) return [];
  const result = await db.execute<{ epic_id: number }>(
    sql`SELECT DISTINCT epic_id FROM epic_issues WHERE issue_id = ANY(${ids(issueIds)})`,
  );
  return await recomputeEpicDates(
    db,
    result.rows.map((r) => Number(r.epic_id)),
  );
}
