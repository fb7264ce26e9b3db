/** SQL of the profile page: a user's groups and recent activity, each filtered by the viewer's read rules. */
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type GroupRow, groups } from '../../db/schema.ts';

export type ActivityRow = {
  action: 'opened' | 'commented on';
  targetType: 'Issue' | 'Epic';
  targetId: number;
  iid: number;
  title: string;
  createdAt: Date;
  /** The project's (issue) or group's (epic) full path. */
  containerPath: string;
};

export function profileRepository(db: Db) {
  return {
    /** Groups `userId` is a direct member of that pass `visible` (over `g`), by name. */
    async groups(userId: number, visible: SQL, limit: number): Promise<GroupRow[]> {
      const result = await db.execute<{ id: string }>(sql`
        SELECT g.id FROM members m JOIN groups g ON g.id = m.source_id
        WHERE m.source_type = 'Namespace' AND m.user_id = ${userId} AND ${visible}
        ORDER BY lower(g.name), g.id LIMIT ${limit}`);
      const ids = result.rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      const rows = await db.select().from(groups).where(inArray(groups.id, ids));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)).filter((g): g is GroupRow => g !== undefined);
    },

    /**
     * The newest issues and epics `userId` opened and commented on (never system or internal notes),
     * among those passing `issues` (over `i`, `p`, `pg`) and `epics` (over `e`, `g`); newest first.
     */
    async activity(userId: number, issues: SQL, epics: SQL, limit: number): Promise<ActivityRow[]> {
      const issueFrom = sql`issues i JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id`;
      const epicFrom = sql`epics e JOIN groups g ON g.id = e.group_id`;
      const result = await db.execute<{
        action: ActivityRow['action'];
        target_type: ActivityRow['targetType'];
        target_id: string;
        iid: number;
        title: string;
        created_at: Date | string;
        container_path: string;
      }>(sql`
        SELECT * FROM (
          (SELECT 'opened' AS action, 'Issue' AS target_type, i.id AS target_id, i.iid, i.title, i.created_at,
                  p.full_path AS container_path
             FROM ${issueFrom} WHERE i.author_id = ${userId} AND ${issues}
             ORDER BY i.created_at DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'opened', 'Epic', e.id, e.iid, e.title, e.created_at, g.full_path
             FROM ${epicFrom} WHERE e.author_id = ${userId} AND ${epics}
             ORDER BY e.created_at DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'commented on', 'Issue', i.id, i.iid, i.title, n.created_at, p.full_path
             FROM notes n JOIN ${issueFrom} ON i.id = n.issue_id
             WHERE n.author_id = ${userId} AND NOT n.system AND NOT n.internal AND ${issues}
             ORDER BY n.created_at DESC LIMIT ${limit})
          UNION ALL
          (SELECT 'commented on', 'Epic', e.id, e.iid, e.title, n.created_at, g.full_path
             FROM notes n JOIN ${epicFrom} ON e.id = n.epic_id
             WHERE n.author_id = ${userId} AND NOT n.system AND NOT n.internal AND ${epics}
             ORDER BY n.created_at DESC LIMIT ${limit})
        ) activity ORDER BY created_at DESC, target_id DESC LIMIT ${limit}`);
      return result.rows.map((r) => ({
        action: r.action,
        targetType: r.target_type,
        targetId: Number(r.target_id),
        iid: Number(r.iid),
        title: r.title,
        createdAt: new Date(r.created_at),
        containerPath: r.container_path,
      }));
    },
  };
}
