/** What a milestone's tooltip says about its dates, on calendar dates `YYYY-MM-DD`. */

import { milestoneExpired, milestoneUpcoming } from '../domain/milestones.ts';

/**
 * - `expired`: past due, today is after the due date ('Expired 3 months ago');
 * - `started`: today is on or after the start date ('Started 2 weeks ago');
 * - `upcoming`: the start date is still ahead ('Starts in 2 days');
 * - `remaining`: no start date, due date still ahead ('2 weeks remaining');
 * - `none`: neither date is set.
 */
export type MilestoneTimingKind = 'expired' | 'started' | 'upcoming' | 'remaining' | 'none';

export type MilestoneTiming = {
  kind: MilestoneTimingKind;
  /** The date the relative text counts from or to (null for `none`). */
  relativeTo: string | null;
  /** The date shown in words: the due date if set, else the start date. */
  absoluteDate: string | null;
  /** Past due: the text turns red. */
  pastDue: boolean;
};

type DatedMilestoneLike = { startDate?: string | null; dueDate?: string | null };

/** Which relative text and which absolute date describe a milestone on `today`. */
export function milestoneTiming({ startDate, dueDate }: DatedMilestoneLike, today: string): MilestoneTiming {
  const start = startDate || null;
  const due = dueDate || null;
  const absoluteDate = due ?? start;
  if (due && milestoneExpired(due, today)) return { kind: 'expired', relativeTo: due, absoluteDate, pastDue: true };
  if (start) {
    const kind = milestoneUpcoming(start, today) ? 'upcoming' : 'started';
    return { kind, relativeTo: start, absoluteDate, pastDue: false };
  }
  if (due) return { kind: 'remaining', relativeTo: due, absoluteDate, pastDue: false };
  return { kind: 'none', relativeTo: null, absoluteDate: null, pastDue: false };
}

const TIMING_TEMPLATES: Record<Exclude<MilestoneTimingKind, 'none'>, string> = {
  expired: 'Expired %{timeago}',
  started: 'Started %{timeago}',
  upcoming: 'Starts %{timeago}',
  remaining: '%{timeago} remaining',
};

/**
 * The relative text, given the distance already in words ('3 months ago', 'in 2 days'; for
 * `remaining` the bare distance, '2 weeks'). Empty for `none`.
 */
export function milestoneTimingText(kind: MilestoneTimingKind, timeago: string): string {
  return kind === 'none' ? '' : TIMING_TEMPLATES[kind].replace('%{timeago}', timeago);
}
