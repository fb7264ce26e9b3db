import { describe, expect, it } from 'vitest';
import { calendarDistance, calendarTimeAgo, timeAgo } from './relative-time.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59 * S, 'just now'],
    [60 * S, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN + 59 * S, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H, '23 hours ago'],
    [D, '1 day ago'],
    [3 * D, '3 days ago'],
    [6 * D, '6 days ago'],
    [7 * D, '1 week ago'],
    [20 * D, '2 weeks ago'],
    [30 * D, '4 weeks ago'],
    [31 * D, '1 month ago'],
    [100 * D, '3 months ago'],
    [364 * D, '11 months ago'],
    [366 * D, '1 year ago'],
    [3 * 366 * D, '3 years ago'],
    [-30 * S, 'right now'],
    [-2 * D, 'in 2 days'],
    [-14 * D, 'in 2 weeks'],
  ])('%d ms before now → %j', (before, text) => {
    expect(timeAgo(new Date(NOW - before), NOW)).toBe(text);
  });

  it('reads ISO strings and is empty for nothing or garbage', () => {
    expect(timeAgo('2026-11-22T12:00:00Z', NOW)).toBe('3 days ago');
    expect(timeAgo('2026-11-22T13:00:00+01:00', new Date(NOW))).toBe('3 days ago');
    expect(timeAgo(null, NOW)).toBe('');
    expect(timeAgo(undefined, NOW)).toBe('');
    expect(timeAgo('', NOW)).toBe('');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});

describe('calendarTimeAgo and calendarDistance', () => {
  it.each([
    ['2026-11-25', '2026-11-25', 'today', 'less than a day'],
    ['2026-11-24', '2026-11-25', '1 day ago', '1 day'],
    ['2026-11-27', '2026-11-25', 'in 2 days', '2 days'],
    ['2026-12-09', '2026-11-25', 'in 2 weeks', '2 weeks'],
    ['2026-08-22', '2026-11-25', '3 months ago', '3 months'],
    ['2025-11-01', '2026-11-22', '1 year ago', '1 year'],
    // Across a year end and a leap day, in whole days whatever the time zone.
    ['2026-12-31', '2027-01-01', '1 day ago', '1 day'],
    ['2028-02-28', '2028-03-01', '2 days ago', '2 days'],
    // 2026-03-29: the day European clocks go forward is still one day.
    ['2026-03-29', '2026-03-30', '1 day ago', '1 day'],
  ])('%s seen on %s → %j / %j', (date, today, ago, distance) => {
    expect(calendarTimeAgo(date, today)).toBe(ago);
    expect(calendarDistance(date, today)).toBe(distance);
  });

  it('is empty for what is not a date', () => {
    expect(calendarTimeAgo('soon', '2026-11-25')).toBe('');
    expect(calendarDistance('2026-11-25', 'x')).toBe('');
  });
});
