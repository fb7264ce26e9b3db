import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type LabelRow, labels } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';
import { containerRowsRepository } from '../containers/containers.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/** Which containers' labels a list holds (any of them). */
export type LabelScope = {
  groupIds?: readonly number[];
  /** strict descendant groups of this group */
  descendantGroupsOf?: number;
  projectIds?: readonly number[];
  /** projects directly in this group, or anywhere under it with `subtree` */
  projectsOf?: { groupId: number; subtree: boolean };
};

export type LabelListFilter = LabelScope & {
  /** SQL condition over "labels" restricting to what the actor may read (the policy's). */
  visible: SQL;
  search?: { term: string; title: boolean; description: boolean };
  /** exact title (overrides search) */
  title?: string;
  limit: number;
  offset: number;
};

function scopeCondition(s: LabelScope): SQL {
  const parts: SQL[] = [];
  if (s.groupIds?.length) parts.push(sql`${labels.groupId} = ANY(${ids(s.groupIds)})`);
  if (s.descendantGroupsOf !== undefined) {
    parts.push(sql`${labels.groupId} IN (SELECT id FROM groups WHERE traversal_ids @> ARRAY[${s.descendantGroupsOf}]::bigint[]
      AND id <> ${s.descendantGroupsOf})`);
  }
  if (s.projectIds?.length) parts.push(sql`${labels.projectId} = ANY(${ids(s.projectIds)})`);
  if (s.projectsOf) {
    parts.push(
      s.projectsOf.subtree
        ? sql`${labels.projectId} IN (SELECT p.id FROM projects p JOIN groups pg ON pg.id = p.group_id
            WHERE pg.traversal_ids @> ARRAY[${s.projectsOf.groupId}]::bigint[])`
        : sql`${labels.projectId} IN (SELECT id FROM projects WHERE group_id = ${s.projectsOf.groupId})`,
    );
  }
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`;
}

export function labelsRepository(db: Db) {
  return {
    async findById(id: number): Promise<LabelRow | undefined> {
      return (await db.select().from(labels).where(eq(labels.id, id)).limit(1))[0];
    },
    async findByIds(list: readonly number[]): Promise<LabelRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(labels)
        .where(sql`${labels.id} = ANY(${ids(list)})`);
    },
    /** Labels of the given containers with one of these ids or exact titles. */
    async findInScope(
      scope: LabelScope,
      by: { ids?: readonly number[]; titles?: readonly string[] },
    ): Promise<LabelRow[]> {
      const match: SQL[] = [];
      if (by.ids?.length) match.push(sql`${labels.id} = ANY(${ids(by.ids)})`);
      if (by.titles?.length) match.push(sql`${labels.title} = ANY(${sql.param([...by.titles])}::text[])`);
      if (match.length === 0) return [];
      return await db
        .select()
        .from(labels)
        .where(and(scopeCondition(scope), sql`(${sql.join(match, sql` OR `)})`));
    },
    async list(f: LabelListFilter): Promise<{ rows: LabelRow[]; total: number }> {
      const conditions: SQL[] = [scopeCondition(f), f.visible];
      if (f.title !== undefined) conditions.push(eq(labels.title, f.title));
      else if (f.search && (f.search.title || f.search.description)) {
        const pattern = likePattern(f.search.term);
        const fields: SQL[] = [];
        if (f.search.title) fields.push(sql`${labels.title} ILIKE ${pattern}`);
        if (f.search.description) fields.push(sql`${labels.description} ILIKE ${pattern}`);
        conditions.push(sql`(${sql.join(fields, sql` OR `)})`);
      }
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT l.*, count(*) OVER () AS total FROM (SELECT * FROM labels WHERE ${and(...conditions)}) l
        ORDER BY lower(l.title), l.title, l.project_id NULLS FIRST, l.id
        LIMIT ${f.limit} OFFSET ${f.offset}`);
      const rows = result.rows.map(toLabel);
      let total = result.rows[0] ? Number(result.rows[0].total) : 0;
      if (rows.length === 0 && f.offset > 0) total = (await this.list({ ...f, limit: 1, offset: 0 })).total;
      return { rows, total };
    },
    /** Labels on each of these epics or issues: one query. */
    async forTargets(kind: 'epic' | 'issue', targetIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      const byTarget = new Map<number, LabelRow[]>(targetIds.map((id) => [id, []]));
      if (targetIds.length === 0) return byTarget;
      const join = kind === 'epic' ? sql`epic_labels j ON j.label_id = l.id` : sql`issue_labels j ON j.label_id = l.id`;
      const column = kind === 'epic' ? sql`j.epic_id` : sql`j.issue_id`;
      const result = await db.execute<Record<string, unknown>>(sql`
        SELECT l.*, ${column} AS target_id FROM labels l JOIN ${join}
        WHERE ${column} = ANY(${ids(targetIds)}) ORDER BY lower(l.title), l.id`);
      for (const r of result.rows) byTarget.get(Number(r.target_id))?.push(toLabel(r));
      return byTarget;
    },
    /** Opened and closed issues per label among the issues `visibleIssues` (over i, p, pg) allows. */
    async issueCounts(labelIds: readonly number[], visibleIssues: SQL) {
      const counts = new Map<number, { opened: number; closed: number }>();
      if (labelIds.length === 0) return counts;
      const result = await db.execute<{ label_id: number; opened: number; closed: number }>(sql`
        SELECT il.label_id, count(*) FILTER (WHERE i.state = 'opened') AS opened,
          count(*) FILTER (WHERE i.state = 'closed') AS closed
        FROM issue_labels il JOIN issues i ON i.id = il.issue_id
        JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE il.label_id = ANY(${ids(labelIds)}) AND ${visibleIssues}
        GROUP BY il.label_id`);
      for (const r of result.rows)
        counts.set(Number(r.label_id), { opened: Number(r.opened), closed: Number(r.closed) });
      return counts;
    },
    ...containerRowsRepository(db, labels),
    /**
     * Creates, in one container, the labels of these titles it does not hold yet (GitLab's
     * Labels::FindOrCreateService). Call inside a transaction: a transaction-scoped advisory lock
     * on the container makes concurrent requests naming the same new title create it once.
     */
    async insertMissingTitles(
      container: { groupId: number | null; projectId: number | null },
      titles: readonly string[],
      color: string,
    ): Promise<void> {
      const key = container.groupId !== null ? `group:${container.groupId}` : `project:${container.projectId}`;
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`labels:${key}`}))`);
      const owner =
        container.groupId !== null
          ? eq(labels.groupId, container.groupId)
          : eq(labels.projectId, container.projectId ?? 0);
      const taken = await db
        .select({ title: labels.title })
        .from(labels)
        .where(and(owner, sql`${labels.title} = ANY(${sql.param([...titles])}::text[])`));
      const missing = titles.filter((t) => !taken.some((row) => row.title === t));
      if (missing.length) {
        await db.insert(labels).values(missing.map((title) => ({ ...container, title, color, description: '' })));
      }
    },
    /** Each label's priority in this project (labels without one are left out). */
    async priorities(projectId: number, labelIds: readonly number[]): Promise<Map<number, number>> {
      const map = new Map<number, number>();
      if (labelIds.length === 0) return map;
      const r = await db.execute<{ label_id: number; priority: number }>(sql`
        SELECT label_id, priority FROM label_priorities
        WHERE project_id = ${projectId} AND label_id = ANY(${ids(labelIds)})`);
      for (const row of r.rows) map.set(Number(row.label_id), Number(row.priority));
      return map;
    },
    /** The labels this project prioritised, best first (ids; readability is the caller's filter). */
    async prioritizedIds(projectId: number): Promise<number[]> {
      const r = await db.execute<{ label_id: number }>(sql`
        SELECT label_id FROM label_priorities WHERE project_id = ${projectId} ORDER BY priority, label_id`);
      return r.rows.map((row) => Number(row.label_id));
    },
    /** Sets (or, with null, removes) a label's priority in a project. */
    async setPriority(projectId: number, labelId: number, priority: number | null): Promise<void> {
      if (priority === null) {
        await db.execute(sql`DELETE FROM label_priorities WHERE project_id = ${projectId} AND label_id = ${labelId}`);
        return;
      }
      await db.execute(sql`
        INSERT INTO label_priorities (project_id, label_id, priority) VALUES (${projectId}, ${labelId}, ${priority})
        ON CONFLICT (project_id, label_id) DO UPDATE SET priority = EXCLUDED.priority, updated_at = now()`);
    },
    /** Locks the project's priorities for a reorder (one order for concurrent writers). */
    async lockPriorities(projectId: number): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`label_priorities:${projectId}`}))`);
    },
    /**
     * Promotion (GitLab's Labels::PromoteService): the project labels titled like `groupLabel` in the
     * projects under its group are merged into it — their issue links, subscriptions and priorities
     * move over (without duplicates) — and then deleted. Call inside a transaction.
     */
    async mergeProjectLabelsInto(groupLabel: LabelRow, groupId: number): Promise<void> {
      const merged = sql`(SELECT l.id FROM labels l JOIN projects p ON p.id = l.project_id
        JOIN groups pg ON pg.id = p.group_id
        WHERE pg.traversal_ids @> ARRAY[${groupId}]::bigint[] AND l.title = ${groupLabel.title})`;
      await db.execute(sql`INSERT INTO issue_labels (issue_id, label_id)
        SELECT DISTINCT issue_id, ${groupLabel.id}::bigint FROM issue_labels WHERE label_id IN ${merged}
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`INSERT INTO subscriptions (user_id, subscribable_type, subscribable_id, subscribed)
        SELECT DISTINCT ON (user_id) user_id, 'Label', ${groupLabel.id}::bigint, subscribed FROM subscriptions
        WHERE subscribable_type = 'Label' AND subscribable_id IN ${merged}
        ORDER BY user_id, subscribed DESC
        ON CONFLICT DO NOTHING`);
      await db.execute(sql`INSERT INTO label_priorities (project_id, label_id, priority)
        SELECT project_id, ${groupLabel.id}::bigint, min(priority) FROM label_priorities WHERE label_id IN ${merged}
        GROUP BY project_id
        ON CONFLICT (project_id, label_id) DO NOTHING`);
      await db.execute(
        sql`DELETE FROM subscriptions WHERE subscribable_type = 'Label' AND subscribable_id IN ${merged}`,
      );
      await db.execute(sql`DELETE FROM labels WHERE id IN ${merged}`);
    },
    async delete(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM subscriptions WHERE subscribable_type = 'Label' AND subscribable_id = ${id}`);
      await db.delete(labels).where(eq(labels.id, id));
    },
  };
}

function toLabel(r: Record<string, unknown>): LabelRow {
  return {
    id: Number(r.id),
    groupId: r.group_id === null ? null : Number(r.group_id),
    projectId: r.project_id === null ? null : Number(r.project_id),
    title: String(r.title),
    color: String(r.color),
    description: String(r.description ?? ''),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}
