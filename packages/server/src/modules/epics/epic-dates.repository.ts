/**
 * Inherited epic dates, stored in the epics columns and recomputed up the whole ancestor chain.
 * Usable inside any transaction: the issues and milestones modules call these with their `tx`.
 * Set-based: one statement for the chain and one per depth level, whatever the number of epics
 * (docs/decisions/0018). The rules are `inheritDates`/`effectiveDates` of @milepost/shared, written
 * in SQL; a test holds the two to the same answers.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deferToUnitEnd } from '../../db/transaction.ts';
import { lockEpicHierarchies } from './epics.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/**
 * Recomputes the inherited (and so the effective) dates of the given epics and of all their
 * ancestors, deepest level first, so each parent sees its children's new dates: one UPDATE per
 * depth level, joined (never `= ANY` over a big array) to the level's milestones and children.
 * The earliest start and the latest due date win; on a tie a milestone before an epic, then the
 * lower id (as `inheritDates`). Epics whose dates come out as they were are not written. Returns
 * the ids of the epics whose dates changed, deepest first.
 *
 * Inside a whole unit (the first start's demo, `allOrNothing`) the recompute runs once at its end
 * for every epic its parts named (the dates depend only on the final rows): returns [] then.
 */
export async function recomputeEpicDates(db: Db, epicIds: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(epicIds.filter((id) => Number.isSafeInteger(id)))];
  if (wanted.length === 0 || deferToUnitEnd(db, recomputeEpicDates, wanted)) return [];
  // Writes the whole ancestor chain: under the hierarchy lock, as every tree write (a no-op when held).
  await lockEpicHierarchies(db, wanted);
  const chain = await db.execute<{ id: number; depth: number }>(sql`
    SELECT e.id, cardinality(e.path_ids) AS depth
    FROM (SELECT DISTINCT a.id FROM unnest(${ids(wanted)}) AS w(id)
          JOIN epics we ON we.id = w.id
          CROSS JOIN LATERAL unnest(we.path_ids || we.id) AS a(id)) c
    JOIN epics e ON e.id = c.id
    ORDER BY depth DESC, e.id`);
  const levels: number[][] = [];
  let depth: number | undefined;
  for (const row of chain.rows) {
    if (Number(row.depth) !== depth) levels.push([]);
    depth = Number(row.depth);
    levels.at(-1)?.push(Number(row.id));
  }
  const changed: number[] = [];
  for (const level of levels) {
    const updated = await db.execute<{ id: number }>(sql`
      WITH level AS (SELECT DISTINCT unnest(${ids(level)}) AS id),
      milestone AS (
        SELECT DISTINCT ei.epic_id, m.id, m.start_date, m.due_date
        FROM level l JOIN epic_issues ei ON ei.epic_id = l.id
        JOIN issues i ON i.id = ei.issue_id JOIN milestones m ON m.id = i.milestone_id),
      candidate AS (
        SELECT epic_id, 0 AS rank, id, start_date, due_date FROM milestone
        UNION ALL
        SELECT c.parent_id, 1, c.id, c.start_date, c.due_date FROM level l JOIN epics c ON c.parent_id = l.id),
      milestone_start AS (
        SELECT DISTINCT ON (epic_id) epic_id, start_date FROM milestone WHERE start_date IS NOT NULL
        ORDER BY epic_id, start_date, id),
      milestone_due AS (
        SELECT DISTINCT ON (epic_id) epic_id, due_date FROM milestone WHERE due_date IS NOT NULL
        ORDER BY epic_id, due_date DESC, id),
      inherited_start AS (
        SELECT DISTINCT ON (epic_id) epic_id, start_date, rank, id FROM candidate WHERE start_date IS NOT NULL
        ORDER BY epic_id, start_date, rank, id),
      inherited_due AS (
        SELECT DISTINCT ON (epic_id) epic_id, due_date, rank, id FROM candidate WHERE due_date IS NOT NULL
        ORDER BY epic_id, due_date DESC, rank, id),
      computed AS (
        SELECT l.id,
          ms.start_date AS start_date_from_milestones,
          md.due_date AS due_date_from_milestones,
          s.start_date AS start_date_from_inherited_source,
          d.due_date AS due_date_from_inherited_source,
          CASE WHEN s.rank = 0 THEN s.id END AS start_date_sourcing_milestone_id,
          CASE WHEN d.rank = 0 THEN d.id END AS due_date_sourcing_milestone_id,
          CASE WHEN s.rank = 1 THEN s.id END AS start_date_sourcing_epic_id,
          CASE WHEN d.rank = 1 THEN d.id END AS due_date_sourcing_epic_id,
          CASE WHEN e.start_date_is_fixed THEN e.start_date_fixed ELSE s.start_date END AS start_date,
          CASE WHEN e.due_date_is_fixed THEN e.due_date_fixed ELSE d.due_date END AS due_date
        FROM level l JOIN epics e ON e.id = l.id
          LEFT JOIN milestone_start ms ON ms.epic_id = l.id
          LEFT JOIN milestone_due md ON md.epic_id = l.id
          LEFT JOIN inherited_start s ON s.epic_id = l.id
          LEFT JOIN inherited_due d ON d.epic_id = l.id)
      UPDATE epics e SET
        start_date_from_milestones = c.start_date_from_milestones,
        due_date_from_milestones = c.due_date_from_milestones,
        start_date_from_inherited_source = c.start_date_from_inherited_source,
        due_date_from_inherited_source = c.due_date_from_inherited_source,
        start_date_sourcing_milestone_id = c.start_date_sourcing_milestone_id,
        due_date_sourcing_milestone_id = c.due_date_sourcing_milestone_id,
        start_date_sourcing_epic_id = c.start_date_sourcing_epic_id,
        due_date_sourcing_epic_id = c.due_date_sourcing_epic_id,
        start_date = c.start_date,
        due_date = c.due_date
      FROM computed c
      WHERE e.id = c.id
        -- Rows whose dates stay as they are are left alone (no new row version, no index entries).
        AND (e.start_date_from_milestones, e.due_date_from_milestones, e.start_date_from_inherited_source,
             e.due_date_from_inherited_source, e.start_date_sourcing_milestone_id, e.due_date_sourcing_milestone_id,
             e.start_date_sourcing_epic_id, e.due_date_sourcing_epic_id, e.start_date, e.due_date)
          IS DISTINCT FROM
            (c.start_date_from_milestones, c.due_date_from_milestones, c.start_date_from_inherited_source,
             c.due_date_from_inherited_source, c.start_date_sourcing_milestone_id, c.due_date_sourcing_milestone_id,
             c.start_date_sourcing_epic_id, c.due_date_sourcing_epic_id, c.start_date, c.due_date)
      RETURNING e.id`);
    changed.push(...updated.rows.map((r) => Number(r.id)));
  }
  return changed;
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
