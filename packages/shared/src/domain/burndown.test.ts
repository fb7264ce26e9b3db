import { describe, expect, it } from 'vitest';
import { type BurndownEvent, burndownSeries, burndownTotals } from './burndown.ts';

const ev = (created_at: string, action: BurndownEvent['action'], weight: number | null = null): BurndownEvent => ({
  created_at,
  action,
  weight,
});

describe('burndownSeries', () => {
  const events = [
    ev('2024-02-20T10:00:00Z', 'created', 3),
    ev('2024-02-28T09:00:00Z', 'created', 2),
    ev('2024-02-29T23:59:59Z', 'closed', 3),
    ev('2024-03-02T00:00:00Z', 'created', null),
  ];

  it.each([
    [
      'a leap day and an event before the start (counted on the first day)',
      '2024-02-28',
      '2024-03-02',
      '2024-12-31',
      [
        ['2024-02-28', 2, 5],
        ['2024-02-29', 1, 2],
        ['2024-03-01', 1, 2],
        ['2024-03-02', 2, 2],
      ],
    ],
    [
      'stopping at today before the due date',
      '2024-02-28',
      '2024-03-31',
      '2024-02-29',
      [
        ['2024-02-28', 2, 5],
        ['2024-02-29', 1, 2],
      ],
    ],
    [
      'no start date: from the first event',
      null,
      '2024-02-21',
      '2025-01-01',
      [
        ['2024-02-20', 1, 3],
        ['2024-02-21', 1, 3],
      ],
    ],
    ['a start after today: nothing yet', '2030-01-01', null, '2024-03-01', []],
  ])('%s', (_name, start, due, today, expected) => {
    expect(burndownSeries(events, start, due, today).map((d) => [d.date, d.openCount, d.openWeight])).toEqual(expected);
  });

  it('crosses a year boundary and draws at most 366 days', () => {
    const days = burndownSeries([ev('2023-12-31T12:00:00Z', 'created', 1)], '2023-12-30', '2026-01-01', '2030-01-01');
    expect(days.slice(0, 3).map((d) => [d.date, d.openCount])).toEqual([
      ['2023-12-30', 0],
      ['2023-12-31', 1],
      ['2024-01-01', 1],
    ]);
    expect(days).toHaveLength(366);
  });

  it('has nothing to draw without a start date or events', () => {
    expect(burndownSeries([], null, null, '2024-01-01')).toEqual([]);
  });
});

describe('burndownTotals', () => {
  it('counts and weighs all and closed issues', () => {
    expect(
      burndownTotals([
        ev('2024-01-01T00:00:00Z', 'created', 2),
        ev('2024-01-02T00:00:00Z', 'created'),
        ev('2024-01-03T00:00:00Z', 'closed', 2),
      ]),
    ).toEqual({ count: 2, weight: 2, closedCount: 1, closedWeight: 2 });
  });
});
