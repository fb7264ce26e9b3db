/** The only place that builds SQL for abuse reports. */
import type { AbuseCategory, AbuseReportStatus } from '@milepost/shared/domain/abuse-report';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AbuseReportRow, abuseReports } from '../../db/schema.ts';

export type NewAbuseReport = {
  reporterId: number;
  userId: number;
  category: AbuseCategory;
  message: string;
  reportedFromUrl: string;
  linksToSpam: string[];
};

export type AbuseReportFilter = { status?: AbuseReportStatus; category?: AbuseCategory };

/** The partial unique index: one open report per reported user, reporter and category. */
export const OPEN_REPORT_UNIQUE_INDEX = 'abuse_reports_open_unique';

function where(filter: AbuseReportFilter): SQL | undefined {
  return and(
    filter.status ? eq(abuseReports.status, filter.status) : undefined,
    filter.category ? eq(abuseReports.category, filter.category) : undefined,
  );
}

export function abuseReportsRepository(db: Db) {
  return {
    async insert(values: NewAbuseReport): Promise<AbuseReportRow> {
      const [row] = await db.insert(abuseReports).values(values).returning();
      if (!row) throw new Error('abuse report insert returned no row');
      return row;
    },

    async findById(id: number): Promise<AbuseReportRow | undefined> {
      return (await db.select().from(abuseReports).where(eq(abuseReports.id, id)).limit(1))[0];
    },

    async setStatus(id: number, status: AbuseReportStatus): Promise<AbuseReportRow | undefined> {
      return (
        await db.update(abuseReports).set({ status, updatedAt: new Date() }).where(eq(abuseReports.id, id)).returning()
      )[0];
    },

    /** Newest first, with the total for the filter. */
    async list(
      filter: AbuseReportFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: AbuseReportRow[]; total: number }> {
      const condition = where(filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(abuseReports)
          .where(condition)
          .orderBy(desc(abuseReports.createdAt), desc(abuseReports.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(abuseReports).where(condition),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}
