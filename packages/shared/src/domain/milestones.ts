/** Milestone timing, on calendar dates `YYYY-MM-DD` (string order is date order). */

/** Past due: the due date is before today (GitLab's `expired?`). */
export function milestoneExpired(dueDate: string | null | undefined, today: string): boolean {
  return !!dueDate && dueDate < today;
}

/** Not started yet: the start date is after today (GitLab's `upcoming?`). */
export function milestoneUpcoming(startDate: string | null | undefined, today: string): boolean {
  return !!startDate && startDate > today;
}

/**
 * Whether an item running from `start` to `due` (either may be missing: open-ended) overlaps the
 * timeframe `[from, to]`. An item with neither date overlaps nothing (as GitLab's `within_timeframe`).
 */
export function overlapsTimeframe(
  start: string | null | undefined,
  due: string | null | undefined,
  from: string,
  to: string,
): boolean {
  if (!start && !due) return false;
  return (!start || start <= to) && (!due || due >= from);
}

/** Whether the item runs over `date`: both dates set and `start ≤ date ≤ due` (GitLab's `containing_date`). */
export function containsDate(start: string | null | undefined, due: string | null | undefined, date: string): boolean {
  return !!start && !!due && start <= date && due >= date;
}
