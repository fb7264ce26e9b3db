/**
 * The issue lists' downloads: GitLab's CSV export columns (`Issues::ExportCsvService`) and an Atom
 * feed of the list (GitLab's `issues.atom`), built from GitLab's Issue entities.
 */
import type { issueEntity } from './issues.entity.ts';

type Entity = ReturnType<typeof issueEntity>;

/** GitLab's export columns; times in seconds. */
export const CSV_COLUMNS = [
  'Title',
  'Description',
  'Issue ID',
  'URL',
  'State',
  'Author',
  'Author Username',
  'Assignee',
  'Assignee Username',
  'Confidential',
  'Locked',
  'Due Date',
  'Created At (UTC)',
  'Updated At (UTC)',
  'Closed At (UTC)',
  'Milestone',
  'Weight',
  'Labels',
  'Time Estimate',
  'Time Spent',
  'Epic ID',
  'Epic Title',
] as const;

/** `2026-11-25 20:54:15`, as GitLab's `to_fs(:csv)`. */
const csvTime = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ (a
 * spreadsheet formula) is escaped with an apostrophe, as GitLab's CsvBuilder does.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.map(csvField).join(',')}\n`;
}

export function csvRow(e: Entity): string {
  const values = [
    e.title,
    e.description ?? '',
    e.iid,
    e.web_url,
    e.state === 'closed' ? 'Closed' : 'Open',
    e.author?.name ?? '',
    e.author?.username ?? '',
    e.assignees.map((u) => u.name).join(', '),
    e.assignees.map((u) => u.username).join(', '),
    yesNo(e.confidential),
    yesNo(e.discussion_locked),
    e.due_date ?? '',
    csvTime(e.created_at),
    csvTime(e.updated_at),
    csvTime(e.closed_at),
    e.milestone?.title ?? '',
    e.weight ?? '',
    (e.labels as string[]).slice().sort().join(','),
    e.time_stats.time_estimate,
    e.time_stats.total_time_spent,
    e.epic?.id ?? '',
    e.epic?.title ?? '',
  ];
  return `${values.map(csvField).join(',')}\n`;
}

const xml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** An Atom feed of issues: one entry per issue, newest change first as listed. */
export function atomFeed(
  feed: { title: string; selfUrl: string; alternateUrl: string; updated: Date },
  entities: Entity[],
) {
  const entries = entities.map((e) => {
    const labels = (e.labels as string[]).map((l) => `<category term="${xml(l)}"/>`).join('');
    const assignees = e.assignees.map((u) => `<assignee><name>${xml(u.name)}</name></assignee>`).join('');
    return [
      '<entry>',
      `<id>${xml(e.web_url)}</id>`,
      `<link href="${xml(e.web_url)}"/>`,
      `<title>${xml(e.title)}</title>`,
      `<updated>${e.updated_at}</updated>`,
      `<published>${e.created_at}</published>`,
      e.author ? `<author><name>${xml(e.author.name)}</name></author>` : '',
      e.description ? `<summary type="text">${xml(e.description.slice(0, 1000))}</summary>` : '',
      labels,
      assignees,
      e.milestone ? `<milestone>${xml(e.milestone.title)}</milestone>` : '',
      e.due_date ? `<due_date>${e.due_date}</due_date>` : '',
      '</entry>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    `<title>${xml(feed.title)}</title>`,
    `<link href="${xml(feed.selfUrl)}" rel="self" type="application/atom+xml"/>`,
    `<link href="${xml(feed.alternateUrl)}" rel="alternate" type="text/html"/>`,
    `<id>${xml(feed.alternateUrl)}</id>`,
    `<updated>${feed.updated.toISOString()}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
