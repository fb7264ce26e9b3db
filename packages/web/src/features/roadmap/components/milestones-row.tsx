import { type Timeframe, timeframeText } from '@milepost/shared';
import { type MouseEvent, memo, useMemo } from 'react';
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
  expanded: boolean;
  onToggle: () => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** Height of one line of milestones (expanded: bar and title; collapsed: the bars only). */
export const MILESTONE_LANE_HEIGHT = 22;
/** A milestone too short to draw (spec §9 'minimum') is a 9 px diamond. */
const MINIMUM_BAR_WIDTH = 9;

/**
 * The milestones row between the header and the epics: a button that collapses it, with the count;
 * each milestone a bar linking to its page; the shell's popover names its type and dates.
 */
export const MilestonesRow = memo(function MilestonesRow({
  milestones,
  timeframe,
  cellWidth,
  leftWidth,
  expanded,
  onToggle,
  onLinkClick,
}: MilestonesRowProps) {
  const { placed, lanes } = useMemo(
    () => layoutMilestones(milestones, timeframe, cellWidth, { withTitles: expanded }),
    [milestones, timeframe, cellWidth, expanded],
  );
  return (
    <section className={styles.milestonesRow} aria-label="Milestones">
      <div className={styles.milestonesDetails} style={{ width: leftWidth }}>
        <Button className={styles.milestonesToggle} aria-expanded={expanded} onPress={onToggle}>
          <Icon name={expanded ? 'chevron-down' : 'chevron-right'} />
          <span>Milestones</span>
          <span className={styles.countBadge}>{placed.length}</span>
        </Button>
      </div>
      <ul
        className={styles.milestonesTrack}
        style={{ width: timeframe.periods.length * cellWidth, height: Math.max(lanes, 1) * MILESTONE_LANE_HEIGHT }}
      >
        {placed.map(({ milestone, geometry, size, lane, startDateOutOfRange, endDateOutOfRange }) => {
          const type = milestoneTypeText(milestone);
          const when = timeframeText({ startDate: milestone.startDate, dueDate: milestone.dueDate });
          return (
            <li
              key={milestone.id}
              className={styles.milestoneItem}
              style={{ left: geometry.offset, top: lane * MILESTONE_LANE_HEIGHT }}
            >
              <a
                href={milestone.webPath}
                aria-label={`${milestone.title}, ${type}, ${when}`}
                data-size={size}
                data-tooltip="milestone"
                data-title={milestone.title}
                data-type={type}
                data-when={when}
                onClick={onLinkClick}
                className={[
                  styles.milestoneBar,
                  startDateOutOfRange && styles.barClippedStart,
                  endDateOutOfRange && styles.barClippedEnd,
                ]
                  .filter(Boolean)
                  .join(' ')}
                style={{ width: size === 'minimum' ? MINIMUM_BAR_WIDTH : Math.max(geometry.width, 1) }}
              >
                {expanded && size === 'normal' && (
                  <span className={styles.milestoneTitle} aria-hidden="true">
                    {milestone.title}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
