import { formatDateTime } from '../../lib/format-date.ts';

/** 'Nov 22, 2025 12:00' in the viewer's time zone and date format, for the created time's tooltip. */
export function absoluteTime(value: string | null | undefined): string {
  return formatDateTime(value);
}

/** A username for display: GitLab drops a leading '@'. */
export function displayUsername(username: string): string {
  return username.replace(/^@/, '');
}
