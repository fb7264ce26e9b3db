import {
  calendarDistance,
  calendarTimeAgo,
  type MilestoneTimingKind,
  milestoneTiming,
  milestoneTimingText,
} from '@milepost/shared';
import { Link } from 'react-aria-components';
import { formatCalendarDate, preferredToday } from '../../lib/format-date.ts';
import { Icon } from '../ui/icon.tsx';
import styles from './milestone-details.module.css';
import { PlanningTooltip } from './planning-tooltip.tsx';

export type PlanningMilestone = {
  title: string;
  webPath: string;
  startDate?: string | null;
  dueDate?: string | null;
  /** 'active' or 'closed'; a closed milestone is not flagged as past due. */
  state?: string | null;
};

export type MilestoneDetailsProps = {
  milestone: PlanningMilestone;
  /** Today's calendar date (`YYYY-MM-DD`); the viewer's local date when omitted. */
  today?: string;
  className?: string;
};

/** 'in 2 days', '3 months ago' ('2 weeks' for a due date still ahead); whole days, so the same day is 'today'. */
function distanceInWords(kind: MilestoneTimingKind, date: string | null, today: string): string {
  if (!date) return '';
  return kind === 'remaining' ? calendarDistance(date, today) : calendarTimeAgo(date, today);
}

/** The milestone's title linking to its page, with its dates in a tooltip; red when past due. */
export function MilestoneDetails({ milestone, today, className }: MilestoneDetailsProps) {
  const now = today ?? preferredToday();
  const timing = milestoneTiming(milestone, now);
  const pastDue = timing.pastDue && milestone.state?.toLowerCase() !== 'closed';
  const relativeText = milestoneTimingText(timing.kind, distanceInWords(timing.kind, timing.relativeTo, now));
  const absoluteText = formatCalendarDate(timing.absoluteDate);

  const tooltip = (
    <span className={styles.tooltip}>
      <span className={styles.heading}>Milestone</span>
      <span>{milestone.title}</span>
      {relativeText && <span className={pastDue ? styles.danger : undefined}>{relativeText}</span>}
      {absoluteText && <span className={styles.absolute}>({absoluteText})</span>}
    </span>
  );

  return (
    <PlanningTooltip content={tooltip}>
      <Link
        href={milestone.webPath}
        className={[styles.link, pastDue && styles.danger, className].filter(Boolean).join(' ')}
        data-past-due={pastDue || undefined}
      >
        <Icon name="milestone" className={styles.icon} />
        <span className={styles.title}>{milestone.title}</span>
      </Link>
    </PlanningTooltip>
  );
}
