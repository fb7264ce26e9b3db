/**
 * The work item hierarchy of a project's issues (`work_item_parent_links`, migration 0019): a task
 * under an issue or incident. The only SQL of the work items module.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/** Gap between the positions of children appended one after another (as the epic tree's). */
const POSITION_GAP = 1024;

/**
 * Children of one parent of one type, state and health status, with their weights summed (null when
 * none has a weight): `rolledUpCountsByType`, `rolledUpWeight`, `rolledUpHealthStatus`.
 */
export type ChildCount = {
  issueType: string;
  state: string;
  healthStatus: string | null;
  count: number;
  weight: number | null;
};

export function workItemLinksRepository(db: Db) {
  return {
    /** The parent (issue id) of each of these children that has one. */
    async parentIds(childIds: readonly number[]): Promise<Map<number, number>> {
      if (childIds.length === 0) return new Map();
      const result = await db.execute<{ child: number; parent: number }>(sql`
        SELECT work_item_id AS child, work_item_parent_id AS parent FROM work_item_parent_links
        WHERE work_item_id = ANY(${ids(childIds)})`);
      return new Map(result.rows.map((r) => [Number(r.child), Number(r.parent)]));
    },

    /** One page of a parent's children (issue ids, in their order) and how many there are. */
    async childIds(
      parentId: number,
      page: { limit: number; offset: number },
    ): Promise<{ ids: number[]; total: number }> {
      const result = await db.execute<{ id: number; total: number }>(sql`
        SELECT work_item_id AS id, count(*) OVER () AS total FROM work_item_parent_links
        WHERE work_item_parent_id = ${parentId}
        ORDER BY relative_position NULLS LAST, id
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      const total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (total === 0 && page.offset > 0) {
        const counted = await db.execute<{ total: number }>(sql`
          SELECT count(*) AS total FROM work_item_parent_links WHERE work_item_parent_id = ${parentId}`);
        return { ids: [], total: Number(counted.rows[0]?.total ?? 0) };
      }
      return { ids: result.rows.map((r) => Number(r.id)), total };
    },

    /** Children of each parent by type, state and health (hidden children counted too, as roll-ups are). */
    async childCounts(parentIds: readonly number[]): Promise<Map<number, ChildCount[]>> {
      const out = new Map<number, ChildCount[]>();
      if (parentIds.length === 0) return out;
      const result = await db.execute<{
        parent: number;
        issue_type: string;
        state: string;
        health_status: string | null;
        count: number;
        weight: number | null;
      }>(sql`
        SELECT l.work_item_parent_id AS parent, i.issue_type, i.state, i.health_status,
          count(*) AS count, sum(i.weight) AS weight
        FROM work_item_parent_links l JOIN issues i ON i.id = l.work_item_id
        WHERE l.work_item_parent_id = ANY(${ids(parentIds)})
        GROUP BY l.work_item_parent_id, i.issue_type, i.state, i.health_status`);
      for (const r of result.rows) {
        const list = out.get(Number(r.parent)) ?? [];
        list.push({
          issueType: r.issue_type,
          state: r.state,
          healthStatus: r.health_status,
          count: Number(r.count),
          weight: r.weight === null ? null : Number(r.weight),
        });
        out.set(Number(r.parent), list);
      }
      return out;
    },

    /** Puts `childId` under `parentId` (after its last child), replacing any parent it had. */
    async setParent(childId: number, parentId: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO work_item_parent_links (work_item_id, work_item_parent_id, relative_position)
        VALUES (${childId}, ${parentId}, (
          SELECT coalesce(max(relative_position), 0) + ${POSITION_GAP}
          FROM work_item_parent_links WHERE work_item_parent_id = ${parentId}))
        ON CONFLICT (work_item_id) DO UPDATE
          SET work_item_parent_id = EXCLUDED.work_item_parent_id, relative_position = EXCLUDED.relative_position`);
    },

    /** Takes `childId` from its parent; false when it had none. */
    async removeParent(childId: number): Promise<boolean> {
      const result = await db.execute(sql`DELETE FROM work_item_parent_links WHERE work_item_id = ${childId}`);
      return (result.rowCount ?? 0) > 0;
    },

    /** Locks a parent's links (one parent row first, so concurrent appends queue in one order). */
    async lockParent(parentId: number): Promise<void> {
      await db.execute(sql`SELECT id FROM issues WHERE id = ${parentId} FOR UPDATE`);
    },
  };
}
