import {
  type BarGeometry,
  barGeometry,
  type MilestoneBarSize,
  milestoneBarSize,
  normaliseDates,
  type Timeframe,
} from '@milepost/shared';

type MilestoneDates = { id: string; title: string; startDate?: string | null; dueDate?: string | null };

export type PlacedMilestone<M extends MilestoneDates> = {
  milestone: M;
  geometry: BarGeometry;
  size: MilestoneBarSize;
  startDateOutOfRange: boolean;
  endDateOutOfRange: boolean;
  /** 0-based line of the milestones row. */
  lane: number;
};

/** Rough width of a title set at 12 px, to keep titles on one line from running into each other. */
const TITLE_CHAR_WIDTH = 7;
/** Space between a bar and its title beside it. */
export const MILESTONE_TITLE_GAP = 4;
const LANE_GAP = 8;
/** The narrowest a drawn bar is (a 'minimum' milestone is a 9 px diamond). */
const MINIMUM_WIDTH = 9;

/**
 * Places milestones on the lines of the milestones row: each milestone clipped to the timeframe
 * (milestones wholly outside it are left out), sized by spec §9's small / minimum rules, and put on
 * the first line where neither its bar nor (with titles) its title beside the bar overlaps another —
 * so a title is never drawn under or over another bar. Without titles (the collapsed row) everything
 * shares one line.
 */
export function layoutMilestones<M extends MilestoneDates>(
  milestones: readonly M[],
  timeframe: Timeframe,
  cellWidth: number,
  { withTitles }: { withTitles: boolean },
): { placed: PlacedMilestone<M>[]; lanes: number } {
  const items = milestones
    .map((milestone) => {
      const dates = normaliseDates(
        { startDate: isoDay(milestone.startDate), dueDate: isoDay(milestone.dueDate) },
        timeframe,
      );
      if (!dates) return null;
      const geometry = barGeometry(dates, timeframe, cellWidth);
      return {
        milestone,
        geometry,
        size: milestoneBarSize(geometry.width, timeframe.presetType),
        startDateOutOfRange: dates.startDateOutOfRange,
        endDateOutOfRange: dates.endDateOutOfRange,
        lane: 0,
      };
    })
    .filter((item): item is PlacedMilestone<M> => item !== null)
    .sort((a, b) => a.geometry.offset - b.geometry.offset || a.milestone.title.localeCompare(b.milestone.title));

  if (!withTitles) return { placed: items, lanes: items.length > 0 ? 1 : 0 };
  const laneEnds: number[] = [];
  for (const item of items) {
    const titleWidth = item.milestone.title.length * TITLE_CHAR_WIDTH;
    const end = item.geometry.offset + Math.max(item.geometry.width, MINIMUM_WIDTH) + MILESTONE_TITLE_GAP + titleWidth;
    let lane = laneEnds.findIndex((laneEnd) => laneEnd + LANE_GAP <= item.geometry.offset);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    item.lane = lane;
  }
  return { placed: items, lanes: laneEnds.length };
}

/** The calendar day of a date or timestamp (`2026-11-22T…` → `2026-11-22`); null when missing. */
export function isoDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}
