import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatTimestamp, isTimeZone } from './display-preferences.ts';

describe('formatTimestamp', () => {
  it.each([
    // A New Year's Eve evening in New York is already New Year's Day in UTC and Berlin.
    ['2025-01-01T03:30:00Z', 'America/New_York', 'mdy', 'Dec 31, 2024'],
    ['2025-01-01T03:30:00Z', 'Europe/Berlin', 'mdy', 'Jan 1, 2025'],
    ['2025-01-01T03:30:00Z', 'UTC', 'dmy', '1 Jan 2025'],
    ['2025-01-01T03:30:00Z', 'America/New_York', 'iso', '2024-12-31'],
    // Leap day, and the day DST starts in Europe (the zone's offset changes at 01:00 UTC).
    ['2024-02-29T12:00:00Z', 'Asia/Tokyo', 'iso', '2024-02-29'],
    ['2025-03-30T00:59:00Z', 'Europe/Berlin', 'iso', '2025-03-30'],
    ['2025-03-29T23:30:00Z', 'Europe/Berlin', 'dmy', '30 Mar 2025'],
    ['2025-11-22T10:00:00Z', 'Pacific/Kiritimati', 'mdy', 'Nov 23, 2025'],
  ] as const)('%s in %s as %s is %s', (value, timeZone, dateFormat, expected) => {
    expect(formatTimestamp(value, { timeZone, dateFormat })).toBe(expected);
  });

  it('adds the time on a 24-hour clock when asked', () => {
    const prefs = { timeZone: 'Europe/Berlin', dateFormat: 'iso' } as const;
    expect(formatTimestamp('2025-07-01T22:05:00Z', prefs, { withTime: true })).toBe('2025-07-02 00:05');
    expect(formatTimestamp('2025-07-01T10:05:00Z', { ...prefs, dateFormat: 'mdy' }, { withTime: true })).toBe(
      'Jul 1, 2025 12:05',
    );
  });

  it('answers an empty string for nothing or garbage', () => {
    const prefs = { timeZone: 'UTC', dateFormat: 'mdy' } as const;
    expect(formatTimestamp(null, prefs)).toBe('');
    expect(formatTimestamp('not a date', prefs)).toBe('');
  });
});

describe('formatCalendarDay', () => {
  it.each([
    ['2025-11-22', 'mdy', 'Nov 22, 2025'],
    ['2025-11-22', 'dmy', '22 Nov 2025'],
    ['2028-02-29', 'iso', '2028-02-29'],
    ['0999-12-31', 'iso', '0999-12-31'],
  ] as const)('%s as %s is %s, whatever the zone', (value, dateFormat, expected) => {
    expect(formatCalendarDay(value, { dateFormat })).toBe(expected);
  });
});

describe('isTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['UTC', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Mars/Olympus', false],
    ['', false],
    [42, false],
  ])('%s → %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });
});
