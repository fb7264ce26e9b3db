import { formatDistanceToNowStrict } from 'date-fns';

const ABSOLUTE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** '3 days ago' (GitLab's timeago wording); 'just now' under a minute; '' when missing or invalid. */
export function relativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

/** 'Nov 22, 2025, 12:00 PM' in the viewer's time zone, for the created time's tooltip. */
export function absoluteTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : ABSOLUTE.format(date);
}

/** A username for display: GitLab drops a leading '@'. */
export function displayUsername(username: string): string {
  return username.replace(/^@/, '');
}
