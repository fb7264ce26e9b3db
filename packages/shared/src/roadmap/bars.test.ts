import { describe, expect, it } from 'vitest';
import {
  BAR_MIN_WIDTH,
  barGeometry,
  barIsTooSmall,
  milestoneBarSize,
  type NormalisedDates,
  normaliseDates,
  type RoadmapDates,
  timeframeText,
} from './bars.ts';
import { PRESET_TYPES, type PresetType, TIMEFRAME_RANGE_TYPES } from './constants.ts';
import { getTimeframe } from './timeframe.ts';

const TODAY = '2026-11-22';
const { QUARTERS, MONTHS, WEEKS } = PRESET_TYPES;
const months2026 = getTimeframe({ rangeType: TIMEFRAME_RANGE_TYPES.CURRENT_YEAR, presetType: MONTHS, today: TODAY });
const weeksQ4 = getTimeframe({ rangeType: TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER, presetType: WEEKS, today: TODAY });
const weeksQ4Monday = getTimeframe({
  rangeType: TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER,
  presetType: WEEKS,
  today: TODAY,
  firstDayOfWeek: 1,
});
const quarters = getTimeframe({ rangeType: TIMEFRAME_RANGE_TYPES.THREE_YEARS, presetType: QUARTERS, today: TODAY });
const leapMonths = getTimeframe({
  rangeType: TIMEFRAME_RANGE_TYPES.CURRENT_YEAR,
  presetType: MONTHS,
  today: '2028-02-29',
});

describe('normaliseDates (timeframe 2026-01-01 … 2026-12-31)', () => {
  it.each<[RoadmapDates, Partial<NormalisedDates>]>([
    [
      { startDate: '2026-03-01', dueDate: '2026-04-15' },
      {
        startDate: '2026-03-01',
        endDate: '2026-04-15',
        startDateOutOfRange: false,
        endDateOutOfRange: false,
        startDateUndefined: false,
        endDateUndefined: false,
      },
    ],
    [
      { startDate: '2025-06-01', dueDate: '2026-02-10' },
      { startDate: '2026-01-01', originalStartDate: '2025-06-01', startDateOutOfRange: true, endDateOutOfRange: false },
    ],
    [
      { startDate: '2026-12-20', dueDate: '2027-03-01' },
      { endDate: '2026-12-31', originalEndDate: '2027-03-01', endDateOutOfRange: true, startDateOutOfRange: false },
    ],
    [
      { startDate: '2020-01-01', dueDate: '2030-01-01' },
      { startDate: '2026-01-01', endDate: '2026-12-31', startDateOutOfRange: true, endDateOutOfRange: true },
    ],
    [
      { startDate: null, dueDate: '2026-05-05' },
      { startDate: '2026-01-01', endDate: '2026-05-05', startDateUndefined: true, startDateOutOfRange: false },
    ],
    [
      { startDate: '2026-05-05', dueDate: null },
      { startDate: '2026-05-05', endDate: '2026-12-31', endDateUndefined: true, endDateOutOfRange: false },
    ],
    [
      { startDate: null, dueDate: null },
      { startDate: '2026-01-01', endDate: '2026-12-31', startDateUndefined: true, endDateUndefined: true },
    ],
    [
      { startDate: '2026-01-01', dueDate: '2026-01-01' },
      { startDate: '2026-01-01', endDate: '2026-01-01', startDateOutOfRange: false },
    ],
    [
      { startDate: '2026-12-31', dueDate: '2026-12-31' },
      { startDate: '2026-12-31', endDate: '2026-12-31', endDateOutOfRange: false },
    ],
  ])('%j', (item, expected) => expect(normaliseDates(item, months2026)).toMatchObject(expected));

  it.each<RoadmapDates>([
    { startDate: '2025-01-01', dueDate: '2025-12-31' },
    { startDate: '2027-01-01', dueDate: '2027-02-01' },
    { startDate: '2026-05-01', dueDate: '2026-04-01' },
    { startDate: null, dueDate: '2025-12-31' },
    { startDate: '2027-01-01', dueDate: null },
  ])('drops %j', (item) => expect(normaliseDates(item, months2026)).toBeNull());

  it('keeps the original dates even when in range', () => {
    expect(normaliseDates({ startDate: '2026-03-01', dueDate: '2026-04-15' }, months2026)).toMatchObject({
      originalStartDate: '2026-03-01',
      originalEndDate: '2026-04-15',
    });
  });
});

describe('barGeometry', () => {
  const CELL = 180;
  it.each([
    // label, timeframe, start, due, cell, periodIndex, left, width
    ['whole month', months2026, '2026-11-01', '2026-11-30', CELL, 10, 0, 180],
    ['one day in a 30-day month', months2026, '2026-11-22', '2026-11-22', CELL, 10, 126, 6],
    ['across months', months2026, '2026-11-16', '2026-12-15', CELL, 10, 90, 90 + (15 * 180) / 31],
    [
      'ends on the last day of February',
      months2026,
      '2026-02-15',
      '2026-02-28',
      CELL,
      1,
      (14 * 180) / 28,
      (14 * 180) / 28,
    ],
    ['leap February', leapMonths, '2028-02-29', '2028-03-01', CELL, 1, (28 * 180) / 29, 180 / 29 + 180 / 31],
    ['clipped left', months2026, '2025-06-01', '2026-02-10', CELL, 0, 0, 180 + (10 * 180) / 28],
    ['clipped right', months2026, '2026-12-20', '2027-03-01', CELL, 11, (19 * 180) / 31, (12 * 180) / 31],
    ['clipped both sides', months2026, '2020-01-01', '2030-01-01', CELL, 0, 0, 12 * 180],
    ['no dates: whole timeframe', months2026, null, null, CELL, 0, 0, 12 * 180],
    ['week units (Sunday weeks)', weeksQ4, '2026-11-24', '2026-12-02', 70, 8, 20, 90],
    ['a whole week', weeksQ4, '2026-11-22', '2026-11-28', 70, 8, 0, 70],
    ['one day in a week', weeksQ4, '2026-11-28', '2026-11-28', 70, 8, 60, 10],
    ['week units (Monday weeks)', weeksQ4Monday, '2026-11-22', '2026-11-23', 70, 7, 60, 20],
    ['first week reaches into September', weeksQ4, '2026-09-27', '2026-10-01', 70, 0, 0, 50],
    ['whole quarter', quarters, '2026-10-01', '2026-12-31', 184, 6, 0, 184],
    ['across a quarter and year boundary', quarters, '2026-12-31', '2027-01-01', 184, 6, 182, 2 + 184 / 90],
  ])('%s', (_label, tf, startDate, dueDate, cell, periodIndex, left, width) => {
    const n = normaliseDates({ startDate, dueDate }, tf);
    expect(n).not.toBeNull();
    const g = barGeometry(n!, tf, cell);
    expect(g.periodIndex).toBe(periodIndex);
    expect(g.left).toBeCloseTo(left, 9);
    expect(g.width).toBeCloseTo(width, 9);
    expect(g.offset).toBeCloseTo(periodIndex * cell + left, 9);
  });

  it('a one-day item always has a positive width', () => {
    for (const tf of [months2026, weeksQ4, quarters]) {
      const g = barGeometry({ startDate: tf.end, endDate: tf.end }, tf, 180);
      expect(g.width).toBeGreaterThan(0);
      expect(g.offset + g.width).toBeCloseTo(tf.periods.length * 180, 9);
    }
  });

  it('bars across the whole timeframe are as wide as the timeline', () => {
    for (const tf of [months2026, weeksQ4, weeksQ4Monday, quarters, leapMonths]) {
      expect(barGeometry({ startDate: tf.start, endDate: tf.end }, tf, 100).width).toBeCloseTo(
        tf.periods.length * 100,
        9,
      );
    }
  });
});

describe('barIsTooSmall', () => {
  it.each([
    [0, true],
    [BAR_MIN_WIDTH - 0.5, true],
    [BAR_MIN_WIDTH, false],
    [400, false],
  ])('%d px → %s', (w, small) => expect(barIsTooSmall(w)).toBe(small));
});

describe('milestoneBarSize', () => {
  it.each<[number, PresetType, string]>([
    [8.9, QUARTERS, 'minimum'],
    [9, QUARTERS, 'small'],
    [11.9, QUARTERS, 'small'],
    [12, QUARTERS, 'normal'],
    [5, MONTHS, 'small'],
    [11.9, MONTHS, 'small'],
    [12, MONTHS, 'normal'],
    [5, WEEKS, 'normal'],
  ])('%d px in %s → %s', (w, preset, size) => expect(milestoneBarSize(w, preset)).toBe(size));
});

describe('timeframeText', () => {
  it.each<[RoadmapDates, string]>([
    [{ startDate: null, dueDate: null }, 'No start and end date'],
    [{ startDate: null, dueDate: '2026-11-22' }, 'No start date – Nov 22, 2026'],
    [{ startDate: '2026-11-22', dueDate: null }, 'Nov 22, 2026 – No end date'],
    [{ startDate: '2026-01-01', dueDate: '2026-03-31' }, 'Jan 1 – Mar 31, 2026'],
    [{ startDate: '2026-12-01', dueDate: '2027-01-31' }, 'Dec 1, 2026 – Jan 31, 2027'],
    [{ startDate: '2028-02-29', dueDate: '2028-02-29' }, 'Feb 29 – Feb 29, 2028'],
  ])('%j → %s', (item, text) => expect(timeframeText(item)).toBe(text));

  it('treats empty strings and missing fields as no date', () => {
    expect(timeframeText({})).toBe('No start and end date');
    expect(timeframeText({ startDate: '', dueDate: '2026-11-22' })).toBe('No start date – Nov 22, 2026');
  });
});
