import { describe, expect, it } from 'vitest';
import { milestoneTiming, milestoneTimingText } from './milestone-timing.ts';

const TODAY = '2026-11-22';

describe('milestoneTiming', () => {
  it.each([
    // start, due → kind, relative date, absolute date, past due
    [null, null, 'none', null, null, false],
    ['2026-11-01', '2026-11-21', 'expired', '2026-11-21', '2026-11-21', true],
    [null, '2026-08-22', 'expired', '2026-08-22', '2026-08-22', true],
    ['2026-11-01', '2026-11-22', 'started', '2026-11-01', '2026-11-22', false],
    ['2026-11-22', '2026-12-31', 'started', '2026-11-22', '2026-12-31', false],
    ['2026-11-24', '2026-12-31', 'upcoming', '2026-11-24', '2026-12-31', false],
    ['2026-11-24', null, 'upcoming', '2026-11-24', '2026-11-24', false],
    ['2026-01-01', null, 'started', '2026-01-01', '2026-01-01', false],
    [null, '2026-12-06', 'remaining', '2026-12-06', '2026-12-06', false],
    ['', '', 'none', null, null, false],
  ])('start %j, due %j → %s', (startDate, dueDate, kind, relativeTo, absoluteDate, pastDue) =>
    expect(milestoneTiming({ startDate, dueDate }, TODAY)).toEqual({ kind, relativeTo, absoluteDate, pastDue }),
  );

  it('crosses year boundaries and leap days by calendar order', () => {
    expect(milestoneTiming({ dueDate: '2024-02-29' }, '2024-03-01').kind).toBe('expired');
    expect(milestoneTiming({ startDate: '2027-01-01' }, '2026-12-31').kind).toBe('upcoming');
    expect(milestoneTiming({ startDate: '2026-12-31' }, '2027-01-01').kind).toBe('started');
  });
});

describe('milestoneTimingText', () => {
  it.each([
    ['expired', '3 months ago', 'Expired 3 months ago'],
    ['started', '21 days ago', 'Started 21 days ago'],
    ['upcoming', 'in 2 days', 'Starts in 2 days'],
    ['remaining', '14 days', '14 days remaining'],
    ['none', 'whatever', ''],
  ] as const)('%s with %j → %j', (kind, timeago, text) => expect(milestoneTimingText(kind, timeago)).toBe(text));
});
