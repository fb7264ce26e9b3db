/** Due dates in words (spec 002 §9) and the overdue rule (spec 002 §4.5); dates are calendar dates (YYYY-MM-DD). */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

function dayNumber(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
}

/**
 * A due date relative to today: 'Today', 'Tomorrow', 'Yesterday', or the weekday's name within the
 * next 7 days; null otherwise (the caller shows the date). Dates are calendar dates (YYYY-MM-DD).
 */
export function relativeDueDateText(date: string, today: string): string | null {
  const diff = dayNumber(date) - dayNumber(today);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  if (diff > 1 && diff < 7) return WEEKDAYS[new Date(dayNumber(date) * 86_400_000).getUTCDay()] ?? null;
  return null;
}

/** Overdue: the due date is before today and the item is not closed (spec 002 §4.5). */
export function isOverdue(date: string | null | undefined, today: string, state: string | null | undefined): boolean {
  if (!date) return false;
  return date.slice(0, 10) < today && (state ?? '').toLowerCase() !== 'closed';
}
