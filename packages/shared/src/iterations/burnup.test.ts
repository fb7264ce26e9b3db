import { describe, expect, it } from 'vitest';
import { burnupGeometry, burnupTicks, niceMax } from './burnup.ts';

describe('burnup scale', () => {
  it.each([
    [0, 4],
    [1, 1],
    [3, 5],
    [7, 10],
    [11, 20],
    [20, 20],
    [21, 50],
    [130, 200],
  ])('the top for %d is %d', (value, top) => {
    expect(niceMax(value)).toBe(top);
  });

  it.each([
    [4, [0, 1, 2, 3, 4]],
    [1, [0, 1]],
    [5, [0, 1, 2, 3, 4, 5]],
    [20, [0, 5, 10, 15, 20]],
    [50, [0, 10, 20, 30, 40, 50]],
  ])('ticks up to %d', (max, ticks) => {
    expect(burnupTicks(max)).toEqual(ticks);
  });
});

describe('burnupGeometry', () => {
  const days = [
    { date: '2026-11-02', scopeCount: 2, completedCount: 0, scopeWeight: 5, completedWeight: 0 },
    { date: '2026-11-03', scopeCount: 4, completedCount: 1, scopeWeight: 8, completedWeight: 3 },
    { date: '2026-11-04', scopeCount: 4, completedCount: 4, scopeWeight: 8, completedWeight: 8 },
  ];

  it('places counts on a scale from 0 (bottom) to the top', () => {
    const g = burnupGeometry(days, 'count', { width: 200, height: 100 });
    expect(g.max).toBe(5);
    expect(g.scope).toEqual([
      { x: 0, y: 60 },
      { x: 100, y: 20 },
      { x: 200, y: 20 },
    ]);
    expect(g.completed.map((p) => p.y)).toEqual([100, 80, 20]);
  });

  it('spans the whole iteration when asked, the lines stopping at the last day known', () => {
    const g = burnupGeometry(days, 'count', { width: 200, height: 100 }, 5);
    expect(g.scope.map((p) => p.x)).toEqual([0, 50, 100]);
  });

  it('measures weight instead of count', () => {
    const g = burnupGeometry(days, 'weight', { width: 200, height: 100 });
    expect(g.max).toBe(10);
    expect(g.scope.map((p) => p.y)).toEqual([50, 20, 20]);
  });

  it('draws a single day at the left edge, and an empty series as nothing', () => {
    expect(burnupGeometry(days.slice(0, 1), 'count', { width: 200, height: 100 }).scope).toEqual([{ x: 0, y: 0 }]);
    expect(burnupGeometry([], 'count', { width: 200, height: 100 })).toMatchObject({
      max: 4,
      scope: [],
      completed: [],
    });
  });
});
