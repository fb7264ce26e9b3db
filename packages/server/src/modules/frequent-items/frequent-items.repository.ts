/**
 * SQL of frequently visited projects and groups: one row per user and item, its visit count
 * (`frequency`, raised at most once per UTC day) and when it was last visited.
 */
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { frequentItems, type GroupRow, groups, type ProjectRow, projects } from '../../db/schema.ts';

/** How many items of each kind a user keeps (GitLab's FREQUENT_ITEMS.MAX_COUNT). */
export const MAX_FREQUENT_ITEMS = 20;

export type FrequentKind = 'projects' | 'groups';

export function frequentItemsRepository(db: Db) {
  return {
    /**
     * Records a visit: a new item starts at 1; a known one counts again only on a later UTC day
     * than its last visit. The user keeps the MAX_FREQUENT_ITEMS most frequent of each kind (the
     * item just visited always stays).
     */
    async track(userId: number, kind: FrequentKind, itemId: number): Promise<void> {
      const column = kind === 'projects' ? sql.raw('project_id') : sql.raw('group_id');
      await db.execute(sql`
        INSERT INTO frequent_items (user_id, ${column}) VALUES (${userId}, ${itemId})
        ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO UPDATE SET
          frequency = frequent_items.frequency
            + CASE WHEN (frequent_items.last_accessed_on AT TIME ZONE 'UTC')::date < (now() AT TIME ZONE 'UTC')::date
                   THEN 1 ELSE 0 END,
          last_accessed_on = now()`);
      await db.execute(sql`
        DELETE FROM frequent_items WHERE user_id = ${userId} AND ${column} IS NOT NULL AND id NOT IN (
          SELECT id FROM frequent_items WHERE user_id = ${userId} AND ${column} IS NOT NULL
          ORDER BY ${column} = ${itemId} DESC, frequency DESC, last_accessed_on DESC LIMIT ${MAX_FREQUENT_ITEMS})`);
    },

    /** The user's most frequent projects that `visible` (over `projects` / `groups`) lets them read. */
    async projects(userId: number, visible: SQL, limit: number): Promise<{ project: ProjectRow; group: GroupRow }[]> {
      return await db
        .select({ project: projects, group: groups })
        .from(frequentItems)
        .innerJoin(projects, eq(projects.id, frequentItems.projectId))
        .innerJoin(groups, eq(groups.id, projects.groupId))
        .where(and(eq(frequentItems.userId, userId), isNotNull(frequentItems.projectId), visible))
        .orderBy(desc(frequentItems.frequency), desc(frequentItems.lastAccessedOn))
        .limit(limit);
    },

    /** The user's most frequent groups that `visible` (over `groups`) lets them read. */
    async groups(userId: number, visible: SQL, limit: number): Promise<GroupRow[]> {
      const rows = await db
        .select({ group: groups })
        .from(frequentItems)
        .innerJoin(groups, eq(groups.id, frequentItems.groupId))
        .where(and(eq(frequentItems.userId, userId), isNotNull(frequentItems.groupId), visible))
        .orderBy(desc(frequentItems.frequency), desc(frequentItems.lastAccessedOn))
        .limit(limit);
      return rows.map((r) => r.group);
    },
  };
}
