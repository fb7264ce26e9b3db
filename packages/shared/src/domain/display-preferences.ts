/**
 * A user's display preferences (decision 0038): colour theme, time zone and date format, and the
 * date formatting every screen uses with them. Pure: the time zone and format are arguments.
 */

/** GitLab's color modes: light, dark, or whatever the operating system uses. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** 'Nov 22, 2025' (GitLab's), '22 Nov 2025', or ISO 8601 '2025-11-22'. */
export const DATE_FORMATS = ['mdy', 'dmy', 'iso'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  mdy: 'Nov 22, 2025',
  dmy: '22 Nov 2025',
  iso: '2025-11-22',
};

export type DatePreferences = {
  /** An IANA time zone ('Europe/Berlin'); null: the browser's own. */
  timeZone: string | null;
  dateFormat: DateFormat;
};

export const DEFAULT_DATE_PREFERENCES: DatePreferences = { timeZone: null, dateFormat: 'mdy' };

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' } : {}),
      timeZone,
    });
    formatters.set(key, found);
  }
  return found;
}

function pad(value: string | undefined, length: number): string {
  return (value ?? '').padStart(length, '0');
}

/** The parts of `date` in `timeZone`, laid out in `format` (with 'HH:MM' when `withTime`). */
function layout(date: Date, timeZone: string | undefined, format: DateFormat, withTime: boolean): string {
  const parts = Object.fromEntries(
    formatter(timeZone, withTime)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string | undefined>;
  const time = withTime ? ` ${pad(parts.hour === '24' ? '00' : parts.hour, 2)}:${pad(parts.minute, 2)}` : '';
  if (format === 'iso') {
    const month = String(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].indexOf(parts.month ?? '') +
        1,
    );
    return `${pad(parts.year, 4)}-${pad(month, 2)}-${pad(parts.day, 2)}${time}`;
  }
  if (format === 'dmy') return `${parts.day} ${parts.month} ${parts.year}${time}`;
  return `${parts.month} ${parts.day}, ${parts.year}${time}`;
}

/** A timestamp as a date in the preferred zone and format ('Nov 22, 2025'); '' when missing or invalid. */
export function formatTimestamp(
  value: string | Date | null | undefined,
  prefs: DatePreferences,
  options: { withTime?: boolean } = {},
): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return layout(date, prefs.timeZone ?? undefined, prefs.dateFormat, options.withTime ?? false);
}

/** A calendar date ('2025-11-22', no time zone: the same day everywhere) in the preferred format. */
export function formatCalendarDay(
  value: string | null | undefined,
  prefs: Pick<DatePreferences, 'dateFormat'>,
): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '';
  return layout(date, 'UTC', prefs.dateFormat, false);
}
