/** GitLab's admin 'Close report' / reopen: `PUT /api/v4/admin/abuse_reports/:id` with `status`. */
import { restJson } from '../../lib/rest.ts';

export const setAbuseReportStatus = (id: number, status: 'open' | 'closed') =>
  restJson<unknown>(`/api/v4/admin/abuse_reports/${id}`, { method: 'PUT', body: { status } });
