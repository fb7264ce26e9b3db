import { describe, expect, it } from 'vitest';
import { isOverdue, relativeDueDateText } from './due-date.ts';
import { addCalendarDays, calendarDateIn, todayIn } from './today.ts';

describe('todayIn', () => {
  it.each([
    // Just before and after midnight in the zone itself.
    ['2025-11-22T22:59:59Z', 'Europe/Berlin', '2025-11-22'],
    ['2025-11-22T23:00:00Z', 'Europe/Berlin', '2025-11-23'],
    ['2025-11-23T04:59:59Z', 'America/New_York', '2025-11-22'],
    ['2025-11-23T05:00:00Z', 'America/New_York', '2025-11-23'],
    // One moment, three days: Kiritimati (UTC+14) is on the 24th, Pago Pago (UTC−11) still on the 22nd.
    ['2025-11-23T10:30:00Z', 'Pacific/Kiritimati', '2025-11-24'],
    ['2025-11-23T10:30:00Z', 'UTC', '2025-11-23'],
    ['2025-11-23T10:30:00Z', 'Pacific/Pago_Pago', '2025-11-22'],
    // Half-hour zone, year boundary, leap day, and the night DST starts or ends.
    ['2024-12-31T18:29:59Z', 'Asia/Kolkata', '2024-12-31'],
    ['2024-12-31T18:30:00Z', 'Asia/Kolkata', '2025-01-01'],
    ['2024-02-29T23:30:00Z', 'Asia/Tokyo', '2024-03-01'],
    ['2025-03-30T21:59:59Z', 'Europe/Berlin', '2025-03-30'],
    ['2025-03-30T22:00:00Z', 'Europe/Berlin', '2025-03-31'],
    ['2025-11-02T04:59:59Z', 'America/Chicago', '2025-11-01'],
    ['2025-11-02T05:00:00Z', 'America/Chicago', '2025-11-02'],
  ] as const)('%s in %s is %s', (now, zone, expected) => {
    expect(todayIn(zone, new Date(now))).toBe(expected);
  });

  it('uses the runtime zone without a preference, and for a zone the runtime does not know', () => {
    const moment = new Date(2025, 10, 22, 23, 59, 30);
    expect(todayIn(null, moment)).toBe('2025-11-22');
    expect(todayIn(undefined, moment)).toBe('2025-11-22');
    expect(calendarDateIn('Mars/Olympus_Mons', moment)).toBe('2025-11-22');
  });

  it('moves the due-date words at the zone’s midnight, not the browser’s', () => {
    // 23:30 UTC on the 22nd: still the 22nd in New York, already the 23rd in Berlin.
    const now = new Date('2025-11-22T23:30:00Z');
    const due = '2025-11-23';
    expect(relativeDueDateText(due, todayIn('America/New_York', now))).toBe('Tomorrow');
    expect(relativeDueDateText(due, todayIn('Europe/Berlin', now))).toBe('Today');
    expect(isOverdue('2025-11-22', todayIn('America/New_York', now), 'opened')).toBe(false);
    expect(isOverdue('2025-11-22', todayIn('Europe/Berlin', now), 'opened')).toBe(true);
  });
});

describe('addCalendarDays', () => {
  it.each([
    ['2025-11-22', 1, '2025-11-23'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-03-01', -1, '2025-02-28'],
    // Calendar days: a DST change in any zone does not make a day shorter here.
    ['2025-03-30', 1, '2025-03-31'],
  ] as const)('%s + %i is %s', (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });
});
