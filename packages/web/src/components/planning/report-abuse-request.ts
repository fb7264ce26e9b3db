/**
 * GitLab's report form call: `POST /-/abuse_reports`, form-encoded with the authenticity token,
 * `user_id`, `abuse_report[reported_from_url]`, `abuse_report[category]`, `abuse_report[message]`
 * and `abuse_report[links_to_spam][]` (the CSRF header goes along, as with every cookie write).
 */
import type { AbuseCategory } from '@milepost/shared/domain/abuse-report';
import { csrfFetch, ensureCsrfToken } from '../../lib/csrf.ts';

export type AbuseReportRequest = {
  reportedUserId: number;
  reportedFromUrl: string;
  category: AbuseCategory;
  message: string;
  links: readonly string[];
};

export const REPORT_FAILED_MESSAGE = 'Something went wrong while sending the report. Try again.';

/** A failed report, with a message fit to show as is. */
export class AbuseReportError extends Error {}

function messageFor(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (status === 401) return 'Your session has ended. Sign in again to report abuse.';
  if (status === 404) return 'The user you are reporting no longer exists.';
  if (status === 422 && typeof message === 'string' && message) return message;
  if (status === 403 && typeof message === 'string' && message) return message;
  return REPORT_FAILED_MESSAGE;
}

export async function submitAbuseReport(report: AbuseReportRequest): Promise<string> {
  const form = new URLSearchParams();
  // The token travels as GitLab's form field too; csrfFetch adds the header the server checks.
  const token = await ensureCsrfToken();
  if (token) form.set('authenticity_token', token);
  form.set('user_id', String(report.reportedUserId));
  form.set('abuse_report[reported_from_url]', report.reportedFromUrl);
  form.set('abuse_report[category]', report.category);
  form.set('abuse_report[message]', report.message);
  for (const link of report.links) form.append('abuse_report[links_to_spam][]', link);

  let response: Response;
  try {
    response = await csrfFetch('/-/abuse_reports', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
  } catch {
    throw new AbuseReportError('The server could not be reached. Check your connection and try again.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new AbuseReportError(messageFor(response.status, body));
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}
