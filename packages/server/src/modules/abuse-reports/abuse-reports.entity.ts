import type { AbuseReportRow, UserRow } from '../../db/schema.ts';
import { userBasic } from '../users/users.entity.ts';

/** GitLab's admin `AbuseReport` entity: the report with its reported user and reporter. */
export function abuseReportEntity(
  report: AbuseReportRow,
  users: ReadonlyMap<number, UserRow>,
  baseUrl: string,
): Record<string, unknown> {
  const user = users.get(report.userId);
  const reporter = users.get(report.reporterId);
  return {
    id: report.id,
    category: report.category,
    status: report.status,
    message: report.message,
    reported_from_url: report.reportedFromUrl || null,
    links_to_spam: report.linksToSpam,
    created_at: report.createdAt.toISOString(),
    updated_at: report.updatedAt.toISOString(),
    user: user ? userBasic(user, baseUrl) : null,
    reporter: reporter ? userBasic(reporter, baseUrl) : null,
  };
}
