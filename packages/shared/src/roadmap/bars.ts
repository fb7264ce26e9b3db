/**
 * Timeline bars of epics and milestones: dates clipped to the timeframe, the bar's cell, offset and
 * width in pixels, and the timeframe text shown beside and over a bar.
 */
import { daysBetween, formatDateInWords, parseIsoDate, toDayNumber } from './calendar.ts';
import { PRESET_TYPES, type PresetType } from './constants.ts';
import { periodIndexOf, type Timeframe } from './timeframe.ts';

/** An item's own dates as the API gives them (`YYYY-MM-DD` or null). */
export type RoadmapDates = { startDate: string | null; dueDate: string | null };
/** What the functions accept: also objects whose dates are optional. */
export type RoadmapDatesInput = { startDate?: string | null; dueDate?: string | null };

/** An item's dates fitted into the timeframe (spec §3's timeline form). */
export type NormalisedDates = {
  /** The start used for drawing: the item's start, or the timeframe's start when missing or earlier. */
  startDate: string;
  /** The end used for drawing: the item's due date, or the timeframe's end when missing or later. */
  endDate: string;
  /** The item's own dates (null when missing). */
  originalStartDate: string | null;
  originalEndDate: string | null;
  startDateUndefined: boolean;
  endDateUndefined: boolean;
  /** The item starts before the timeframe (the bar runs off the left edge). */
  startDateOutOfRange: boolean;
  /** The item ends after the timeframe (the bar runs off the right edge). */
  endDateOutOfRange: boolean;
};

/**
 * Clips an item to the timeframe (spec §4): a missing or out-of-range start or end is flagged and
 * replaced by the range edge. Null when the adjusted start is after the adjusted end (spec §5: the item
 * is dropped), which is the case for items wholly before or after the timeframe.
 */
export function normaliseDates(item: RoadmapDatesInput, tf: Timeframe): NormalisedDates | null {
  const originalStartDate = item.startDate || null;
  const originalEndDate = item.dueDate || null;
  const startDateOutOfRange = originalStartDate !== null && originalStartDate < tf.start;
  const endDateOutOfRange = originalEndDate !== null && originalEndDate > tf.end;
  const startDate = originalStartDate === null || startDateOutOfRange ? tf.start : originalStartDate;
  const endDate = originalEndDate === null || endDateOutOfRange ? tf.end : originalEndDate;
  if (startDate > endDate) return null;
  return {
    startDate,
    endDate,
    originalStartDate,
    originalEndDate,
    startDateUndefined: originalStartDate === null,
    endDateUndefined: originalEndDate === null,
    startDateOutOfRange,
    endDateOutOfRange,
  };
}

export type BarGeometry = {
  /** The column (period) the bar starts in: the bar is drawn in that cell. */
  periodIndex: number;
  /** Pixels from the left edge of that cell to the bar's start. */
  left: number;
  /** Pixels from the left edge of the whole timeline (periodIndex × cellWidth + left). */
  offset: number;
  /** Bar width in pixels, end day included. */
  width: number;
};

/**
 * Position and size of a bar on a timeline whose columns are `cellWidth` pixels wide. Each day of a
 * column is `cellWidth / days` wide: quarter and month columns divide by their number of days, week
 * columns by 7 (7-day units). The bar starts at the left edge of its start day and ends at the right
 * edge of its end day, so an item ending on a column's last day fills that column and a one-day item
 * is one day wide.
 */
export function barGeometry(
  dates: Pick<NormalisedDates, 'startDate' | 'endDate'>,
  tf: Timeframe,
  cellWidth: number,
): BarGeometry {
  const periodIndex = Math.max(0, periodIndexOf(tf, dates.startDate));
  const first = tf.periods[periodIndex]!;
  const left = (Math.max(0, daysBetween(first.start, dates.startDate)) * cellWidth) / first.days;
  const startDay = toDayNumber(dates.startDate);
  const endDay = toDayNumber(dates.endDate);
  let width = 0;
  for (let i = periodIndex; i < tf.periods.length; i += 1) {
    const p = tf.periods[i]!;
    const periodStart = toDayNumber(p.start);
    if (periodStart > endDay) break;
    const days = Math.min(endDay, periodStart + p.days - 1) - Math.max(startDay, periodStart) + 1;
    width += (days * cellWidth) / p.days;
  }
  return { periodIndex, left, offset: periodIndex * cellWidth + left, width };
}

/**
 * Bars narrower than this show only an ellipsis and no progress bar (spec: "Bars under a minimum
 * width show only an ellipsis"). 40 px is GitLab's `SMALL_TIMELINE_BAR`: below it a title and the
 * progress bar with its percentage no longer fit beside the bar's padding.
 */
export const BAR_MIN_WIDTH = 40;

export function barIsTooSmall(width: number): boolean {
  return width < BAR_MIN_WIDTH;
}

export type MilestoneBarSize = 'normal' | 'small' | 'minimum';

/** Pixel widths below which a milestone bar is drawn small or at its minimum (spec §9). */
export const MILESTONE_BAR_SMALL_WIDTH = 12;
export const MILESTONE_BAR_MINIMUM_WIDTH = 9;

/**
 * How a milestone bar is drawn, from its width in pixels (as `barGeometry` gives it). Spec §9 and
 * GitLab's `milestone_item.vue`: with months, 'small' below 12 px; with quarters, 'minimum' below 9 px
 * and 'small' below 12 px; with weeks a day is wide enough that bars are always 'normal'. At GitLab's
 * 180 px cells that is about two days in a month column and four to six days in a quarter column.
 */
export function milestoneBarSize(width: number, presetType: PresetType): MilestoneBarSize {
  if (presetType === PRESET_TYPES.QUARTERS) {
    if (width < MILESTONE_BAR_MINIMUM_WIDTH) return 'minimum';
    if (width < MILESTONE_BAR_SMALL_WIDTH) return 'small';
  } else if (presetType === PRESET_TYPES.MONTHS) {
    if (width < MILESTONE_BAR_SMALL_WIDTH) return 'small';
  }
  return 'normal';
}

/**
 * The item's own dates in words, as GitLab's `timeframeString`: 'No start and end date',
 * 'No start date – Nov 22, 2026', 'Nov 22, 2026 – No end date', or 'Jan 1 – Mar 31, 2026' (the start
 * omits its year when both dates are in the same year).
 */
export function timeframeText(item: RoadmapDatesInput): string {
  const start = item.startDate || null;
  const due = item.dueDate || null;
  if (!start && !due) return 'No start and end date';
  if (!start) return `No start date – ${formatDateInWords(due!)}`;
  if (!due) return `${formatDateInWords(start)} – No end date`;
  const sameYear = parseIsoDate(start).year === parseIsoDate(due).year;
  return `${formatDateInWords(start, { hideYear: sameYear })} – ${formatDateInWords(due)}`;
}
