import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GroupRow, groups, members, projects, routes } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';

export type GroupListFilter = {
  /** SQL condition (over table "groups") restricting to what the actor may read */
  visible: SQL;
  search?: string;
  parentId?: number;
  /** strict descendants of this group id */
  descendantOf?: number;
  topLevelOnly?: boolean;
  /** only groups where one of these namespace memberships applies (ancestor-or-self) */
  memberOfNamespaceIds?: readonly number[];
  /** with memberOfNamespaceIds: these groups too (the ancestors of the actor's memberships) */
  memberPathGroupIds?: readonly number[];
  limit: number;
  offset: number;
};

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export function groupsRepository(db: Db) {
  return {
    async findById(id: number): Promise<GroupRow | undefined> {
      return (await db.select().from(groups).where(eq(groups.id, id)).limit(1))[0];
    },
    async findByIds(list: readonly number[]): Promise<GroupRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(groups)
        .where(sql`${groups.id} = ANY(${ids(list)})`);
    },
    async findByFullPath(fullPath: string): Promise<GroupRow | undefined> {
      return (await db.select().from(groups).where(sql`lower(${groups.fullPath}) = lower(${fullPath})`).limit(1))[0];
    },
    async findByFullPaths(paths: readonly string[]): Promise<GroupRow[]> {
      if (paths.length === 0) return [];
      return await db
        .select()
        .from(groups)
        .where(sql`lower(${groups.fullPath}) = ANY(${sql.param(paths.map((p) => p.toLowerCase()))}::text[])`);
    },
    async list(f: GroupListFilter): Promise<{ rows: GroupRow[]; total: number }> {
      const conditions: SQL[] = [f.visible];
      if (f.search) {
        const pattern = likePattern(f.search);
        const match = or(ilike(groups.name, pattern), ilike(groups.path, pattern), ilike(groups.fullPath, pattern));
        if (match) conditions.push(match);
      }
      if (f.parentId !== undefined) conditions.push(eq(groups.parentId, f.parentId));
      if (f.topLevelOnly) conditions.push(isNull(groups.parentId));
      if (f.descendantOf !== undefined) {
        conditions.push(sql`${groups.traversalIds} @> ARRAY[${f.descendantOf}]::bigint[]`);
        conditions.push(sql`${groups.id} <> ${f.descendantOf}`);
      }
      if (f.memberOfNamespaceIds) {
        const member = sql`${groups.traversalIds} && ${ids(f.memberOfNamespaceIds)}`;
        conditions.push(
          f.memberPathGroupIds ? sql`(${member} OR ${groups.id} = ANY(${ids(f.memberPathGroupIds)}))` : member,
        );
      }
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db.select().from(groups).where(where).orderBy(asc(groups.fullPath)).limit(f.limit).offset(f.offset),
        db.select({ n: count() }).from(groups).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
    /** Whether a group or project already uses this full path. */
    async pathTaken(fullPath: string, except?: { type: 'Namespace' | 'Project'; id: number }): Promise<boolean> {
      const rows = await db
        .select({ type: routes.sourceType, id: routes.sourceId })
        .from(routes)
        .where(sql`lower(${routes.path}) = lower(${fullPath})`);
      return rows.some((r) => !(except && r.type === except.type && r.id === except.id));
    },
    async insert(values: {
      parentId: number | null;
      parentTraversalIds: number[];
      name: string;
      path: string;
      fullPath: string;
      description: string;
      visibilityLevel: number;
    }): Promise<GroupRow> {
      const [inserted] = await db
        .insert(groups)
        .values({
          parentId: values.parentId,
          traversalIds: [],
          name: values.name,
          path: values.path,
          fullPath: values.fullPath,
          description: values.description,
          visibilityLevel: values.visibilityLevel,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      const [row] = await db
        .update(groups)
        .set({ traversalIds: [...values.parentTraversalIds, inserted.id] })
        .where(eq(groups.id, inserted.id))
        .returning();
      await db.insert(routes).values({ path: values.fullPath, sourceType: 'Namespace', sourceId: inserted.id });
      if (!row) throw new Error('update returned no row');
      return row;
    },
    async update(
      id: number,
      values: Partial<Pick<GroupRow, 'name' | 'description' | 'visibilityLevel' | 'path'>>,
    ): Promise<GroupRow | undefined> {
      return (
        await db
          .update(groups)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(groups.id, id))
          .returning()
      )[0];
    },
    /** Rewrites the full paths (and routes) of a group, its descendants and their projects. */
    async movePaths(group: GroupRow, newFullPath: string): Promise<void> {
      const old = group.fullPath;
      const len = old.length + 1;
      await db.execute(sql`
        UPDATE groups SET full_path = ${newFullPath} || substr(full_path, ${len})
        WHERE traversal_ids @> ARRAY[${group.id}]::bigint[]`);
      await db.execute(sql`
        UPDATE projects SET full_path = ${newFullPath} || substr(full_path, ${len})
        WHERE group_id IN (SELECT id FROM groups WHERE traversal_ids @> ARRAY[${group.id}]::bigint[])`);
      await db.execute(sql`
        UPDATE routes r SET path = g.full_path FROM groups g
        WHERE r.source_type = 'Namespace' AND r.source_id = g.id AND g.traversal_ids @> ARRAY[${group.id}]::bigint[]`);
      await db.execute(sql`
        UPDATE routes r SET path = p.full_path FROM projects p JOIN groups g ON g.id = p.group_id
        WHERE r.source_type = 'Project' AND r.source_id = p.id AND g.traversal_ids @> ARRAY[${group.id}]::bigint[]`);
    },
    /** Highest visibility among a group's descendants and their projects (to refuse narrowing below it). */
    async maxDescendantVisibility(groupId: number): Promise<number> {
      const result = await db.execute<{ v: number | null }>(sql`
        SELECT GREATEST(
          (SELECT max(visibility_level) FROM groups WHERE traversal_ids @> ARRAY[${groupId}]::bigint[] AND id <> ${groupId}),
          (SELECT max(p.visibility_level) FROM projects p JOIN groups g ON g.id = p.group_id
            WHERE g.traversal_ids @> ARRAY[${groupId}]::bigint[])) AS v`);
      return Number(result.rows[0]?.v ?? -1);
    },
    /** Deletes a group with its subgroups, projects, memberships and routes. */
    async deleteTree(groupId: number): Promise<void> {
      const sub = sql`SELECT id FROM groups WHERE traversal_ids @> ARRAY[${groupId}]::bigint[]`;
      const subProjects = sql`SELECT id FROM projects WHERE group_id IN (${sub})`;
      await db
        .delete(members)
        .where(and(eq(members.sourceType, 'Project'), sql`${members.sourceId} IN (${subProjects})`));
      await db.delete(routes).where(and(eq(routes.sourceType, 'Project'), sql`${routes.sourceId} IN (${subProjects})`));
      await db.delete(members).where(and(eq(members.sourceType, 'Namespace'), sql`${members.sourceId} IN (${sub})`));
      await db.delete(routes).where(and(eq(routes.sourceType, 'Namespace'), sql`${routes.sourceId} IN (${sub})`));
      await db.delete(projects).where(sql`${projects.groupId} IN (${sub})`);
      await db.delete(groups).where(eq(groups.id, groupId));
    },
    async countChildren(groupId: number): Promise<{ subgroups: number; projects: number }> {
      const [a] = await db.select({ n: count() }).from(groups).where(eq(groups.parentId, groupId));
      const [b] = await db.select({ n: count() }).from(projects).where(eq(projects.groupId, groupId));
      return { subgroups: a?.n ?? 0, projects: b?.n ?? 0 };
    },
  };
}
