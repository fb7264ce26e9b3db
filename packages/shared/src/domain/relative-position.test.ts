import { describe, expect, it } from 'vitest';
import {
  moveItem,
  type Positioned,
  positionAfterLast,
  positionBetween,
  RELATIVE_POSITION,
  rebalance,
  spreadPositions,
} from './relative-position.ts';

const { MIN, MAX, IDEAL_DISTANCE: D } = RELATIVE_POSITION;

describe('positionBetween', () => {
  it.each([
    [null, null, 0],
    [null, 1000, 1000 - D],
    [1000, null, 1000 + D],
    [0, 10, 5],
    [0, 3, 1],
    [-7, -3, -5],
    [0, 2, 1],
    [0, 1, null],
    [5, 5, null],
    [null, MIN, null],
    [MAX, null, null],
    [null, MIN + 10, MIN],
    [MAX - 10, null, MAX],
  ])('between %s and %s → %s', (a, b, expected) => expect(positionBetween(a, b)).toBe(expected));
});

describe('spreadPositions', () => {
  it.each([
    [0, []],
    [1, [0]],
    [2, [0, D]],
    [3, [-D, 0, D]],
    [4, [-D, 0, D, 2 * D]],
  ])('%i items → %j', (n, expected) => expect(spreadPositions(n)).toEqual(expected));
});

describe('positionAfterLast', () => {
  it.each([
    [null, 0],
    [undefined, 0],
    [100, 100 + D],
    [MAX, null],
  ])('after %s → %s', (last, expected) => expect(positionAfterLast(last)).toBe(expected));
});

const list = (...positions: (number | null)[]): Positioned<string>[] =>
  positions.map((position, i) => ({ id: String.fromCharCode(97 + i), position }));

describe('moveItem', () => {
  it.each([
    ['c before a', list(0, 10, 20), 'c', { adjacentId: 'a', place: 'before' } as const, [{ id: 'c', position: -D }]],
    ['a after c', list(0, 10, 20), 'a', { adjacentId: 'c', place: 'after' } as const, [{ id: 'a', position: 20 + D }]],
    [
      'c after a (between a and b)',
      list(0, 10, 20),
      'c',
      { adjacentId: 'a', place: 'after' } as const,
      [{ id: 'c', position: 5 }],
    ],
    [
      'a before c (between b and c)',
      list(0, 10, 20),
      'a',
      { adjacentId: 'c', place: 'before' } as const,
      [{ id: 'a', position: 15 }],
    ],
    ['to start', list(0, 10, 20), 'b', { place: 'start' } as const, [{ id: 'b', position: -D }]],
    ['to end', list(0, 10, 20), 'a', { place: 'end' } as const, [{ id: 'a', position: 20 + D }]],
    ['already there', list(0, 10, 20), 'b', { adjacentId: 'a', place: 'after' } as const, []],
  ])('%s', (_name, items, moved, target, expected) => expect(moveItem(items, moved, target)).toEqual(expected));

  it('rebalances when the neighbours leave no gap', () => {
    const updates = moveItem(list(0, 1, 2), 'c', { adjacentId: 'a', place: 'after' });
    // New order a, c, b spread D apart around 0.
    expect(updates).toEqual([
      { id: 'a', position: -D },
      { id: 'c', position: 0 },
      { id: 'b', position: D },
    ]);
  });

  it('rebalances when positions are missing, keeping the requested order', () => {
    const updates = moveItem(list(null, null, null), 'a', { adjacentId: 'c', place: 'after' });
    const byId = new Map(updates?.map((u) => [u.id, u.position]));
    expect([...byId.entries()].sort((x, y) => x[1] - y[1]).map(([id]) => id)).toEqual(['b', 'c', 'a']);
  });

  it('returns null for unknown ids or an adjacent that is the moved item', () => {
    expect(moveItem(list(0, 10), 'z', { place: 'end' })).toBeNull();
    expect(moveItem(list(0, 10), 'a', { adjacentId: 'z', place: 'before' })).toBeNull();
    expect(moveItem(list(0, 10), 'a', { adjacentId: 'a', place: 'before' })).toBeNull();
  });

  it('rebalance returns only the rows that change', () => {
    expect(rebalance(list(-D, 0, 99))).toEqual([{ id: 'c', position: D }]);
  });
});
