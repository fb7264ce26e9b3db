/**
 * Calendar arithmetic on `YYYY-MM-DD` strings for the roadmap. Internally a date is its day number
 * (days since 1970-01-01) computed on UTC midnights, so there are no time zones and no DST.
 */

const MS_PER_DAY = 86_400_000;

export const MONTH_NAMES_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export type YearMonth = { year: number; month: number /* 1–12 */ };

function utc(year: number, month: number, day: number): Date {
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

/** Splits a `YYYY-MM-DD` string; throws on anything else (a programming error, not user input). */
export function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`Invalid date "${iso}": expected YYYY-MM-DD`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Invalid date "${iso}": no such calendar day`);
  }
  return { year, month, day };
}

export function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return utc(year, month + 1, 0).getUTCDate();
}

export function toDayNumber(iso: string): number {
  const { year, month, day } = parseIsoDate(iso);
  return Math.round(utc(year, month, day).getTime() / MS_PER_DAY);
}

export function fromDayNumber(n: number): string {
  const d = new Date(n * MS_PER_DAY);
  return formatIsoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(toDayNumber(iso) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(iso: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7;
}

export function addMonths({ year, month }: YearMonth, months: number): YearMonth {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

export function firstOfMonth({ year, month }: YearMonth): string {
  return formatIsoDate(year, month, 1);
}

export function lastOfMonth({ year, month }: YearMonth): string {
  return formatIsoDate(year, month, daysInMonth(year, month));
}

/** The first day of the week (starting on `firstDayOfWeek`) that contains `iso`. */
export function startOfWeek(iso: string, firstDayOfWeek: number): string {
  return addDays(iso, -((dayOfWeek(iso) - firstDayOfWeek + 7) % 7));
}

/** Quarter 1–4 of a month 1–12. */
export function quarterOfMonth(month: number): number {
  return Math.floor((month - 1) / 3) + 1;
}

/** 'Nov 22, 2026', or 'Nov 22' with `hideYear` (GitLab's `dateInWords(date, true, hideYear)`). */
export function formatDateInWords(iso: string, { hideYear = false }: { hideYear?: boolean } = {}): string {
  const { year, month, day } = parseIsoDate(iso);
  const monthDay = `${MONTH_NAMES_SHORT[month - 1]} ${day}`;
  return hideYear ? monthDay : `${monthDay}, ${year}`;
}
