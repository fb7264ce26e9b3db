import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MilestoneRow, milestones } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';
import { containerRowsRepository } from '../containers/containers.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export const MILESTONE_SORTS = [
  'due_date_asc',
  'due_date_desc',
  'start_date_asc',
  'start_date_desc',
  'created_asc',
  'created_desc',
  'updated_asc',
  'updated_desc',
  'title_asc',
  'title_desc',
  'expired_last_due_date_asc',
  'expired_last_due_date_desc',
] as const;
export type MilestoneSortKey = (typeof MILESTONE_SORTS)[number];

const ORDER: Record<MilestoneSortKey, SQL> = {
  due_date_asc: sql`due_date ASC NULLS LAST, id ASC`,
  due_date_desc: sql`due_date DESC NULLS LAST, id DESC`,
  start_date_asc: sql`start_date ASC NULLS LAST, id ASC`,
  start_date_desc: sql`start_date DESC NULLS LAST, id DESC`,
  created_asc: sql`created_at ASC, id ASC`,
  created_desc: sql`created_at DESC, id DESC`,
  updated_asc: sql`updated_at ASC, id ASC`,
  updated_desc: sql`updated_at DESC, id DESC`,
  title_asc: sql`lower(title) ASC, id ASC`,
  title_desc: sql`lower(title) DESC, id DESC`,
  expired_last_due_date_asc: sql`(due_date IS NOT NULL AND due_date < CURRENT_DATE) ASC, due_date ASC NULLS LAST, id ASC`,
  expired_last_due_date_desc: sql`(due_date IS NOT NULL AND due_date < CURRENT_DATE) ASC, due_date DESC NULLS LAST, id DESC`,
};

/** Which containers' milestones a list holds (any of them). */
export type MilestoneScope = {
  groupIds?: readonly number[];
  /** strict descendant groups of this group */
  descendantGroupsOf?: number;
  projectIds?: readonly number[];
  /** projects anywhere under this group */
  projectsUnder?: number;
  /** a user's milestones: of the groups under these namespaces and of their projects, and of these projects */
  memberOf?: { namespaceIds: readonly number[]; projectIds: readonly number[] };
};

/** The filters of a milestone list, as the service takes them and the repository applies them. */
export type MilestoneSearch = {
  timeframe?: { start: string; end: string };
  /** title contains (literal) */
  searchTitle?: string;
  /** title or description contains (literal) */
  search?: string;
  title?: string;
  ids?: readonly number[];
  iids?: readonly number[];
  containingDate?: string;
  /** only milestones of the issues of this epic and of its descendant epics (the epic's id) */
  ofEpicTree?: number;
  updatedBefore?: Date;
  updatedAfter?: Date;
  limit: number;
  offset: number;
};

export type MilestoneListFilter = MilestoneScope &
  MilestoneSearch & {
    /** SQL condition over "milestones" restricting to what the actor may read (the policy's). */
    visible: SQL;
    state?: 'active' | 'closed';
    sort: MilestoneSortKey;
  };

/** Where a milestone lives: its container's full path, and the group's traversal ids for group milestones. */
export type MilestoneContainerInfo = { path: string; isGroup: boolean; groupTraversalIds: number[] };

function scopeCondition(s: MilestoneScope): SQL {
  const parts: SQL[] = [];
  if (s.groupIds?.length) parts.push(sql`group_id = ANY(${ids(s.groupIds)})`);
  if (s.descendantGroupsOf !== undefined) {
    parts.push(sql`group_id IN (SELECT id FROM groups WHERE traversal_ids @> ARRAY[${s.descendantGroupsOf}]::bigint[]
      AND id <> ${s.descendantGroupsOf})`);
  }
  if (s.projectIds?.length) parts.push(sql`project_id = ANY(${ids(s.projectIds)})`);
  if (s.projectsUnder !== undefined) {
    parts.push(sql`project_id IN (SELECT p.id FROM projects p JOIN groups pg ON pg.id = p.group_id
      WHERE pg.traversal_ids @> ARRAY[${s.projectsUnder}]::bigint[])`);
  }
  if (s.memberOf) {
    const { namespaceIds, projectIds } = s.memberOf;
    parts.push(sql`group_id IN (SELECT id FROM groups WHERE traversal_ids && ${ids(namespaceIds)})`);
    parts.push(sql`project_id = ANY(${ids(projectIds)})`);
    parts.push(sql`project_id IN (SELECT p.id FROM projects p JOIN groups pg ON pg.id = p.group_id
      WHERE pg.traversal_ids && ${ids(namespaceIds)})`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`;
}

function toMilestone(r: Record<string, unknown>): MilestoneRow {
  return {
    id: Number(r.id),
    iid: Number(r.iid),
    groupId: r.group_id === null ? null : Number(r.group_id),
    projectId: r.project_id === null ? null : Number(r.project_id),
    title: String(r.title),
    description: String(r.description ?? ''),
    state: r.state === 'closed' ? 'closed' : 'active',
    startDate: (r.start_date as string | null) ?? null,
    dueDate: (r.due_date as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

export function milestonesRepository(db: Db) {
  return {
    async findById(id: number): Promise<MilestoneRow | undefined> {
      return (await db.select().from(milestones).where(eq(milestones.id, id)).limit(1))[0];
    },
    async findByIds(list: readonly number[]): Promise<MilestoneRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(milestones)
        .where(sql`${milestones.id} = ANY(${ids(list)})`);
    },
    async list(f: MilestoneListFilter): Promise<{ rows: MilestoneRow[]; total: number }> {
      const c: SQL[] = [scopeCondition(f), f.visible];
      if (f.state) c.push(sql`state = ${f.state}`);
      if (f.timeframe) {
        c.push(sql`(start_date IS NOT NULL OR due_date IS NOT NULL)`);
        c.push(sql`(start_date IS NULL OR start_date <= ${f.timeframe.end}::date)`);
        c.push(sql`(due_date IS NULL OR due_date >= ${f.timeframe.start}::date)`);
      }
      if (f.searchTitle) c.push(sql`title ILIKE ${likePattern(f.searchTitle)}`);
      if (f.search) {
        c.push(sql`(title ILIKE ${likePattern(f.search)} OR description ILIKE ${likePattern(f.search)})`);
      }
      if (f.title !== undefined) c.push(sql`title = ${f.title}`);
      if (f.ids) c.push(sql`id = ANY(${ids(f.ids)})`);
      if (f.iids) c.push(sql`iid = ANY(${sql.param(f.iids.map(String))}::int[])`);
      if (f.containingDate) {
        c.push(sql`start_date <= ${f.containingDate}::date AND due_date >= ${f.containingDate}::date`);
      }
      if (f.ofEpicTree !== undefined) {
        c.push(sql`id IN (SELECT i.milestone_id FROM issues i JOIN epic_issues ei ON ei.issue_id = i.id
          JOIN epics e ON e.id = ei.epic_id
          WHERE e.path_ids @> ARRAY[${f.ofEpicTree}]::bigint[] AND i.milestone_id IS NOT NULL)`);
      }
      if (f.updatedBefore) c.push(sql`updated_at <= ${f.updatedBefore.toISOString()}::timestamptz`);
      if (f.updatedAfter) c.push(sql`updated_at >= ${f.updatedAfter.toISOString()}::timestamptz`);
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT *, count(*) OVER () AS total FROM milestones WHERE ${and(...c)}
        ORDER BY ${ORDER[f.sort]} LIMIT ${f.limit} OFFSET ${f.offset}`);
      const rows = result.rows.map(toMilestone);
      let total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (rows.length === 0 && f.offset > 0) total = (await this.list({ ...f, limit: 1, offset: 0 })).total;
      return { rows, total };
    },
    /** Container path and group ancestry per milestone id: one query for a whole page. */
    async containerInfo(milestoneIds: readonly number[]): Promise<Map<number, MilestoneContainerInfo>> {
      const map = new Map<number, MilestoneContainerInfo>();
      if (milestoneIds.length === 0) return map;
      const result = await db.execute<{
        id: number;
        path: string;
        is_group: boolean;
        traversal_ids: number[] | null;
      }>(sql`
        SELECT m.id, COALESCE(g.full_path, p.full_path) AS path, m.group_id IS NOT NULL AS is_group,
          g.traversal_ids
        FROM milestones m LEFT JOIN groups g ON g.id = m.group_id LEFT JOIN projects p ON p.id = m.project_id
        WHERE m.id = ANY(${ids(milestoneIds)})`);
      for (const r of result.rows) {
        map.set(Number(r.id), {
          path: r.path,
          isGroup: r.is_group,
          groupTraversalIds: (r.traversal_ids ?? []).map(Number),
        });
      }
      return map;
    },
    /**
     * The issues a milestone holds now that `visible` (over i, p, pg) allows, with when each was
     * created and (if closed) closed and its weight: the burndown's events. Oldest first, at most `limit`.
     */
    async burndownIssues(milestoneId: number, visible: SQL, limit: number) {
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT i.id, i.created_at, i.closed_at, i.state, i.weight
        FROM issues i JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE i.milestone_id = ${milestoneId} AND ${visible}
        ORDER BY i.created_at, i.id LIMIT ${limit}`);
      return r.rows.map((row) => ({
        createdAt: new Date(row.created_at as string),
        closedAt: row.state === 'closed' && row.closed_at ? new Date(row.closed_at as string) : null,
        weight: row.weight === null || row.weight === undefined ? null : Number(row.weight),
      }));
    },
    /** Per milestone: its issues the `visible` condition (over `i`, `p`, `pg`) lets through, and the closed ones. */
    async issueCounts(
      milestoneIds: readonly number[],
      visible: SQL,
    ): Promise<Map<number, { total: number; closed: number }>> {
      if (milestoneIds.length === 0) return new Map();
      const r = await db.execute<{ milestone_id: number; total: number; closed: number }>(sql`
        SELECT i.milestone_id, count(*)::int AS total, (count(*) FILTER (WHERE i.state = 'closed'))::int AS closed
        FROM issues i JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE i.milestone_id = ANY(${ids(milestoneIds)}) AND ${visible}
        GROUP BY i.milestone_id`);
      return new Map(
        r.rows.map((row) => [Number(row.milestone_id), { total: Number(row.total), closed: Number(row.closed) }]),
      );
    },
    /** Project milestones titled `title` in projects anywhere under this group (promotion's merge set). */
    async projectMilestonesUnder(groupId: number, title: string): Promise<MilestoneRow[]> {
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT m.* FROM milestones m JOIN projects p ON p.id = m.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE pg.traversal_ids @> ARRAY[${groupId}]::bigint[] AND m.title = ${title} ORDER BY m.id FOR UPDATE OF m`);
      return r.rows.map(toMilestone);
    },
    /** Moves the issues of these milestones to another one; returns the moved issue ids. */
    async moveIssues(fromIds: readonly number[], toId: number): Promise<number[]> {
      if (fromIds.length === 0) return [];
      const r = await db.execute<{ id: number }>(sql`
        UPDATE issues SET milestone_id = ${toId}, updated_at = now()
        WHERE milestone_id = ANY(${ids(fromIds)}) RETURNING id`);
      return r.rows.map((row) => Number(row.id));
    },
    ...containerRowsRepository(db, milestones),
    /** Deletes a milestone; returns the ids of the issues it held (the foreign key detaches them). */
    async delete(id: number): Promise<number[]> {
      const held = await db.execute<{ id: number }>(sql`SELECT id FROM issues WHERE milestone_id = ${id} FOR UPDATE`);
      await db.delete(milestones).where(eq(milestones.id, id));
      return held.rows.map((r) => Number(r.id));
    },
  };
}
