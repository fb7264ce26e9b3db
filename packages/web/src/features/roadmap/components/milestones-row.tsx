import { type Timeframe, timeframeText } from '@milepost/shared';
import { type KeyboardEvent, type MouseEvent, memo, type UIEvent, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Icon } from '../../../components/ui/icon.tsx';
import { milestoneTypeText, type RoadmapMilestone } from '../hooks/use-roadmap-milestones.ts';
import styles from '../roadmap.module.css';
import { layoutMilestones } from '../utils/milestone-lanes.ts';

type MilestonesRowProps = {
  milestones: readonly RoadmapMilestone[];
  timeframe: Timeframe;
  cellWidth: number;
  leftWidth: number;
  /** The most the milestones may take of the row's height (see `milestonesMaxHeight`). */
  maxHeight: number;
  expanded: boolean;
  onToggle: () => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** Height of one line of milestones: a bar with its title beside it. */
export const MILESTONE_LANE_HEIGHT = 20;
/** The track's padding above and below its lanes. */
const TRACK_PADDING = 4;

/**
 * How tall the milestones may draw in a shell of `shellHeight`: a quarter of it, at least two and a
 * half lanes, and always half a lane more than whole lanes, so the cut lane shows that more follow.
 * Taller content scrolls inside the row (or 'Show all' lifts the cap): the row stays sticky, and the
 * epics keep most of a short window (at 1440 × 600 a three-year range had 11 lanes, 230 px, and only
 * one epic row showed).
 */
export function milestonesMaxHeight(shellHeight: number): number {
  const lanes = Math.max(2, Math.floor((shellHeight / 4 - 2 * TRACK_PADDING) / MILESTONE_LANE_HEIGHT - 0.5)) + 0.5;
  return lanes * MILESTONE_LANE_HEIGHT + 2 * TRACK_PADDING;
}

/** A milestone too short to draw (spec §9 'minimum') is a 7 px square turned into a 9 px diamond. */
const MINIMUM_BAR_WIDTH = 7;

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/**
 * The milestones row between the header and the epics: a button that collapses it, with the count;
 * each milestone a bar linking to its page, its title beside the bar (never under another bar); the
 * shell's popover names its type and dates. The milestones are one composite widget (a toolbar):
 * Tab enters it at the last milestone used and leaves it with one more Tab; the arrow keys, Home and
 * End move between milestones in timeline order. Taller than `maxHeight`, the lanes scroll inside
 * the row (focus scrolls the milestone into view) with a fade while more lie below, and 'Show all'
 * draws every lane.
 */
export const MilestonesRow = memo(function MilestonesRow({
  milestones,
  timeframe,
  cellWidth,
  leftWidth,
  maxHeight,
  expanded,
  onToggle,
  onLinkClick,
}: MilestonesRowProps) {
  const { placed, lanes } = useMemo(
    () => layoutMilestones(milestones, timeframe, cellWidth, { withTitles: expanded }),
    [milestones, timeframe, cellWidth, expanded],
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const activeIndex = Math.max(
    0,
    placed.findIndex((item) => item.milestone.id === activeId),
  );
  const trackRef = useRef<HTMLDivElement>(null);
  const [showAll, setShowAll] = useState(false);
  const trackHeight = Math.max(lanes, 1) * MILESTONE_LANE_HEIGHT;
  const tooTall = trackHeight + 2 * TRACK_PADDING > maxHeight;
  const capped = tooTall && !showAll;
  // While capped: whether lanes lie below the visible ones (a fade at the bottom says so).
  const [scrolledToEnd, setScrolledToEnd] = useState(false);
  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, clientHeight, scrollHeight } = event.currentTarget;
    setScrolledToEnd(Math.ceil(scrollTop) + clientHeight >= scrollHeight);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || placed.length === 0) return;
    let next: number;
    if (NEXT_KEYS.has(event.key)) next = Math.min(activeIndex + 1, placed.length - 1);
    else if (PREVIOUS_KEYS.has(event.key)) next = Math.max(activeIndex - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = placed.length - 1;
    else return;
    event.preventDefault();
    const id = placed[next]?.milestone.id ?? null;
    setActiveId(id);
    trackRef.current?.querySelectorAll<HTMLElement>('a')[next]?.focus();
  };

  return (
    <section className={styles.milestonesRow} aria-label="Milestones">
      <div className={styles.milestonesDetails} style={{ width: leftWidth }}>
        <Button className={styles.milestonesToggle} aria-expanded={expanded} onPress={onToggle}>
          <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
          <span>Milestones</span>
          <span className={styles.countBadge}>{placed.length}</span>
        </Button>
        {expanded && tooTall && (
          <Button
            className={styles.milestonesShowAll}
            aria-expanded={showAll}
            aria-label={showAll ? 'Show fewer milestone lines' : `Show all ${lanes} milestone lines`}
            onPress={() => {
              setShowAll((current) => !current);
              setScrolledToEnd(false);
            }}
          >
            {showAll ? 'Show fewer' : 'Show all'}
          </Button>
        )}
      </div>
      <div
        className={styles.milestonesViewport}
        data-capped={capped || undefined}
        data-more-below={(capped && !scrolledToEnd) || undefined}
        style={{ width: timeframe.periods.length * cellWidth, maxHeight: capped ? maxHeight : undefined }}
        onScroll={capped ? handleScroll : undefined}
      >
        <div
          ref={trackRef}
          role="toolbar"
          aria-label="Milestones in the timeline"
          aria-orientation="horizontal"
          className={styles.milestonesTrack}
          style={{ height: trackHeight, paddingBlock: TRACK_PADDING }}
          onKeyDown={handleKeyDown}
        >
          {placed.map(({ milestone, geometry, size, lane, startDateOutOfRange, endDateOutOfRange }, index) => {
            const type = milestoneTypeText(milestone);
            const when = timeframeText({ startDate: milestone.startDate, dueDate: milestone.dueDate });
            const width = size === 'minimum' ? MINIMUM_BAR_WIDTH : Math.max(geometry.width, 1);
            return (
              <a
                key={milestone.id}
                href={milestone.webPath}
                tabIndex={index === activeIndex ? 0 : -1}
                aria-label={`${milestone.title}, ${type}, ${when}`}
                data-size={size}
                data-tooltip="milestone"
                data-title={milestone.title}
                data-type={type}
                data-when={when}
                onClick={onLinkClick}
                onFocus={() => setActiveId(milestone.id)}
                className={[
                  styles.milestoneItem,
                  startDateOutOfRange && styles.barClippedStart,
                  endDateOutOfRange && styles.barClippedEnd,
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={{ left: geometry.offset, top: TRACK_PADDING + lane * MILESTONE_LANE_HEIGHT }}
              >
                <span className={styles.milestoneBar} style={{ width }} aria-hidden="true" />
                {expanded && (
                  <span className={styles.milestoneTitle} aria-hidden="true">
                    {milestone.title}
                  </span>
                )}
              </a>
            );
          })}
        </div>
      </div>
    </section>
  );
});
