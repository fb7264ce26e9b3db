/** The only place that builds SQL for description templates (`issue_templates`, migration 0011). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type IssueTemplateRow, issueTemplates } from '../../db/schema.ts';

/** Where a template lives: a group or a project (exactly one). */
export type TemplateOwner = { groupId: number; projectId: null } | { groupId: null; projectId: number };

/** The unique index on a project's (or group's) template names. */
export const TEMPLATE_NAME_INDEXES = ['issue_templates_project_name', 'issue_templates_group_name'];

function ownedBy(owner: TemplateOwner) {
  return owner.projectId !== null
    ? eq(issueTemplates.projectId, owner.projectId)
    : eq(issueTemplates.groupId, owner.groupId);
}

function idArray(ids: readonly number[]) {
  return sql`${sql.param(ids.map(String))}::bigint[]`;
}

export function issueTemplatesRepository(db: Db) {
  return {
    /** A group's or project's own templates, by name. */
    async listOwn(owner: TemplateOwner): Promise<IssueTemplateRow[]> {
      return await db.select().from(issueTemplates).where(ownedBy(owner)).orderBy(asc(issueTemplates.name)).limit(1000);
    },

    async findOwnNamed(owner: TemplateOwner, name: string): Promise<IssueTemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(issueTemplates)
        .where(and(ownedBy(owner), eq(issueTemplates.name, name)));
      return row;
    },

    /**
     * The templates a project's issues may use: its own and those of the groups in `groupIds` (root
     * first … the project's group last); of one name only the nearest (the project's, else the
     * deepest group's). A page of them by name, with the total.
     */
    async available(
      projectId: number,
      groupIds: readonly number[],
      page: { limit: number; offset: number },
      name?: string,
    ): Promise<{ rows: IssueTemplateRow[]; total: number }> {
      const result = await db.execute<Record<string, unknown>>(sql`
        WITH nearest AS (
          SELECT DISTINCT ON (t.name) t.*
          FROM issue_templates t
          WHERE (t.project_id = ${projectId} OR t.group_id = ANY(${idArray(groupIds)}))
            ${name === undefined ? sql`` : sql`AND t.name = ${name}`}
          ORDER BY t.name, (t.project_id IS NULL), array_position(${idArray(groupIds)}, t.group_id) DESC
        )
        SELECT (SELECT count(*) FROM nearest) AS total, n.*
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (SELECT * FROM nearest ORDER BY name LIMIT ${page.limit} OFFSET ${page.offset}) n ON true
        ORDER BY n.name`);
      const rows = result.rows
        .filter((r) => r.id !== null)
        .map((r) => ({
          id: Number(r.id),
          groupId: r.group_id === null ? null : Number(r.group_id),
          projectId: r.project_id === null ? null : Number(r.project_id),
          name: String(r.name),
          content: String(r.content),
          createdAt: new Date(r.created_at as string),
          updatedAt: new Date(r.updated_at as string),
        }));
      const total = result.rows[0] ? Number(result.rows[0].total) : 0;
      return { rows, total };
    },

    async insert(owner: TemplateOwner, name: string, content: string): Promise<IssueTemplateRow> {
      const [row] = await db
        .insert(issueTemplates)
        .values({ ...owner, name, content })
        .returning();
      if (!row) throw new Error('issue template insert returned no row');
      return row;
    },

    async update(id: number, changes: { name?: string; content?: string }): Promise<IssueTemplateRow | undefined> {
      const [row] = await db
        .update(issueTemplates)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(issueTemplates.id, id))
        .returning();
      return row;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db
        .delete(issueTemplates)
        .where(eq(issueTemplates.id, id))
        .returning({ id: issueTemplates.id });
      return rows.length > 0;
    },
  };
}
