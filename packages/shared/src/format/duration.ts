/**
 * GitLab's time-tracking durations (`/estimate 1w 2d 3h`, `/spend 30m`): parsing what people type
 * and the short human form GitLab shows (`humanTimeEstimate`). GitLab's defaults: a working day is
 * 8 hours, a week 5 days and a month 4 weeks; a bare number means hours.
 */

export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 60 * SECONDS_PER_MINUTE;
export const HOURS_PER_DAY = 8;
export const DAYS_PER_WEEK = 5;
export const WEEKS_PER_MONTH = 4;
export const SECONDS_PER_DAY = HOURS_PER_DAY * SECONDS_PER_HOUR;
export const SECONDS_PER_WEEK = DAYS_PER_WEEK * SECONDS_PER_DAY;
export const SECONDS_PER_MONTH = WEEKS_PER_MONTH * SECONDS_PER_WEEK;

/** The largest duration stored (PostgreSQL integer seconds). */
export const MAX_DURATION_SECONDS = 2_147_483_647;

const UNITS: readonly { seconds: number; short: string; names: readonly string[] }[] = [
  { seconds: SECONDS_PER_MONTH, short: 'mo', names: ['mo', 'mos', 'month', 'months'] },
  { seconds: SECONDS_PER_WEEK, short: 'w', names: ['w', 'wk', 'wks', 'week', 'weeks'] },
  { seconds: SECONDS_PER_DAY, short: 'd', names: ['d', 'day', 'days'] },
  { seconds: SECONDS_PER_HOUR, short: 'h', names: ['h', 'hr', 'hrs', 'hour', 'hours'] },
  { seconds: SECONDS_PER_MINUTE, short: 'm', names: ['m', 'min', 'mins', 'minute', 'minutes'] },
  { seconds: 1, short: 's', names: ['s', 'sec', 'secs', 'second', 'seconds'] },
];

const UNIT_BY_NAME = new Map(UNITS.flatMap((u) => u.names.map((name) => [name, u.seconds] as const)));
const PART = /(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)/gy;

/**
 * Seconds in a duration such as `1w 2d 3h 30m`, `1.5h`, `90m` or `3` (hours), or null when the text
 * is not a duration. A leading `-` makes it negative (`/spend -1h` subtracts) only when
 * `allowNegative` is set. The result is rounded to whole seconds.
 */
export function parseDuration(text: string, { allowNegative = false } = {}): number | null {
  let rest = text.trim().toLowerCase();
  let sign = 1;
  if (rest.startsWith('-')) {
    if (!allowNegative) return null;
    sign = -1;
    rest = rest.slice(1).trimStart();
  }
  if (rest === '') return null;
  let total = 0;
  let position = 0;
  while (position < rest.length) {
    PART.lastIndex = position;
    const match = PART.exec(rest);
    if (!match) return null;
    const [whole, amount = '', unit = ''] = match;
    const perUnit = unit === '' ? SECONDS_PER_HOUR : UNIT_BY_NAME.get(unit);
    if (perUnit === undefined) return null;
    total += Number(amount) * perUnit;
    position += whole.length;
    const next = rest[position];
    if (next !== undefined && next !== ' ' && next !== ',' && unit === '') return null;
    while (rest[position] === ' ' || rest[position] === ',') position += 1;
  }
  const seconds = Math.round(total);
  if (seconds > MAX_DURATION_SECONDS) return null;
  return sign * seconds;
}

/**
 * The short human form GitLab shows: `1w 2d 3h 30m` (months `mo`, weeks of 5 days, days of 8 hours);
 * zero is `0h`, negatives get a leading `-`.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.round(Math.abs(seconds));
  if (whole === 0) return '0h';
  let rest = whole;
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.seconds);
    if (count > 0) parts.push(`${count}${unit.short}`);
    rest -= count * unit.seconds;
  }
  return `${seconds < 0 ? '-' : ''}${parts.join(' ')}`;
}

/** GitLab's human fields (`humanTimeEstimate`, `humanTotalTimeSpent`): null when nothing is recorded. */
export function humanDuration(seconds: number): string | null {
  return seconds === 0 ? null : formatDuration(seconds);
}

/** How much of the estimate is spent, 0–100 (can exceed 100 when over the estimate); null without an estimate. */
export function timeSpentPercent(spent: number, estimate: number): number | null {
  if (estimate <= 0) return null;
  return Math.floor((Math.max(spent, 0) / estimate) * 100);
}
