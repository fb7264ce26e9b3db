import { type BarGeometry, barIsTooSmall, type EpicProgress, type NormalisedDates } from '@milepost/shared';
import type { MouseEvent, ReactNode } from 'react';
import styles from '../roadmap.module.css';
import { readableTextColor } from '../utils/readable-text-color.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

type EpicBarProps = {
  epic: RoadmapEpic;
  dates: NormalisedDates;
  geometry: BarGeometry;
  /** The epic's dates in words ('Jan 1 – Mar 31, 2026'). */
  when: string;
  /** Null when progress tracking is off. */
  progress: EpicProgress | null;
  /** The key the shell's popover looks the row up by. */
  rowKey: string;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** The accessible name of a bar: title, 'closed' for a closed epic, dates and, when tracked, progress. */
export function epicBarLabel(
  epic: Pick<RoadmapEpic, 'title'> & { state?: RoadmapEpic['state'] },
  when: string,
  progress: EpicProgress | null,
): string {
  return [epic.title ?? '', epic.state === 'closed' ? 'closed' : '', when, progress?.title].filter(Boolean).join(', ');
}

/**
 * The bar's popover: the epic's title (and 'Closed'), the progress ('40% issues closed'), the dates
 * and the detail ('2 of 5 issues closed').
 */
export function epicBarPopover(
  epic: Pick<RoadmapEpic, 'title'> & { state?: RoadmapEpic['state'] },
  when: string,
  progress: EpicProgress | null,
): ReactNode {
  return (
    <>
      <strong className={styles.popoverTitle}>{epic.title}</strong>
      {epic.state === 'closed' && <span>Closed</span>}
      {progress && <span>{progress.title}</span>}
      <span>{when}</span>
      {progress && <span>{progress.detail}</span>}
    </>
  );
}

/** Room a percentage beside a bar needs ('100%' at 12 px and a gap). */
export const PERCENT_LABEL_WIDTH = 44;

/**
 * An epic's bar in its start period's cell: the epic's colours, clipped to the timeframe (square
 * ends where it runs past an edge), the title inside (an ellipsis alone when the bar is too small)
 * and a thin progress track. Hover or keyboard focus shows the shell's popover (`data-tooltip`).
 */
export function EpicBar({ epic, dates, geometry, when, progress, rowKey, onLinkClick }: EpicBarProps) {
  const tooSmall = barIsTooSmall(geometry.width);
  const className = [
    styles.epicBar,
    dates.startDateOutOfRange && styles.barClippedStart,
    dates.endDateOutOfRange && styles.barClippedEnd,
    tooSmall && styles.barTooSmall,
    epic.state === 'closed' && styles.barClosed,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <a
      href={epic.webPath}
      className={className}
      aria-label={epicBarLabel(epic, when, progress)}
      data-tooltip="epic-bar"
      data-row-key={rowKey}
      data-period-index={geometry.periodIndex}
      onClick={onLinkClick}
      style={{
        left: geometry.offset,
        width: Math.max(geometry.width, 1),
        backgroundColor: epic.color ?? undefined,
        color: readableTextColor(epic.color, epic.textColor),
      }}
    >
      <span className={styles.barTitle} aria-hidden="true">
        {tooSmall ? '…' : epic.title}
      </span>
      {progress && !tooSmall && (
        <span className={styles.progressTrack} aria-hidden="true">
          <span className={styles.progressFill} style={{ width: `${progress.percentage ?? 0}%` }} />
        </span>
      )}
    </a>
  );
}
