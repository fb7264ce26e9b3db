import { formatCalendarDate } from '../../lib/format-date.ts';
import type { RestMilestone } from './milestones-requests.ts';

/** 'Mar 1, 2024 – Mar 31, 2024', 'Started Mar 1, 2024', 'Due Mar 31, 2024' or 'No dates'. */
export function milestoneDatesText(m: Pick<RestMilestone, 'start_date' | 'due_date'>): string {
  const start = formatCalendarDate(m.start_date);
  const due = formatCalendarDate(m.due_date);
  if (start && due) return `${start} – ${due}`;
  if (start) return `Starts ${start}`;
  if (due) return `Due ${due}`;
  return 'No dates';
}

/** The milestone's badge: Closed, Expired (past due), Upcoming (starts later) or Open. */
export function milestoneStatus(
  m: Pick<RestMilestone, 'state' | 'expired' | 'start_date'>,
  today: string,
): 'Closed' | 'Expired' | 'Upcoming' | 'Open' {
  if (m.state === 'closed') return 'Closed';
  if (m.expired) return 'Expired';
  if (m.start_date && m.start_date > today) return 'Upcoming';
  return 'Open';
}
