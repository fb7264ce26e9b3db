/**
 * SQL of related (non-hierarchical) epic links, GitLab's `related_epic_links`: one `epic_links` row
 * per pair. `is_blocked_by` is stored as `blocks` with source and target swapped, as GitLab does.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type EpicLinkRow = {
  id: number;
  sourceId: number;
  targetId: number;
  linkType: 'relates_to' | 'blocks';
  createdAt: Date;
  updatedAt: Date;
};

type RawLink = {
  id: string | number;
  source_id: string | number;
  target_id: string | number;
  link_type: 'relates_to' | 'blocks';
  created_at: string | Date;
  updated_at: string | Date;
};

function rowOf(r: RawLink): EpicLinkRow {
  return {
    id: Number(r.id),
    sourceId: Number(r.source_id),
    targetId: Number(r.target_id),
    linkType: r.link_type,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

const COLUMNS = sql.raw('l.id, l.source_id, l.target_id, l.link_type, l.created_at, l.updated_at');

export function epicLinksRepository(db: Db) {
  return {
    /** Every link touching the epic, in either direction, oldest first. */
    async ofEpic(epicId: number): Promise<EpicLinkRow[]> {
      const result = await db.execute<RawLink>(sql`
        SELECT ${COLUMNS} FROM epic_links l
        WHERE l.source_id = ${epicId} OR l.target_id = ${epicId} ORDER BY l.id`);
      return result.rows.map(rowOf);
    },

    async find(id: number): Promise<EpicLinkRow | undefined> {
      const result = await db.execute<RawLink>(sql`SELECT ${COLUMNS} FROM epic_links l WHERE l.id = ${id}`);
      const r = result.rows[0];
      return r ? rowOf(r) : undefined;
    },

    /** Whether the two epics are linked already, in either direction. */
    async linked(a: number, b: number): Promise<boolean> {
      const result = await db.execute(sql`
        SELECT 1 FROM epic_links
        WHERE (source_id = ${a} AND target_id = ${b}) OR (source_id = ${b} AND target_id = ${a}) LIMIT 1`);
      return result.rows.length > 0;
    },

    /** Inserts the link; undefined when the pair is linked already (a concurrent add). */
    async insert(
      sourceId: number,
      targetId: number,
      linkType: 'relates_to' | 'blocks',
    ): Promise<EpicLinkRow | undefined> {
      const result = await db.execute<RawLink>(sql`
        INSERT INTO epic_links AS l (source_id, target_id, link_type) VALUES (${sourceId}, ${targetId}, ${linkType})
        ON CONFLICT (source_id, target_id) DO NOTHING
        RETURNING ${COLUMNS}`);
      const r = result.rows[0];
      return r ? rowOf(r) : undefined;
    },

    async remove(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM epic_links WHERE id = ${id}`);
    },

    /**
     * Links whose source epic lies in the group or a subgroup and whose two epics satisfy
     * `visible(source alias, source group alias)` and the same for the target, newest first.
     */
    async ofGroup(
      groupId: number,
      visibleSource: SQL,
      visibleTarget: SQL,
      filter: { createdAfter?: Date; createdBefore?: Date; updatedAfter?: Date; updatedBefore?: Date },
      page: { limit: number; offset: number },
    ): Promise<{ rows: EpicLinkRow[]; total: number }> {
      const c: SQL[] = [sql`sg.traversal_ids @> ARRAY[${groupId}]::bigint[]`, visibleSource, visibleTarget];
      if (filter.createdAfter) c.push(sql`l.created_at >= ${filter.createdAfter.toISOString()}`);
      if (filter.createdBefore) c.push(sql`l.created_at <= ${filter.createdBefore.toISOString()}`);
      if (filter.updatedAfter) c.push(sql`l.updated_at >= ${filter.updatedAfter.toISOString()}`);
      if (filter.updatedBefore) c.push(sql`l.updated_at <= ${filter.updatedBefore.toISOString()}`);
      const where = sql.join(c, sql` AND `);
      const from = sql`epic_links l
        JOIN epics se ON se.id = l.source_id JOIN groups sg ON sg.id = se.group_id
        JOIN epics te ON te.id = l.target_id JOIN groups tg ON tg.id = te.group_id`;
      const [rows, count] = await Promise.all([
        db.execute<RawLink>(sql`SELECT ${COLUMNS} FROM ${from} WHERE ${where}
          ORDER BY l.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`),
      ]);
      return { rows: rows.rows.map(rowOf), total: count.rows[0]?.n ?? 0 };
    },
  };
}
