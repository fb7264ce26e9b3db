/**
 * A milestone's burndown from GitLab's `burndown_events` (created / closed, each with the issue's
 * weight): for each day from the start through the due date or today (whichever is earlier), the
 * issues still open at the end of that day, counted and weighed. Dates are calendar days in UTC.
 */
export type BurndownEvent = { created_at: string; weight: number | null; action: 'created' | 'closed' | 'reopened' };
export type BurndownDay = { date: string; openCount: number; openWeight: number };

/** The most days drawn (a year), as the iteration burnup. */
export const MAX_BURNDOWN_DAYS = 366;

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * The days of the chart: from `startDate` (or the first event's day when there is none) through
 * `dueDate` or `today`, whichever is earlier (`today` when there is no due date); empty when there
 * is nothing to draw. Events before the first day count on the first day.
 */
export function burndownSeries(
  events: readonly BurndownEvent[],
  startDate: string | null,
  dueDate: string | null,
  today: string,
): BurndownDay[] {
  const first = startDate ?? events[0]?.created_at.slice(0, 10);
  if (!first) return [];
  const last = dueDate && dueDate < today ? dueDate : today;
  if (last < first) return [];
  const byDay = new Map<string, { count: number; weight: number }>();
  for (const e of events) {
    const at = e.created_at.slice(0, 10);
    const day = [at, first].sort()[1] as string;
    const sign = e.action === 'closed' ? -1 : 1;
    const entry = byDay.get(day) ?? { count: 0, weight: 0 };
    entry.count += sign;
    entry.weight += sign * (e.weight ?? 0);
    byDay.set(day, entry);
  }
  const days: BurndownDay[] = [];
  let openCount = 0;
  let openWeight = 0;
  for (let day = first, i = 0; day <= last && i < MAX_BURNDOWN_DAYS; day = addDays(day, 1), i += 1) {
    const change = byDay.get(day);
    if (change) {
      openCount += change.count;
      openWeight += change.weight;
    }
    days.push({ date: day, openCount, openWeight });
  }
  return days;
}

/** Totals of the milestone now: issues and weight, all and closed (the events' created / closed). */
export function burndownTotals(events: readonly BurndownEvent[]) {
  const totals = { count: 0, weight: 0, closedCount: 0, closedWeight: 0 };
  for (const e of events) {
    if (e.action === 'created') {
      totals.count += 1;
      totals.weight += e.weight ?? 0;
    } else if (e.action === 'closed') {
      totals.closedCount += 1;
      totals.closedWeight += e.weight ?? 0;
    }
  }
  return totals;
}
