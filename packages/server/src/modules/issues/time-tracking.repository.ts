/** SQL of issue time tracking: the timelog entries (`timelogs`) and their sums per issue. */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TimelogRow, timelogs } from '../../db/schema.ts';

export type NewTimelog = {
  issueId: number;
  userId: number | null;
  timeSpent: number;
  spentAt?: Date;
  summary?: string | null;
};

export function timeTrackingRepository(db: Db) {
  return {
    /** Seconds spent per issue (issues without entries are absent). */
    async totals(issueIds: readonly number[]): Promise<Map<number, number>> {
      if (issueIds.length === 0) return new Map();
      const rows = await db
        .select({ issueId: timelogs.issueId, total: sql<string>`sum(${timelogs.timeSpent})` })
        .from(timelogs)
        .where(inArray(timelogs.issueId, [...issueIds]))
        .groupBy(timelogs.issueId);
      return new Map(rows.map((r) => [r.issueId, Number(r.total)]));
    },

    /** Locks the issue's row for a change of its time tracking (callers run in a transaction). */
    async lockIssue(issueId: number): Promise<void> {
      await db.execute(sql`SELECT id FROM issues WHERE id = ${issueId} FOR UPDATE`);
    },

    async insert(entry: NewTimelog): Promise<TimelogRow> {
      const [row] = await db.insert(timelogs).values(entry).returning();
      if (!row) throw new Error('timelog not inserted');
      return row;
    },

    /** One page of an issue's entries, oldest first, and their count. */
    async page(issueId: number, limit: number, offset: number): Promise<{ rows: TimelogRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(timelogs)
          .where(eq(timelogs.issueId, issueId))
          .orderBy(asc(timelogs.spentAt), asc(timelogs.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(timelogs).where(eq(timelogs.issueId, issueId)),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}
