import { describe, expect, it } from 'vitest';
import {
  formatIterationPeriod,
  iterationDisplayTitle,
  iterationState,
  missingPeriods,
  periodDays,
  periodsOverlap,
} from './schedule.ts';

describe('iterationState', () => {
  it.each([
    ['2026-11-10', '2026-11-16', '2026-11-09', 'upcoming'],
    ['2026-11-10', '2026-11-16', '2026-11-10', 'current'],
    ['2026-11-10', '2026-11-16', '2026-11-16', 'current'],
    ['2026-11-10', '2026-11-16', '2026-11-17', 'closed'],
    ['2026-12-28', '2027-01-10', '2027-01-01', 'current'],
  ])('%s – %s on %s is %s', (start, due, today, state) => {
    expect(iterationState(start, due, today)).toBe(state);
  });
});

describe('missingPeriods', () => {
  const weekly = { startDate: '2026-11-02', durationInWeeks: 1, iterationsInAdvance: 2 };

  it.each([
    // a new cadence starting in the future: just the upcoming ones
    [
      'future start',
      { ...weekly, startDate: '2026-12-07' },
      null,
      0,
      '2026-11-25',
      [
        ['2026-12-07', '2026-12-13'],
        ['2026-12-14', '2026-12-20'],
      ],
    ],
    // started before today: past and current iterations, then the upcoming ones
    [
      'past start',
      weekly,
      null,
      0,
      '2026-11-10',
      [
        ['2026-11-02', '2026-11-08'],
        ['2026-11-09', '2026-11-15'],
        ['2026-11-16', '2026-11-22'],
        ['2026-11-23', '2026-11-29'],
      ],
    ],
    // topped up after time passed: continue after the last one
    [
      'top up',
      weekly,
      '2026-11-22',
      0,
      '2026-11-25',
      [
        ['2026-11-23', '2026-11-29'],
        ['2026-11-30', '2026-12-06'],
        ['2026-12-07', '2026-12-13'],
      ],
    ],
    ['enough upcoming', weekly, '2026-12-06', 2, '2026-11-25', []],
    ['one missing', weekly, '2026-11-29', 1, '2026-11-25', [['2026-11-30', '2026-12-06']]],
    // two-week iterations across a year end and a leap day
    [
      'year end',
      { startDate: '2027-12-20', durationInWeeks: 2, iterationsInAdvance: 1 },
      null,
      0,
      '2027-12-01',
      [['2027-12-20', '2028-01-02']],
    ],
    [
      'leap day',
      { startDate: '2028-02-21', durationInWeeks: 2, iterationsInAdvance: 1 },
      null,
      0,
      '2028-02-01',
      [['2028-02-21', '2028-03-05']],
    ],
    // a start date moved past the last iteration leaves a gap
    [
      'later start',
      { ...weekly, startDate: '2026-12-14' },
      '2026-11-29',
      0,
      '2026-11-25',
      [
        ['2026-12-14', '2026-12-20'],
        ['2026-12-21', '2026-12-27'],
      ],
    ],
  ] as const)('%s', (_name, schedule, last, upcoming, today, expected) => {
    expect(missingPeriods(schedule, last, upcoming, today)?.map((p) => [p.startDate, p.dueDate])).toEqual(expected);
  });

  it('refuses a start so far back that it would need more than 520 iterations', () => {
    expect(missingPeriods({ ...weekly, startDate: '2000-01-03' }, null, 0, '2026-11-25')).toBeNull();
    expect(missingPeriods({ ...weekly, startDate: '2020-01-06' }, null, 0, '2026-11-25')?.length).toBe(362);
  });
});

describe('periods', () => {
  it.each([
    [['2026-11-01', '2026-11-07'], ['2026-11-07', '2026-11-10'], true],
    [['2026-11-01', '2026-11-07'], ['2026-11-08', '2026-11-10'], false],
    [['2026-11-05', '2026-11-06'], ['2026-11-01', '2026-11-30'], true],
  ] as const)('%j and %j overlap: %s', (a, b, expected) => {
    const p = (x: readonly [string, string]) => ({ startDate: x[0], dueDate: x[1] });
    expect(periodsOverlap(p(a), p(b))).toBe(expected);
  });

  it.each([
    ['2026-11-02', '2026-11-15', 'Nov 2 – 15, 2026'],
    ['2026-11-30', '2026-12-13', 'Nov 30 – Dec 13, 2026'],
    ['2026-12-28', '2027-01-10', 'Dec 28, 2026 – Jan 10, 2027'],
    ['2026-11-02', '2026-11-02', 'Nov 2, 2026'],
  ])('%s – %s reads %s', (start, due, text) => {
    expect(formatIterationPeriod(start, due)).toBe(text);
  });

  it('shows the title, else the period', () => {
    expect(iterationDisplayTitle({ title: 'Sprint 4', startDate: '2026-11-02', dueDate: '2026-11-08' })).toBe(
      'Sprint 4',
    );
    expect(iterationDisplayTitle({ title: null, startDate: '2026-11-02', dueDate: '2026-11-08' })).toBe(
      'Nov 2 – 8, 2026',
    );
  });
});

describe('periodDays', () => {
  it('lists the days of a period across a month end, capped', () => {
    expect(periodDays('2026-11-29', '2026-12-02', 10)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(periodDays('2026-11-29', '2027-12-02', 3)).toHaveLength(3);
    expect(periodDays('2026-11-29', '2026-11-28', 3)).toEqual([]);
  });
});
