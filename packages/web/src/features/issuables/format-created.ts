const ABSOLUTE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
