/**
 * Position indexes of epic lists (issue 17): for a list asked for at a deep offset (a roadmap's
 * jump to row 90,000), the key of every `STRIDE`-th row, found in one pass over the list and kept
 * for a while, so the window is read as "the rows after the indexed row before it" — the cost of a
 * first page — instead of sorting and skipping 90,000 rows. Kept per list and viewer (the same
 * digest as the cursors'), for `MAX_AGE_MS` at most and for `MAX_LISTS` lists (least recently used
 * dropped): a few hundred kilobytes each at 100,000 rows.
 *
 * The index is of the list as it was when built, as the total the cursors carry is (decision 0041):
 * epics added or removed meanwhile shift a window by as many rows, as an offset would.
 */
import type { KeyCursor } from '../../db/keyset.ts';

export const STRIDE = 50;
/** Offsets below this are read by OFFSET: skipping a few hundred rows costs less than a pass. */
export const SEEK_FROM = 500;
const MAX_AGE_MS = 5 * 60_000;
const MAX_LISTS = 16;

type Entry = { builtAt: number; keys: Promise<KeyCursor[]> };

export function positionIndexes(now: () => number = Date.now) {
  const lists = new Map<string, Entry>();

  /** The index of the list `listKey`, built by `build` (once, however many ask at the same time). */
  function indexOf(listKey: string, build: () => Promise<KeyCursor[]>): Promise<KeyCursor[]> {
    const found = lists.get(listKey);
    if (found && now() - found.builtAt < MAX_AGE_MS) {
      // Most recently used last.
      lists.delete(listKey);
      lists.set(listKey, found);
      return found.keys;
    }
    const keys = build();
    lists.set(listKey, { builtAt: now(), keys });
    // A failed build is not kept (the next request tries again).
    keys.catch(() => {
      if (lists.get(listKey)?.keys === keys) lists.delete(listKey);
    });
    for (const key of lists.keys()) {
      if (lists.size <= MAX_LISTS) break;
      lists.delete(key);
    }
    return keys;
  }

  return {
    /**
     * Where the window starting at `offset` begins: after the indexed row at or before position
     * `offset − 1`, `skip` rows further on; undefined when the offset is shallow or past the index.
     */
    async seek(
      listKey: string,
      offset: number,
      build: (stride: number) => Promise<KeyCursor[]>,
    ): Promise<{ after: KeyCursor; skip: number } | undefined> {
      if (offset < SEEK_FROM) return undefined;
      const keys = await indexOf(listKey, () => build(STRIDE));
      // keys[i] is the row at position (i + 1) × STRIDE − 1.
      const i = Math.min(Math.floor(offset / STRIDE), keys.length) - 1;
      const after = keys[i];
      if (after === undefined) return undefined;
      return { after, skip: offset - (i + 1) * STRIDE };
    },
    /**
     * Builds the index of a list whose first page has just been counted, in the background (a
     * roadmap's End or jump then finds it ready); nothing for a list shorter than `SEEK_FROM`.
     */
    prepare(listKey: string, total: number, build: (stride: number) => Promise<KeyCursor[]>): void {
      if (total < SEEK_FROM) return;
      indexOf(listKey, () => build(STRIDE)).catch(() => undefined);
    },
    /** Lists indexed (for tests). */
    get size() {
      return lists.size;
    },
  };
}
