/**
 * Abuse reports: the categories a reporter chooses from (GitLab's `AbuseReport.categories`, in its
 * order, with its wording for each label) and the limits both the form and the server enforce.
 */
export const ABUSE_CATEGORIES = [
  'spam',
  'offensive',
  'phishing',
  'crypto',
  'credentials',
  'copyright',
  'malware',
  'other',
] as const;

export type AbuseCategory = (typeof ABUSE_CATEGORIES)[number];

/** The radio labels of the abuse drawer (GitLab's `CATEGORY_OPTIONS`, with Milepost for GitLab). */
export const ABUSE_CATEGORY_LABELS: Record<AbuseCategory, string> = {
  spam: "They're posting spam or unsolicited content.",
  offensive: "They're being offensive, harassing, or abusive.",
  phishing: "They're phishing or impersonating others.",
  crypto: "They're using Milepost to mine cryptocurrency.",
  credentials: "They're posting personal information or credentials.",
  copyright: "They're violating a copyright or trademark.",
  malware: "They're distributing malware or malicious code.",
  other: 'Something else.',
};

export const ABUSE_REPORT_STATUSES = ['open', 'closed'] as const;
export type AbuseReportStatus = (typeof ABUSE_REPORT_STATUSES)[number];

/** Longest message a report may carry. */
export const ABUSE_MESSAGE_MAX_LENGTH = 5000;
/** GitLab's `MAX_ALLOWED_LINKS` for `links_to_spam`, and the longest single link. */
export const ABUSE_MAX_LINKS = 20;
export const ABUSE_LINK_MAX_LENGTH = 2048;

/** The confirmation shown once a report is saved (GitLab's, with Milepost for GitLab). */
export const ABUSE_REPORT_THANKS = 'Thank you for your report. A Milepost administrator will look into it shortly.';

export function isAbuseCategory(value: unknown): value is AbuseCategory {
  return typeof value === 'string' && (ABUSE_CATEGORIES as readonly string[]).includes(value);
}
