/**
 * Iterations' calendar rules, shared by the server (which creates automatic iterations and derives
 * states) and the web app (which shows them): dates are `YYYY-MM-DD` strings, no time zones.
 */
import { addDays, daysBetween, parseIsoDate } from '../roadmap/calendar.ts';

/** GitLab's iteration states; `opened` (upcoming or current) and `all` are list filters only. */
export const ITERATION_STATES = ['upcoming', 'current', 'closed'] as const;
export type IterationState = (typeof ITERATION_STATES)[number];
export type IterationStateFilter = IterationState | 'opened' | 'all';

/** GitLab's REST `state` numbers of an iteration (Iteration::STATE_ENUM_MAP). */
export const ITERATION_STATE_IDS: Record<IterationState, number> = { upcoming: 1, current: 2, closed: 3 };

/** Cadence settings the UI offers and the server accepts. */
export const CADENCE_DURATIONS_IN_WEEKS = [1, 2, 3, 4] as const;
export const CADENCE_MAX_UPCOMING_ITERATIONS = 10;
/** The most iterations an automatic cadence may need to create at once (its past ones included). */
export const CADENCE_MAX_GENERATED_ITERATIONS = 520;

/** Upcoming before its start date, closed after its due date, current in between (both days included). */
export function iterationState(startDate: string, dueDate: string, today: string): IterationState {
  if (startDate > today) return 'upcoming';
  if (dueDate < today) return 'closed';
  return 'current';
}

export type Period = { startDate: string; dueDate: string };

export type AutomaticSchedule = {
  /** the first iteration's start date */
  startDate: string;
  durationInWeeks: number;
  /** upcoming iterations to keep scheduled beyond the current one */
  iterationsInAdvance: number;
};

/**
 * The periods an automatic cadence still needs: consecutive iterations of `durationInWeeks` weeks,
 * beginning at the cadence's start date or the day after `lastDueDate` (whichever is later), through
 * today, plus upcoming ones until `upcomingCount` + the new ones reach `iterationsInAdvance`.
 * Returns `null` when that would take more than CADENCE_MAX_GENERATED_ITERATIONS iterations.
 */
export function missingPeriods(
  schedule: AutomaticSchedule,
  lastDueDate: string | null,
  upcomingCount: number,
  today: string,
): Period[] | null {
  const length = schedule.durationInWeeks * 7;
  let start = lastDueDate && lastDueDate >= schedule.startDate ? addDays(lastDueDate, 1) : schedule.startDate;
  const elapsed = start <= today ? Math.floor(daysBetween(start, today) / length) + 1 : 0;
  const wanted = elapsed + Math.max(0, schedule.iterationsInAdvance - upcomingCount);
  if (wanted > CADENCE_MAX_GENERATED_ITERATIONS) return null;
  const out: Period[] = [];
  for (let i = 0; i < wanted; i++) {
    out.push({ startDate: start, dueDate: addDays(start, length - 1) });
    start = addDays(start, length);
  }
  return out;
}

/** Whether two periods share a day. */
export function periodsOverlap(a: Period, b: Period): boolean {
  return a.startDate <= b.dueDate && b.startDate <= a.dueDate;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 2 – 15, 2026', 'Nov 30 – Dec 13, 2026', 'Dec 28, 2026 – Jan 10, 2027' (GitLab's period text). */
export function formatIterationPeriod(startDate: string, dueDate: string): string {
  const s = parseIsoDate(startDate);
  const d = parseIsoDate(dueDate);
  const month = (m: number) => MONTHS[m - 1];
  if (s.year !== d.year) return `${month(s.month)} ${s.day}, ${s.year} – ${month(d.month)} ${d.day}, ${d.year}`;
  if (s.month !== d.month) return `${month(s.month)} ${s.day} – ${month(d.month)} ${d.day}, ${d.year}`;
  if (s.day === d.day) return `${month(s.month)} ${s.day}, ${s.year}`;
  return `${month(s.month)} ${s.day} – ${d.day}, ${d.year}`;
}

/** What a list shows for an iteration: its title, else its period (automatic iterations have no title). */
export function iterationDisplayTitle(it: { title?: string | null; startDate: string; dueDate: string }): string {
  return it.title?.trim() ? it.title : formatIterationPeriod(it.startDate, it.dueDate);
}

/** The calendar days of a period, first to last, at most `max` of them. */
export function periodDays(startDate: string, dueDate: string, max: number): string[] {
  const count = Math.min(max, Math.max(0, daysBetween(startDate, dueDate) + 1));
  return Array.from({ length: count }, (_, i) => addDays(startDate, i));
}
