/**
 * Position indexes of epic lists (issue 17, decision 0056): the ids of a list's rows in its order,
 * found in one pass over the list (the pass that counts it) and kept for a while, so that a window
 * anywhere in the list (a roadmap's jump to row 90,000, End, the window after a loaded one) is the
 * 50 ids at its positions, whose rows are then read by primary key: no sorting, skipping or
 * nesting rule over the rows before them, nothing per window that grows with the list.
 *
 * Kept per list and viewer, in a typed array (4 bytes a row while ids fit in 31 bits, else 8: 400 KB
 * at 100,000 rows), for `MAX_AGE_MS` at most and for `MAX_LISTS` lists (least recently used dropped
 * first): at most a few megabytes whatever the lists.
 *
 * The index is of the list as it was when built, as the total the cursors carry is (decision 0041):
 * a roadmap's first page builds it afresh (it is the count), so a reload sees every change; windows
 * read later re-check each row's access (a row the viewer may no longer read is left out), and
 * epics added or moved meanwhile shift a window as an offset would.
 */
import type { IdList } from '../../db/id-list.ts';

/** Offsets below this are read by OFFSET when no index is at hand: skipping a few hundred rows costs less than a pass. */
export const SEEK_FROM = 500;
const MAX_AGE_MS = 5 * 60_000;
const MAX_LISTS = 16;
/**
 * A first page within this long of the end of the last build uses it (a roadmap's page and its
 * link's position, asked together; the page's first request after the build its serving started).
 */
const FRESH_MS = 2_000;

/** `builtAt`: when the build started (its age); `settledAt`: when it was done, while it is not, null. */
type Entry = { builtAt: number; ids: Promise<IdList>; settledAt: number | null };

export function positionIndexes(now: () => number = Date.now) {
  const lists = new Map<string, Entry>();

  function sweep(): void {
    const time = now();
    for (const [key, entry] of lists)
      if (entry.settledAt !== null && time - entry.builtAt >= MAX_AGE_MS) lists.delete(key);
  }

  function store(listKey: string, build: () => Promise<IdList>): Promise<IdList> {
    const ids = build();
    const entry: Entry = { builtAt: now(), ids, settledAt: null };
    lists.delete(listKey);
    lists.set(listKey, entry);
    ids.then(
      () => {
        entry.settledAt = now();
      },
      // A failed build is not kept (the next request tries again).
      () => {
        if (lists.get(listKey) === entry) lists.delete(listKey);
      },
    );
    for (const key of lists.keys()) {
      if (lists.size <= MAX_LISTS) break;
      lists.delete(key);
    }
    // Nothing outlives its age, even when no request comes to sweep it.
    setTimeout(sweep, MAX_AGE_MS + 1_000).unref?.();
    return ids;
  }

  /** The index of `listKey`, built by `build` when missing or too old (once, however many ask at the same time). */
  function indexOf(listKey: string, build: () => Promise<IdList>): Promise<IdList> {
    sweep();
    const found = lists.get(listKey);
    if (found && now() - found.builtAt < MAX_AGE_MS) {
      // Most recently used last.
      lists.delete(listKey);
      lists.set(listKey, found);
      return found.ids;
    }
    return store(listKey, build);
  }

  return {
    indexOf,
    /**
     * The index of `listKey` built afresh (a list's first page: the pass that counts it), unless
     * a build of it is on its way or only just done (the same list asked for twice at once).
     */
    fresh(listKey: string, build: () => Promise<IdList>): Promise<IdList> {
      sweep();
      const found = lists.get(listKey);
      if (found && (found.settledAt === null || now() - found.settledAt < FRESH_MS)) return found.ids;
      return store(listKey, build);
    },
    /** The index of `listKey` if one is kept (no build). */
    peek(listKey: string): Promise<IdList> | undefined {
      sweep();
      return lists.get(listKey)?.ids;
    },
    /** Lists indexed (for tests). */
    get size() {
      return lists.size;
    },
  };
}

/**
 * Where the rows after the one with id `afterId` start: `offset` when the index has that row just
 * before it (the cursor's own offset), else that row's place found in the index; undefined when the
 * index does not hold it (the list changed: the caller reads by keyset instead).
 */
export function startAfter(ids: IdList, afterId: number, offset: number): number | undefined {
  if (offset > 0 && ids[offset - 1] === afterId) return offset;
  const at = ids.indexOf(afterId);
  return at === -1 ? undefined : at + 1;
}
