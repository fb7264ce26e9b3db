import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type GroupRow, groups, members, type ProjectRow, projects, routes } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';

/** The project's group, aliased `pg` so the visibility condition can name it. */
export const projectGroup = alias(groups, 'pg');

export type ProjectListFilter = {
  /** SQL condition over "projects" and "pg" (the project's group) restricting to readable projects */
  visible: SQL;
  search?: string;
  groupId?: number;
  /** projects anywhere under this group */
  underGroupId?: number;
  memberOf?: { namespaceIds: readonly number[]; projectIds: readonly number[] };
  /** projects where this user did something (the activity feed's events: GitLab's contributed projects) */
  contributedBy?: number;
  sort?: ProjectSortKey;
  limit: number;
  offset: number;
};

/** The lists' orders (GitLab's `sort` values the dashboard offers); ties broken by id. */
export const PROJECT_SORTS = {
  name_asc: sql`lower(${projects.name}) ASC, ${projects.id} ASC`,
  name_desc: sql`lower(${projects.name}) DESC, ${projects.id} DESC`,
  created_desc: sql`${projects.createdAt} DESC, ${projects.id} DESC`,
  created_asc: sql`${projects.createdAt} ASC, ${projects.id} ASC`,
  latest_activity_desc: sql`${projects.lastActivityAt} DESC, ${projects.id} DESC`,
  latest_activity_asc: sql`${projects.lastActivityAt} ASC, ${projects.id} ASC`,
  full_path_asc: sql`${projects.fullPath} ASC`,
} as const;
export type ProjectSortKey = keyof typeof PROJECT_SORTS;

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export function projectsRepository(db: Db) {
  return {
    async findById(id: number): Promise<ProjectRow | undefined> {
      return (await db.select().from(projects).where(eq(projects.id, id)).limit(1))[0];
    },
    async findByIds(list: readonly number[]): Promise<ProjectRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(projects)
        .where(sql`${projects.id} = ANY(${ids(list)})`);
    },
    async findByFullPath(fullPath: string): Promise<ProjectRow | undefined> {
      return (
        await db.select().from(projects).where(sql`lower(${projects.fullPath}) = lower(${fullPath})`).limit(1)
      )[0];
    },
    async list(f: ProjectListFilter): Promise<{ rows: ProjectRow[]; total: number }> {
      const conditions: SQL[] = [f.visible];
      if (f.search) {
        const pattern = likePattern(f.search);
        const match = or(
          ilike(projects.name, pattern),
          ilike(projects.path, pattern),
          ilike(projects.fullPath, pattern),
        );
        if (match) conditions.push(match);
      }
      if (f.groupId !== undefined) conditions.push(eq(projects.groupId, f.groupId));
      if (f.underGroupId !== undefined) {
        conditions.push(sql`${projectGroup.traversalIds} @> ARRAY[${f.underGroupId}]::bigint[]`);
      }
      if (f.memberOf) {
        conditions.push(
          sql`(${projects.id} = ANY(${ids(f.memberOf.projectIds)}) OR ${projectGroup.traversalIds} && ${ids(f.memberOf.namespaceIds)})`,
        );
      }
      if (f.contributedBy !== undefined) {
        conditions.push(
          sql`${projects.id} IN (SELECT ce.project_id FROM events ce WHERE ce.author_id = ${f.contributedBy} AND ce.project_id IS NOT NULL)`,
        );
      }
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select({ project: projects })
          .from(projects)
          .innerJoin(projectGroup, eq(projectGroup.id, projects.groupId))
          .where(where)
          .orderBy(PROJECT_SORTS[f.sort ?? 'full_path_asc'])
          .limit(f.limit)
          .offset(f.offset),
        db
          .select({ n: count() })
          .from(projects)
          .innerJoin(projectGroup, eq(projectGroup.id, projects.groupId))
          .where(where),
      ]);
      return { rows: rows.map((r) => r.project), total: totals[0]?.n ?? 0 };
    },
    async insert(values: {
      group: GroupRow;
      name: string;
      path: string;
      description: string;
      visibilityLevel: number;
    }): Promise<ProjectRow> {
      const fullPath = `${values.group.fullPath}/${values.path}`;
      const [row] = await db
        .insert(projects)
        .values({
          groupId: values.group.id,
          name: values.name,
          path: values.path,
          fullPath,
          description: values.description,
          visibilityLevel: values.visibilityLevel,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await db.insert(routes).values({ path: fullPath, sourceType: 'Project', sourceId: row.id });
      return row;
    },
    async update(
      id: number,
      values: Partial<Pick<ProjectRow, 'name' | 'description' | 'visibilityLevel' | 'path' | 'fullPath'>>,
    ): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(projects.id, id))
        .returning();
      if (row && values.fullPath) {
        await db
          .update(routes)
          .set({ path: values.fullPath })
          .where(and(eq(routes.sourceType, 'Project'), eq(routes.sourceId, id)));
      }
      return row;
    },
    async delete(id: number): Promise<void> {
      await db.delete(members).where(and(eq(members.sourceType, 'Project'), eq(members.sourceId, id)));
      await db.delete(routes).where(and(eq(routes.sourceType, 'Project'), eq(routes.sourceId, id)));
      await db.delete(projects).where(eq(projects.id, id));
    },
  };
}
