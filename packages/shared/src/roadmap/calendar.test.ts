import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  formatDateInWords,
  parseIsoDate,
  quarterOfMonth,
  startOfWeek,
} from './calendar.ts';

describe('addDays', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-29', 1, '2026-03-30'], // DST change in Europe: no effect on calendar days
    ['2026-11-01', 0, '2026-11-01'],
    ['2026-11-22', 364, '2027-11-21'],
  ])('%s %+d → %s', (iso, n, expected) => expect(addDays(iso, n)).toBe(expected));
});

describe('daysBetween', () => {
  it.each([
    ['2026-01-01', '2026-12-31', 364],
    ['2028-01-01', '2028-12-31', 365],
    ['2026-11-22', '2026-11-22', 0],
    ['2027-01-01', '2026-12-31', -1],
  ])('%s → %s = %d', (a, b, n) => expect(daysBetween(a, b)).toBe(n));
});

describe('dayOfWeek', () => {
  it.each([
    ['1970-01-01', 4],
    ['2026-11-22', 0],
    ['2028-02-29', 2],
    ['2027-01-01', 5],
    ['1969-12-31', 3],
  ])('%s → %d', (iso, d) => expect(dayOfWeek(iso)).toBe(d));
});

describe('startOfWeek', () => {
  it.each([
    ['2026-11-22', 0, '2026-11-22'],
    ['2026-11-22', 1, '2026-11-16'],
    ['2026-11-22', 6, '2026-11-21'],
    ['2027-01-01', 0, '2026-12-27'],
    ['2027-01-01', 1, '2026-12-28'],
    ['2027-01-01', 6, '2026-12-26'],
    ['2028-03-01', 1, '2028-02-28'],
  ])('%s (first day %d) → %s', (iso, f, expected) => expect(startOfWeek(iso, f)).toBe(expected));
});

describe('daysInMonth / addMonths / quarterOfMonth', () => {
  it.each([
    [2028, 2, 29],
    [2026, 2, 28],
    [2000, 2, 29],
    [2100, 2, 28],
    [2026, 12, 31],
    [2026, 11, 30],
  ])('%d-%d has %d days', (y, m, n) => expect(daysInMonth(y, m)).toBe(n));
  it.each([
    [{ year: 2026, month: 11 }, 18, { year: 2028, month: 5 }],
    [{ year: 2026, month: 11 }, -18, { year: 2025, month: 5 }],
    [{ year: 2026, month: 1 }, -1, { year: 2025, month: 12 }],
    [{ year: 2026, month: 12 }, 1, { year: 2027, month: 1 }],
  ])('%j %+d → %j', (ym, n, expected) => expect(addMonths(ym, n)).toEqual(expected));
  it.each([
    [1, 1],
    [3, 1],
    [4, 2],
    [9, 3],
    [10, 4],
    [12, 4],
  ])('month %d is in Q%d', (m, q) => expect(quarterOfMonth(m)).toBe(q));
});

describe('formatDateInWords', () => {
  it('formats like GitLab', () => {
    expect(formatDateInWords('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDateInWords('2028-02-29', { hideYear: true })).toBe('Feb 29');
    expect(formatDateInWords('2027-01-01')).toBe('Jan 1, 2027');
  });
});

describe('parseIsoDate', () => {
  it.each(['2027-02-29', '2026-13-01', '2026-1-1', '', '2026-11-22T00:00:00Z'])('rejects %j', (s) =>
    expect(() => parseIsoDate(s)).toThrow(RangeError),
  );
});
