/**
 * Every date on screen goes through here, written in the signed-in user's time zone and date format
 * (Preferences › Localization; `DisplayPreferences` sets them when the user loads, then the app
 * renders again). Signed out, or before the user loads: the browser's zone and 'Nov 22, 2025'.
 */
import {
  type DatePreferences,
  DEFAULT_DATE_PREFERENCES,
  formatCalendarDay,
  formatTimestamp,
  todayIn,
} from '@milepost/shared';

let preferences: DatePreferences = DEFAULT_DATE_PREFERENCES;

export function setDatePreferences(next: DatePreferences): void {
  preferences = next;
}

export function datePreferences(): DatePreferences {
  return preferences;
}

/** 'Nov 22, 2025' for a timestamp, in the preferred time zone and format; '' when missing or invalid. */
export function formatDate(value: string | null | undefined): string {
  return formatTimestamp(value, preferences);
}

/** 'Nov 22, 2025 14:05' for a timestamp (tooltips of relative times). */
export function formatDateTime(value: string | null | undefined): string {
  return formatTimestamp(value, preferences, { withTime: true });
}

/** 'Nov 22, 2025' for a calendar date ('2025-11-22'), which has no time zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  return formatCalendarDay(value, preferences);
}

/**
 * Today's calendar date ('2025-11-22') in the preferred time zone — the browser's when none is set:
 * what due-date words, overdue marks, milestone states and date pickers count from (decision 0055).
 */
export function preferredToday(now: Date = new Date()): string {
  return todayIn(preferences.timeZone, now);
}
