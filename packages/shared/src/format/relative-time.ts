/**
 * Relative times in GitLab's timeago wording (spec 002 §9): 'just now', '5 minutes ago',
 * '3 days ago', '2 weeks ago', '1 year ago', 'in 2 days'. Units step as timeago.js does: 60 s,
 * 60 min, 24 h, 7 days, 365/7/12 weeks a month, 12 months; the count is rounded down.
 */

const STEPS: readonly [size: number, unit: string][] = [
  [60, 'second'],
  [60, 'minute'],
  [24, 'hour'],
  [7, 'day'],
  [365 / 7 / 12, 'week'],
  [12, 'month'],
  [Number.POSITIVE_INFINITY, 'year'],
];

/** '3 days' for a distance in seconds (any sign); null under a minute. */
function distanceWords(seconds: number): string | null {
  let value = Math.abs(seconds);
  let step = 0;
  while (step < STEPS.length - 1 && value >= (STEPS[step]?.[0] ?? Number.POSITIVE_INFINITY)) {
    value /= STEPS[step]?.[0] ?? 1;
    step += 1;
  }
  const unit = STEPS[step]?.[1] ?? 'year';
  if (unit === 'second') return null;
  const count = Math.floor(value);
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function toTime(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/**
 * '3 days ago' / 'in 3 days' for `value` seen at `now`; 'just now' (past) or 'right now' (future)
 * within a minute; '' when `value` is missing or not a date.
 */
export function timeAgo(value: Date | string | number | null | undefined, now: Date | number = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const time = toTime(value);
  const reference = toTime(now);
  if (Number.isNaN(time) || Number.isNaN(reference)) return '';
  const seconds = (reference - time) / 1000;
  const words = distanceWords(seconds);
  if (words === null) return seconds >= 0 ? 'just now' : 'right now';
  return seconds >= 0 ? `${words} ago` : `in ${words}`;
}

function calendarDay(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
}

/**
 * The same words between two calendar dates (YYYY-MM-DD), counted in whole days so that time
 * zones play no part: 'today', '3 days ago', 'in 2 weeks'.
 */
export function calendarTimeAgo(date: string, today: string): string {
  const from = calendarDay(date);
  const to = calendarDay(today);
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  if (from === to) return 'today';
  return timeAgo(from, to);
}

/** The distance alone between two calendar dates: '2 weeks', '1 day'; 'less than a day' on the same day. */
export function calendarDistance(date: string, today: string): string {
  const from = calendarDay(date);
  const to = calendarDay(today);
  if (Number.isNaN(from) || Number.isNaN(to)) return '';
  return distanceWords((to - from) / 1000) ?? 'less than a day';
}
