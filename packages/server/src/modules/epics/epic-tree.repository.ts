/**
 * SQL for the epic tree: `path_ids` upkeep, depths, sibling positions (child epics and the
 * `epic_issues` rows of an epic) and blocking links between epics.
 */
import type { PositionUpdate } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeBehind } from '../../db/transaction.ts';

export type Sibling = { id: number; position: number | null };

export function epicTreeRepository(db: Db) {
  return {
    /** Re-roots the subtree of `epicId` under `parentPathIds` (the new parent's path, or [] for none). */
    async setParent(epicId: number, parentId: number | null, parentPathIds: readonly number[]): Promise<void> {
      await db.execute(sql`UPDATE epics SET parent_id = ${parentId}, updated_at = now() WHERE id = ${epicId}`);
      await db.execute(sql`
        UPDATE epics SET path_ids = ${sql.param(parentPathIds.map(String))}::bigint[]
          || path_ids[array_position(path_ids, ${epicId}::bigint):]
        WHERE path_ids @> ARRAY[${epicId}]::bigint[]`);
    },
    /** Sets `path_ids` of a freshly inserted epic. */
    async initPath(epicId: number, parentPathIds: readonly number[]): Promise<void> {
      await writeBehind(
        db,
        db.execute(sql`
        UPDATE epics SET path_ids = ${sql.param([...parentPathIds, epicId].map(String))}::bigint[] WHERE id = ${epicId}`),
      );
    },
    /** Levels below the epic, the epic included (a leaf is 1). */
    async subtreeHeight(epicId: number, depth: number): Promise<number> {
      const result = await db.execute<{ h: number | null }>(sql`
        SELECT max(cardinality(path_ids)) AS h FROM epics WHERE path_ids @> ARRAY[${epicId}]::bigint[]`);
      return Number(result.rows[0]?.h ?? depth) - depth + 1;
    },
    async childCount(parentId: number): Promise<number> {
      const result = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM epics WHERE parent_id = ${parentId}`,
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    /** Whether any descendant (or any issue under the epic) is not confidential. */
    async hasPublicChildren(epicId: number): Promise<{ epics: boolean; issues: boolean }> {
      const result = await db.execute<{ epics: boolean; issues: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM epics WHERE parent_id = ${epicId} AND NOT confidential) AS epics,
               EXISTS (SELECT 1 FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
                       WHERE ei.epic_id = ${epicId} AND NOT i.confidential) AS issues`);
      const row = result.rows[0];
      return { epics: row?.epics === true, issues: row?.issues === true };
    },
    async childPositions(parentId: number): Promise<Sibling[]> {
      const result = await db.execute<{ id: number; relative_position: number | null }>(sql`
        SELECT id, relative_position FROM epics WHERE parent_id = ${parentId}
        ORDER BY relative_position ASC NULLS LAST, id ASC`);
      return result.rows.map((r) => ({ id: Number(r.id), position: r.relative_position }));
    },
    async setChildPositions(updates: readonly PositionUpdate<number>[]): Promise<void> {
      for (const u of updates) {
        await db.execute(sql`UPDATE epics SET relative_position = ${u.position} WHERE id = ${u.id}`);
      }
    },
    async maxChildPosition(parentId: number): Promise<number | null> {
      const result = await db.execute<{ p: number | null }>(
        sql`SELECT max(relative_position) AS p FROM epics WHERE parent_id = ${parentId}`,
      );
      return result.rows[0]?.p ?? null;
    },
    // --- epic_issues rows (the issue side of the tree) -------------------------------------------
    async findEpicIssue(
      id: number,
    ): Promise<{ id: number; epicId: number; issueId: number; confidential: boolean } | undefined> {
      const result = await db.execute<{ id: number; epic_id: number; issue_id: number; confidential: boolean }>(sql`
        SELECT ei.id, ei.epic_id, ei.issue_id, i.confidential FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
        WHERE ei.id = ${id}`);
      const r = result.rows[0];
      return (
        r && { id: Number(r.id), epicId: Number(r.epic_id), issueId: Number(r.issue_id), confidential: r.confidential }
      );
    },
    async issuePositions(epicId: number): Promise<Sibling[]> {
      const result = await db.execute<{ id: number; relative_position: number | null }>(sql`
        SELECT id, relative_position FROM epic_issues WHERE epic_id = ${epicId}
        ORDER BY relative_position ASC NULLS LAST, id ASC`);
      return result.rows.map((r) => ({ id: Number(r.id), position: r.relative_position }));
    },
    async setIssuePositions(updates: readonly PositionUpdate<number>[]): Promise<void> {
      for (const u of updates) {
        await db.execute(sql`UPDATE epic_issues SET relative_position = ${u.position} WHERE id = ${u.id}`);
      }
    },
    async moveEpicIssue(id: number, epicId: number, position: number | null): Promise<void> {
      await db.execute(
        sql`UPDATE epic_issues SET epic_id = ${epicId}, relative_position = ${position} WHERE id = ${id}`,
      );
    },
    async maxIssuePosition(epicId: number): Promise<number | null> {
      const result = await db.execute<{ p: number | null }>(
        sql`SELECT max(relative_position) AS p FROM epic_issues WHERE epic_id = ${epicId}`,
      );
      return result.rows[0]?.p ?? null;
    },
    // --- blocking links ----------------------------------------------------------------------------
    async addBlockingLink(sourceId: number, targetId: number): Promise<void> {
      await db.execute(sql`
        INSERT INTO epic_links (source_id, target_id, link_type) VALUES (${sourceId}, ${targetId}, 'blocks')
        ON CONFLICT (source_id, target_id) DO UPDATE SET link_type = 'blocks', updated_at = now()`);
    },
  };
}
