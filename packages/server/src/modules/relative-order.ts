/**
 * A manual list order kept in `relative_position` (GitLab's `RelativePositioning`), for the issue
 * lists and the epics list alike: the moved row goes between its new neighbours; when a neighbour
 * has no position yet or no room is left between them, the whole hierarchy is spread out once and
 * the move tried again. Run inside the transaction that holds the hierarchy's lock.
 */
import { positionBetween } from '@milepost/shared';
import type { Db } from '../db/client.ts';
import { ValidationError } from '../errors.ts';
import { type OrderedKind, relativeOrderRepository } from './relative-order.repository.ts';

/**
 * Moves `movedId` between `beforeId` (the row that ends up above it) and `afterId` (the one below),
 * in the hierarchy of the top-level group `rootId`.
 */
export async function moveBetween(
  tx: Db,
  kind: OrderedKind,
  rootId: number,
  movedId: number,
  beforeId: number | null,
  afterId: number | null,
  failure: string,
): Promise<void> {
  const store = relativeOrderRepository(tx, kind);
  const wanted = [beforeId, afterId].filter((id): id is number => id !== null);
  const place = async () => {
    const positions = await store.positions(wanted);
    const before = beforeId === null ? null : (positions.get(beforeId) ?? undefined);
    const after = afterId === null ? null : (positions.get(afterId) ?? undefined);
    if (before === undefined || after === undefined) return null;
    if (before !== null && after !== null && before >= after) return null;
    return positionBetween(before, after);
  };
  let position = await place();
  if (position === null) {
    await store.rebalance(rootId);
    position = await place();
  }
  if (position === null) throw new ValidationError({ base: [failure] });
  await store.setPosition(movedId, position);
}
