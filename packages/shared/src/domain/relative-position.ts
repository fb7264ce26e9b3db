/**
 * Gap-based integer positions for ordered siblings (child epics, an epic's issues), as GitLab's
 * RelativePositioning: items sit IDEAL_DISTANCE apart so a move usually rewrites one row; when two
 * neighbours leave no integer between them, the whole list is spread out again (rebalanced).
 */

export const RELATIVE_POSITION = {
  MIN: -(2 ** 31) + 1,
  MAX: 2 ** 31 - 1,
  START: 0,
  IDEAL_DISTANCE: 2 ** 9,
} as const;

export type Positioned<Id> = { id: Id; position: number | null };
export type PositionUpdate<Id> = { id: Id; position: number };
/** Where the moved item goes: next to an adjacent item, or at either end of the list. */
export type MoveTarget<Id> = { adjacentId: Id; place: 'before' | 'after' } | { place: 'start' | 'end' };

/**
 * An integer strictly between two neighbours (`null` = no neighbour on that side), or `null` when
 * there is no room and the list needs rebalancing.
 */
export function positionBetween(before: number | null, after: number | null): number | null {
  const { MIN, MAX, START, IDEAL_DISTANCE } = RELATIVE_POSITION;
  if (before === null && after === null) return START;
  if (before === null && after !== null) {
    const p = Math.max(MIN, after - IDEAL_DISTANCE);
    return p < after ? p : null;
  }
  if (after === null && before !== null) {
    const p = Math.min(MAX, before + IDEAL_DISTANCE);
    return p > before ? p : null;
  }
  const a = before as number;
  const b = after as number;
  if (b - a < 2) return null;
  return Math.floor((a + b) / 2);
}

/** `n` positions IDEAL_DISTANCE apart, centred on START (for a rebalance or a first ordering). */
export function spreadPositions(n: number): number[] {
  const { START, IDEAL_DISTANCE } = RELATIVE_POSITION;
  const first = START - Math.floor((n - 1) / 2) * IDEAL_DISTANCE;
  return Array.from({ length: n }, (_, i) => first + i * IDEAL_DISTANCE);
}

/** The position for a new item appended after the last one (`null` when a rebalance is needed). */
export function positionAfterLast(last: number | null | undefined): number | null {
  return positionBetween(last ?? null, null);
}

/**
 * Moves one item of an ordered list (`items` in their current order) and returns the rows whose
 * position must change: usually only the moved one; every item after a rebalance. Returns `null`
 * when the moved or the adjacent item is not in the list, or the item would sit next to itself.
 */
export function moveItem<Id>(
  items: readonly Positioned<Id>[],
  movedId: Id,
  target: MoveTarget<Id>,
): PositionUpdate<Id>[] | null {
  const moved = items.find((i) => i.id === movedId);
  if (!moved) return null;
  const rest = items.filter((i) => i.id !== movedId);
  let index: number;
  if ('adjacentId' in target) {
    const { adjacentId } = target;
    const at = rest.findIndex((i) => i.id === adjacentId);
    if (at < 0) return null;
    index = target.place === 'before' ? at : at + 1;
  } else index = target.place === 'start' ? 0 : rest.length;
  const order = [...rest.slice(0, index), moved, ...rest.slice(index)];
  const prev = order[index - 1];
  const next = order[index + 1];
  const neighboursPlaced = (!prev || prev.position !== null) && (!next || next.position !== null);
  const position = neighboursPlaced ? positionBetween(prev?.position ?? null, next?.position ?? null) : null;
  // A position that keeps the list ordered only if nothing else is unplaced.
  if (position !== null && order.every((i) => i === moved || i.position !== null)) {
    return moved.position === position ? [] : [{ id: movedId, position }];
  }
  return rebalance(order);
}

/** Positions for the whole list in the given order; only the rows that change are returned. */
export function rebalance<Id>(order: readonly Positioned<Id>[]): PositionUpdate<Id>[] {
  const positions = spreadPositions(order.length);
  return order.flatMap((item, i) =>
    item.position === positions[i] ? [] : [{ id: item.id, position: positions[i] as number }],
  );
}
