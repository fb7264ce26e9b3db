/**
 * 'Today' as a calendar date (YYYY-MM-DD) in a time zone: the day the due-date words ('Today',
 * 'Tomorrow', 'Past due', 'x days remaining'), overdue marks, date pickers and the roadmap's today
 * marker count from. The zone is the user's preferred one (Preferences › Localization); null or
 * undefined: the runtime's own zone (the browser's, for a signed-out visitor).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const pad = (value: number | string | undefined, length: number) => String(value ?? '').padStart(length, '0');

/** The calendar date of `moment` in `timeZone` (an IANA name; null: the runtime's zone). */
export function calendarDateIn(timeZone: string | null | undefined, moment: Date): string {
  if (!timeZone) {
    return `${pad(moment.getFullYear(), 4)}-${pad(moment.getMonth() + 1, 2)}-${pad(moment.getDate(), 2)}`;
  }
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dayFormatter(timeZone).formatToParts(moment);
  } catch {
    // A zone this runtime does not know: its own zone rather than no date at all.
    return calendarDateIn(null, moment);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${pad(part('year'), 4)}-${pad(part('month'), 2)}-${pad(part('day'), 2)}`;
}

/** Today's calendar date in `timeZone` (null: the runtime's zone); `now` for tests. */
export function todayIn(timeZone: string | null | undefined, now: Date = new Date()): string {
  return calendarDateIn(timeZone, now);
}

/** A calendar date (YYYY-MM-DD) moved by whole days ('tomorrow' is `addCalendarDays(today, 1)`). */
export function addCalendarDays(date: string, days: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const moved = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1, 2)}-${pad(moved.getUTCDate(), 2)}`;
}
