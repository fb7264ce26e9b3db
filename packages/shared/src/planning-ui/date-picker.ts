/**
 * The date picker's rules, on calendar dates `YYYY-MM-DD`: parsing typed text, formatting,
 * clamping into [min, max], how many months and years the calendar offers.
 */

import { isIsoDate } from '../domain/dates.ts';

/** Display format unless the picker is given another: year-month-day, two-digit month and day. */
export const DEFAULT_PICKER_FORMAT = 'YYYY-MM-DD';
/** The calendar never shows more months side by side than this. */
export const MAX_CALENDAR_MONTHS = 4;
/** Years offered before and after the shown one, unless the picker is given another range… */
export const DEFAULT_CALENDAR_YEAR_RANGE = 10;
/** …which is capped at this. */
export const MAX_CALENDAR_YEAR_RANGE = 100;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function isoOf(year: number, month: number, day: number): string | null {
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return isIsoDate(iso) ? iso : null;
}

function monthNumber(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index === -1 ? null : index + 1;
}

/** Whether a format puts the day before the month ('DD/MM/YYYY'). */
function dayFirst(format: string): boolean {
  const day = format.search(/D/);
  const month = format.search(/M/);
  return day !== -1 && month !== -1 && day < month;
}

/**
 * A date from typed text, or null when the text is no date. Dashes count as slashes, so
 * '2026-3-5', '2026/03/05' and '2026-03-05T10:00' are 2026-03-05; a four-digit year last reads
 * month/day/year ('3/5/2026') unless `format` puts the day first; month names work too
 * ('Mar 5, 2026', '5 March 2026'). Impossible dates (2026-02-30) are no dates.
 */
export function parsePickerInput(text: string, format: string = DEFAULT_PICKER_FORMAT): string | null {
  const normalized = text.trim().replace(/-/g, '/');
  if (!normalized) return null;

  const numeric = /^(\d{1,4})\/(\d{1,2})\/(\d{1,4})(?:[T\s].*)?$/.exec(normalized);
  if (numeric) {
    const [a, b, c] = [numeric[1]!, numeric[2]!, numeric[3]!];
    if (a.length === 4) return isoOf(Number(a), Number(b), Number(c));
    if (c.length === 4) {
      return dayFirst(format) ? isoOf(Number(c), Number(b), Number(a)) : isoOf(Number(c), Number(a), Number(b));
    }
    return null;
  }

  const monthFirst = /^([A-Za-z]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(normalized);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? isoOf(Number(monthFirst[3]), month, Number(monthFirst[2])) : null;
  }
  const dayFirstWords = /^(\d{1,2})\s+([A-Za-z]{3,})\.?,?\s+(\d{4})$/.exec(normalized);
  if (dayFirstWords) {
    const month = monthNumber(dayFirstWords[2]!);
    return month ? isoOf(Number(dayFirstWords[3]), month, Number(dayFirstWords[1])) : null;
  }
  return null;
}

/** A date written in `format`: the tokens YYYY, MM, DD (zero-padded), M and D. */
export function formatPickerDate(date: string, format: string = DEFAULT_PICKER_FORMAT): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const tokens: Record<string, string> = {
    YYYY: pad(year, 4),
    MM: pad(month, 2),
    DD: pad(day, 2),
    M: String(month),
    D: String(day),
  };
  return format.replace(/YYYY|MM|DD|M|D/g, (token) => tokens[token] ?? token);
}

/** The date moved into [min, max]; either bound may be missing. */
export function clampPickerDate(date: string, min?: string | null, max?: string | null): string {
  if (min && date < min) return min;
  if (max && date > max) return max;
  return date;
}

export type TypedDateOptions = {
  today: string;
  minDate?: string | null;
  maxDate?: string | null;
  format?: string;
};

/**
 * What the picker holds after the user commits typed text: empty text resets to the minimum
 * date or to none; text that is no date falls back to today; the result is clamped into [min, max].
 */
export function resolveTypedDate(text: string, { today, minDate, maxDate, format }: TypedDateOptions): string | null {
  if (!text.trim()) return minDate || null;
  return clampPickerDate(parsePickerInput(text, format) ?? today, minDate, maxDate);
}

function clampInteger(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

/** Months shown side by side: 1 by default, at most 4. */
export function calendarMonthCount(requested?: number): number {
  return clampInteger(requested, 1, 1, MAX_CALENDAR_MONTHS);
}

/** Years offered before and after the shown year: 10 by default, at most 100. */
export function calendarYearRange(requested?: number): number {
  return clampInteger(requested, DEFAULT_CALENDAR_YEAR_RANGE, 0, MAX_CALENDAR_YEAR_RANGE);
}

/** The years a year dropdown offers around `year`, within the range and the min/max dates. */
export function calendarYears(year: number, range: number, minDate?: string | null, maxDate?: string | null): number[] {
  const span = calendarYearRange(range);
  const first = Math.max(year - span, minDate ? Number(minDate.slice(0, 4)) : 1, 1);
  const last = Math.min(year + span, maxDate ? Number(maxDate.slice(0, 4)) : 9999, 9999);
  const years: number[] = [];
  for (let y = first; y <= last; y++) years.push(y);
  return years;
}

/** Days before today are marked as past in the calendar. */
export function isPastDay(date: string, today: string): boolean {
  return date < today;
}

/** The calendar date of a moment in the viewer's own time zone (local calendar). */
export function localCalendarDate(moment: Date): string {
  return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1, 2)}-${pad(moment.getDate(), 2)}`;
}
