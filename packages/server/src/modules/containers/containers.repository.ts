import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { labels, milestones } from '../../db/schema.ts';

/** The tables whose rows live in a group or a project, titled uniquely there. */
type ContainerTable = typeof labels | typeof milestones;

/**
 * What the labels' and milestones' repositories share: the title check within a group or project,
 * insert, and update (stamping `updatedAt`).
 */
export function containerRowsRepository<T extends ContainerTable>(db: Db, table: T) {
  return {
    async titleTaken(
      container: { groupId: number | null; projectId: number | null },
      title: string,
      exceptId?: number,
    ): Promise<boolean> {
      const where = and(
        container.groupId !== null
          ? eq(table.groupId, container.groupId)
          : eq(table.projectId, container.projectId ?? 0),
        eq(table.title, title),
        exceptId !== undefined ? sql`${table.id} <> ${exceptId}` : undefined,
      );
      return (
        (
          await db
            .select({ id: table.id })
            .from(table as ContainerTable)
            .where(where)
            .limit(1)
        ).length > 0
      );
    },
    async insert(values: T['$inferInsert']): Promise<T['$inferSelect']> {
      const [row] = await db
        .insert(table as ContainerTable)
        .values(values)
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row as T['$inferSelect'];
    },
    async update(id: number, values: Partial<T['$inferSelect']>): Promise<T['$inferSelect'] | undefined> {
      const [row] = await db
        .update(table as ContainerTable)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning();
      return row as T['$inferSelect'] | undefined;
    },
  };
}
