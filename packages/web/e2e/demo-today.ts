import { type BrowserContext, test as base } from '@playwright/test';

/**
 * "Today" for the journeys that read dates. playwright.config.ts sets MILEPOST_DEMO_TODAY (the real
 * date unless a run pins another) and hands it to the server, whose demo spreads its dates around it;
 * `test` below gives the browser the same day, so the roadmap's timeline and the demo agree on any
 * date. Expectations are derived from DEMO_TODAY with the small, independent date helpers here,
 * never written as literal dates. Replay a day with `MILEPOST_DEMO_TODAY=2027-03-05 npx playwright test`.
 *
 * Only the browser's clock moves: the server, its sessions, tokens and SQL `CURRENT_DATE` keep the
 * real one, so journeys about tokens or expiry use Playwright's plain `test`.
 */
export const DEMO_TODAY = demoTodayFromEnv(process.env.MILEPOST_DEMO_TODAY);

function demoTodayFromEnv(value: string | undefined): string {
  if (!value) throw new Error('MILEPOST_DEMO_TODAY is not set: run the journeys through playwright.config.ts');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new Error(`MILEPOST_DEMO_TODAY must be a calendar date written YYYY-MM-DD, not ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Gives the browser context's pages DEMO_TODAY at noon UTC (the same calendar day in any time zone
 * from UTC−11 to UTC+11); time then runs on naturally. Call it for contexts made with
 * `browser.newContext()`; the `test` below does it for its own context.
 */
export async function pinClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: new Date(`${DEMO_TODAY}T12:00:00Z`) });
}

/** Playwright's `test` with the browser clock on DEMO_TODAY. */
export const test = base.extend({
  context: async ({ context }, use) => {
    await pinClock(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(iso: string): { year: number; month: number; day: number } {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The date `days` days after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const { year, month, day } = parts(iso);
  return isoOf(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The first day of the week holding `iso`; weeks start on Sunday (0) unless told otherwise. */
export function weekStart(iso: string, firstDayOfWeek = 0): string {
  const { year, month, day } = parts(iso);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return addDays(iso, -((weekday - firstDayOfWeek + 7) % 7));
}

export const yearOf = (iso: string): number => parts(iso).year;

/** 'Nov 22' */
export function monthAndDay(iso: string): string {
  const { month, day } = parts(iso);
  return `${MONTHS[month - 1]} ${day}`;
}

/** 'Nov 22, 2026' */
export function dateInWords(iso: string): string {
  return `${monthAndDay(iso)}, ${yearOf(iso)}`;
}

/** An epic's dates as the roadmap words them: 'Jun 1, 2025 – Oct 31, 2027', 'Jan 1 – Mar 31, 2026'. */
export function timeframeInWords(start: string, due: string): string {
  const from = yearOf(start) === yearOf(due) ? monthAndDay(start) : dateInWords(start);
  return `${from} – ${dateInWords(due)}`;
}

/** The calendar quarter as the demo's group milestones are named: '2026 Q4'. */
export function quarterTitle(iso: string): string {
  const { year, month } = parts(iso);
  return `${year} Q${Math.floor((month - 1) / 3) + 1}`;
}
