import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek } from './calendar.ts';
import { type FirstDayOfWeek, PRESET_TYPES, type PresetType, TIMEFRAME_RANGE_TYPES } from './constants.ts';
import {
  getTimeframe,
  periodHeader,
  periodIndexOf,
  type Timeframe,
  timeframeHeaders,
  timeframeQueryRange,
  todayPosition,
} from './timeframe.ts';

const { QUARTERS, MONTHS, WEEKS } = PRESET_TYPES;
const { CURRENT_QUARTER, CURRENT_YEAR, THREE_YEARS } = TIMEFRAME_RANGE_TYPES;
const TODAY = '2026-11-22'; // a Sunday

function expectContiguous(tf: Timeframe) {
  tf.periods.forEach((p, i) => {
    expect(p.start <= p.end).toBe(true);
    if (i > 0) expect(p.start).toBe(addDays(tf.periods[i - 1]!.end, 1));
  });
  expect(tf.start).toBe(tf.periods[0]!.start);
  expect(tf.end).toBe(tf.periods[tf.periods.length - 1]!.end);
  expect(tf.totalDays).toBe(tf.periods.reduce((sum, p) => sum + p.days, 0));
}

describe('getTimeframe: week columns', () => {
  it.each<[string, FirstDayOfWeek, string, string, string, number]>([
    // range, first day, today, first week start, last week end, weeks
    [CURRENT_QUARTER, 0, TODAY, '2026-09-27', '2027-01-02', 14],
    [CURRENT_QUARTER, 1, TODAY, '2026-09-28', '2027-01-03', 14],
    [CURRENT_QUARTER, 6, TODAY, '2026-09-26', '2027-01-01', 14],
    [CURRENT_QUARTER, 0, '2028-02-29', '2027-12-26', '2028-04-01', 14],
    [CURRENT_QUARTER, 1, '2028-02-29', '2027-12-27', '2028-04-02', 14],
    [CURRENT_QUARTER, 6, '2028-01-01', '2028-01-01', '2028-03-31', 13],
    [CURRENT_QUARTER, 0, '2026-10-01', '2026-09-27', '2027-01-02', 14],
    [CURRENT_QUARTER, 0, '2026-12-31', '2026-09-27', '2027-01-02', 14],
    [CURRENT_YEAR, 0, TODAY, '2025-12-28', '2027-01-02', 53],
    [CURRENT_YEAR, 1, TODAY, '2025-12-29', '2027-01-03', 53],
    [CURRENT_YEAR, 6, TODAY, '2025-12-27', '2027-01-01', 53],
    [CURRENT_YEAR, 0, '2028-02-29', '2027-12-26', '2029-01-06', 54],
    [CURRENT_YEAR, 1, '2028-02-29', '2027-12-27', '2028-12-31', 53],
    [CURRENT_YEAR, 6, '2028-02-29', '2028-01-01', '2029-01-05', 53],
    [THREE_YEARS, 0, TODAY, '2025-04-27', '2028-06-03', 162],
    [THREE_YEARS, 1, TODAY, '2025-04-28', '2028-06-04', 162],
    [THREE_YEARS, 6, TODAY, '2025-04-26', '2028-06-02', 162],
  ])('%s, first day %d, today %s → %s … %s (%d weeks)', (range, firstDayOfWeek, today, start, end, count) => {
    const tf = getTimeframe({ rangeType: range as typeof CURRENT_QUARTER, presetType: WEEKS, today, firstDayOfWeek });
    expect(tf.presetType).toBe(WEEKS);
    expect(tf.start).toBe(start);
    expect(tf.end).toBe(end);
    expect(tf.periods).toHaveLength(count);
    expectContiguous(tf);
    for (const p of tf.periods) {
      expect(p.days).toBe(7);
      expect(dayOfWeek(p.start)).toBe(firstDayOfWeek);
    }
  });

  it('defaults the first day of the week to Sunday', () => {
    expect(getTimeframe({ rangeType: CURRENT_QUARTER, presetType: WEEKS, today: TODAY }).start).toBe('2026-09-27');
  });

  it('uses weeks for the current quarter whatever layout is asked for', () => {
    const tf = getTimeframe({ rangeType: CURRENT_QUARTER, presetType: QUARTERS, today: TODAY });
    expect(tf.presetType).toBe(WEEKS);
    expect(tf.periods).toHaveLength(14);
  });
});

describe('getTimeframe: month columns', () => {
  it('CURRENT_YEAR is January to December', () => {
    const tf = getTimeframe({ rangeType: CURRENT_YEAR, presetType: MONTHS, today: TODAY });
    expect(tf.periods.map((p) => p.start)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
    expect(tf.periods.map((p) => p.days)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(tf.totalDays).toBe(365);
    expectContiguous(tf);
  });

  it('a leap year has February 29 and 366 days', () => {
    const tf = getTimeframe({ rangeType: CURRENT_YEAR, presetType: MONTHS, today: '2028-12-31' });
    expect(tf.periods[1]).toEqual({ start: '2028-02-01', end: '2028-02-29', days: 29 });
    expect(tf.totalDays).toBe(366);
    expect([tf.start, tf.end]).toEqual(['2028-01-01', '2028-12-31']);
  });

  it.each([
    [TODAY, '2025-05-01', '2028-05-31'],
    ['2026-01-01', '2024-07-01', '2027-07-31'],
    ['2028-02-29', '2026-08-01', '2029-08-31'],
    ['2026-06-30', '2024-12-01', '2027-12-31'],
  ])('THREE_YEARS from %s: 37 months %s … %s', (today, start, end) => {
    const tf = getTimeframe({ rangeType: THREE_YEARS, presetType: MONTHS, today });
    expect(tf.periods).toHaveLength(37);
    expect([tf.start, tf.end]).toEqual([start, end]);
    expectContiguous(tf);
  });

  it('CURRENT_YEAR falls back to months when quarters are asked for', () => {
    expect(getTimeframe({ rangeType: CURRENT_YEAR, presetType: QUARTERS, today: TODAY }).presetType).toBe(MONTHS);
  });
});

describe('getTimeframe: quarter columns', () => {
  it.each([
    [TODAY, '2025-04-01', '2028-06-30', 13],
    ['2026-01-15', '2024-07-01', '2027-09-30', 13],
    ['2026-03-31', '2024-07-01', '2027-09-30', 13],
    ['2026-04-01', '2024-10-01', '2027-12-31', 13],
    ['2028-02-29', '2026-07-01', '2029-09-30', 13],
  ])('THREE_YEARS from %s: %s … %s (%d quarters)', (today, start, end, count) => {
    const tf = getTimeframe({ rangeType: THREE_YEARS, presetType: QUARTERS, today });
    expect([tf.start, tf.end]).toEqual([start, end]);
    expect(tf.periods).toHaveLength(count);
    expectContiguous(tf);
    for (const p of tf.periods) expect(['01', '04', '07', '10']).toContain(p.start.slice(5, 7));
  });

  it('quarter lengths follow the calendar (leap Q1 has 91 days)', () => {
    const tf = getTimeframe({ rangeType: THREE_YEARS, presetType: QUARTERS, today: TODAY });
    const q1of2028 = tf.periods.find((p) => p.start === '2028-01-01');
    expect(q1of2028).toEqual({ start: '2028-01-01', end: '2028-03-31', days: 91 });
    expect(tf.periods.find((p) => p.start === '2027-01-01')?.days).toBe(90);
    expect(tf.totalDays).toBe(1187);
  });

  it('is the default layout of THREE_YEARS', () => {
    expect(getTimeframe({ rangeType: THREE_YEARS, presetType: 'NOPE' as PresetType, today: TODAY }).presetType).toBe(
      QUARTERS,
    );
  });
});

describe('getTimeframe: the same inputs, the same timeline', () => {
  it('answers the timeline made for the same inputs, and a new one for any other', () => {
    const input = { rangeType: THREE_YEARS, presetType: MONTHS, today: '2031-05-09', firstDayOfWeek: 1 as const };
    const first = getTimeframe(input);
    expect(getTimeframe({ ...input })).toBe(first);
    for (const other of [
      { ...input, today: '2031-05-10' },
      { ...input, presetType: QUARTERS },
      { ...input, rangeType: CURRENT_YEAR },
      { ...input, firstDayOfWeek: 0 as const },
    ]) {
      const made = getTimeframe(other);
      expect(made).not.toBe(first);
      expect(made.start <= made.end).toBe(true);
    }
    // Nine more timelines push the first out; it is made again, equal to the first.
    for (let day = 11; day <= 19; day++) getTimeframe({ ...input, today: `2031-05-${day}` });
    const again = getTimeframe(input);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('timeframeQueryRange', () => {
  it('is the whole visible span', () => {
    const tf = getTimeframe({ rangeType: CURRENT_QUARTER, presetType: WEEKS, today: TODAY, firstDayOfWeek: 1 });
    expect(timeframeQueryRange(tf)).toEqual({ start: '2026-09-28', end: '2027-01-03' });
  });
});

describe('periodIndexOf / todayPosition', () => {
  const months = getTimeframe({ rangeType: CURRENT_YEAR, presetType: MONTHS, today: TODAY });
  const weeks = getTimeframe({ rangeType: CURRENT_QUARTER, presetType: WEEKS, today: TODAY });
  const quarters = getTimeframe({ rangeType: THREE_YEARS, presetType: QUARTERS, today: TODAY });

  it.each([
    [months, '2026-01-01', 0],
    [months, '2026-12-31', 11],
    [months, '2026-11-22', 10],
    [months, '2025-12-31', -1],
    [months, '2027-01-01', -1],
    [weeks, '2026-09-27', 0],
    [weeks, '2026-10-03', 0],
    [weeks, '2026-10-04', 1],
    [weeks, '2027-01-02', 13],
    [quarters, '2025-04-01', 0],
    [quarters, '2028-06-30', 12],
  ])('%#: %s is in column %d', (tf, date, index) => expect(periodIndexOf(tf, date)).toBe(index));

  it.each([
    [months, TODAY, 10, 21.5 / 30],
    [months, '2026-01-01', 0, 0.5 / 31],
    [months, '2026-12-31', 11, 30.5 / 31],
    [weeks, TODAY, 8, 0.5 / 7],
    [weeks, '2026-11-28', 8, 6.5 / 7],
    [quarters, TODAY, 6, (52 + 0.5) / 92],
  ])('%#: today %s → column %d at %f', (tf, today, periodIndex, fraction) => {
    const pos = todayPosition(tf, today);
    expect(pos?.periodIndex).toBe(periodIndex);
    expect(pos?.fraction).toBeCloseTo(fraction, 10);
  });

  it('is null outside the timeframe', () => {
    expect(todayPosition(months, '2027-01-01')).toBeNull();
    expect(todayPosition(weeks, '2026-09-26')).toBeNull();
  });
});

describe('periodHeader: quarters', () => {
  const q4 = { start: '2026-10-01', end: '2026-12-31', days: 92 };
  const q1 = { start: '2027-01-01', end: '2027-03-31', days: 90 };

  it.each([
    [q4, false, 'Q4'],
    [q4, true, '2026 Q4'],
    [q1, false, '2027 Q1'],
    [q1, true, '2027 Q1'],
    [{ start: '2028-01-01', end: '2028-03-31', days: 91 }, false, '2028 Q1'],
  ])('%j first=%s → %s', (p, isFirst, title) =>
    expect(periodHeader(p, QUARTERS, { today: TODAY, isFirst }).title).toBe(title),
  );

  it('has the three month names, today in November', () => {
    const h = periodHeader(q4, QUARTERS, { today: TODAY });
    expect(h.subHeaders.map((s) => s.label)).toEqual(['Oct', 'Nov', 'Dec']);
    expect(h.subHeaders.map((s) => s.isToday)).toEqual([false, true, false]);
    expect(h.subHeaders.map((s) => s.isPast)).toEqual([true, false, false]);
    expect(h.subHeaders.map((s) => s.date)).toEqual(['2026-10-01', '2026-11-01', '2026-12-01']);
    expect([h.isCurrent, h.isPast]).toEqual([true, false]);
    expect(periodHeader(q1, QUARTERS, { today: TODAY })).toMatchObject({ isCurrent: false, isPast: false });
  });
});

describe('periodHeader: months', () => {
  it.each([
    ['2026-11-01', 30, false, 'Nov', ['1', '8', '15', '22', '29']],
    ['2026-11-01', 30, true, 'Nov 2026', ['1', '8', '15', '22', '29']],
    ['2027-01-01', 31, false, 'Jan 2027', ['1', '8', '15', '22', '29']],
    ['2026-02-01', 28, false, 'Feb', ['1', '8', '15', '22']],
    ['2028-02-01', 29, false, 'Feb', ['1', '8', '15', '22', '29']],
    ['2028-02-01', 29, true, 'Feb 2028', ['1', '8', '15', '22', '29']],
  ])('%s first=%s → %s', (start, days, isFirst, title, labels) => {
    const h = periodHeader({ start, end: addDays(start, days - 1), days }, MONTHS, { today: TODAY, isFirst });
    expect(h.title).toBe(title);
    expect(h.subHeaders.map((s) => s.label)).toEqual(labels);
  });

  it.each([
    ['2026-11-22', '22'],
    ['2026-11-28', '22'],
    ['2026-11-29', '29'],
    ['2026-11-30', '29'],
    ['2026-11-01', '1'],
    ['2026-11-07', '1'],
  ])('today %s marks the step %s', (today, label) => {
    const h = periodHeader({ start: '2026-11-01', end: '2026-11-30', days: 30 }, MONTHS, { today });
    expect(h.subHeaders.filter((s) => s.isToday).map((s) => s.label)).toEqual([label]);
  });

  it('no step is today in another month', () => {
    const h = periodHeader({ start: '2026-12-01', end: '2026-12-31', days: 31 }, MONTHS, { today: TODAY });
    expect(h.subHeaders.some((s) => s.isToday || s.isPast)).toBe(false);
  });
});

describe('periodHeader: weeks', () => {
  it.each([
    ['2026-11-22', false, 'Nov 22', ['22', '23', '24', '25', '26', '27', '28']],
    ['2026-11-22', true, 'Nov 22, 2026', ['22', '23', '24', '25', '26', '27', '28']],
    ['2026-12-27', false, 'Dec 27', ['27', '28', '29', '30', '31', '1', '2']],
    ['2027-01-03', false, 'Jan 3, 2027', ['3', '4', '5', '6', '7', '8', '9']],
    ['2027-01-10', false, 'Jan 10', ['10', '11', '12', '13', '14', '15', '16']],
    ['2028-01-01', false, 'Jan 1, 2028', ['1', '2', '3', '4', '5', '6', '7']],
    ['2028-02-27', false, 'Feb 27', ['27', '28', '29', '1', '2', '3', '4']],
    ['2027-02-28', false, 'Feb 28', ['28', '1', '2', '3', '4', '5', '6']],
  ])('%s first=%s → %s', (start, isFirst, title, labels) => {
    const h = periodHeader({ start, end: addDays(start, 6), days: 7 }, WEEKS, { today: TODAY, isFirst });
    expect(h.title).toBe(title);
    expect(h.subHeaders.map((s) => s.label)).toEqual(labels);
  });

  it('marks today and the past days', () => {
    const h = periodHeader({ start: '2026-11-21', end: '2026-11-27', days: 7 }, WEEKS, { today: TODAY });
    expect(h.subHeaders.map((s) => s.isToday)).toEqual([false, true, false, false, false, false, false]);
    expect(h.subHeaders.map((s) => s.isPast)).toEqual([true, false, false, false, false, false, false]);
    expect(h.isCurrent).toBe(true);
  });
});

describe('timeframeHeaders', () => {
  it.each<[FirstDayOfWeek, string]>([
    [0, 'Sep 27, 2026'],
    [1, 'Sep 28, 2026'],
    [6, 'Sep 26, 2026'],
  ])('first day %d: the first column carries the year (%s)', (firstDayOfWeek, title) => {
    const tf = getTimeframe({ rangeType: CURRENT_QUARTER, presetType: WEEKS, today: TODAY, firstDayOfWeek });
    const headers = timeframeHeaders(tf, TODAY);
    expect(headers[0]?.title).toBe(title);
    expect(headers.filter((h) => h.isCurrent)).toHaveLength(1);
  });

  it('quarters show the year on the first column and each Q1', () => {
    const tf = getTimeframe({ rangeType: THREE_YEARS, presetType: QUARTERS, today: TODAY });
    expect(timeframeHeaders(tf, TODAY).map((h) => h.title)).toEqual([
      '2025 Q2',
      'Q3',
      'Q4',
      '2026 Q1',
      'Q2',
      'Q3',
      'Q4',
      '2027 Q1',
      'Q2',
      'Q3',
      'Q4',
      '2028 Q1',
      'Q2',
    ]);
  });

  it('months across a year boundary: 2027 Jan shows its year', () => {
    const tf = getTimeframe({ rangeType: THREE_YEARS, presetType: MONTHS, today: TODAY });
    const titles = timeframeHeaders(tf, TODAY).map((h) => h.title);
    expect(titles.slice(0, 3)).toEqual(['May 2025', 'Jun', 'Jul']);
    expect(titles.filter((t) => t.includes(' '))).toEqual(['May 2025', 'Jan 2026', 'Jan 2027', 'Jan 2028']);
  });
});
