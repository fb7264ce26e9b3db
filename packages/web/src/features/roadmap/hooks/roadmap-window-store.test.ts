import { describe, expect, it } from 'vitest';
import { buildRoadmapEpic } from '../test/roadmap-fixtures.ts';
import { cursorTemplate, offsetCursor, RoadmapWindowStore, type WindowPage } from './roadmap-window-store.ts';

const SIZE = 50;
const COUNT = 100_000;
/** A cursor as the server makes them (decision 0041): offset, total, filter digest, row key. */
const serverCursor = (position: number, key = true) =>
  btoa(`OffsetConnection:${position}:${COUNT}:digest_1${key ? ':eyJ2IjpbXX0' : ''}`);
/** The position an `after` cursor leads to (the row after it). */
const startOf = (after: string) => Number(/^OffsetConnection:(\d+)/.exec(atob(after))?.[1]) + 1;

const epicsAt = (start: number) =>
  Array.from({ length: SIZE }, (_, i) => buildRoadmapEpic({ id: `e${start + i}`, title: `Epic ${start + i}` }));

/** A store over a server holding COUNT rows; each fetch waits until the test answers it. */
function storeFor({ maxWindows = 4, maxInFlight = 3, now = (): number => 0 } = {}) {
  const asked: { after: string; start: number; answer: (ok?: boolean) => Promise<void> }[] = [];
  const store = new RoadmapWindowStore({
    size: SIZE,
    maxWindows,
    maxInFlight,
    retryPauseMs: 10_000,
    now,
    fetchWindow: (after) =>
      new Promise<WindowPage>((resolve, reject) => {
        const start = startOf(after);
        asked.push({
          after,
          start,
          answer: async (ok = true) => {
            if (ok) resolve({ nodes: epicsAt(start), endCursor: serverCursor(start + SIZE - 1) });
            else reject(new Error('down'));
            // Let the store's promise callbacks run.
            await Promise.resolve();
            await Promise.resolve();
          },
        });
      }),
  });
  store.setFirst({ nodes: epicsAt(0), endCursor: serverCursor(SIZE - 1) }, COUNT);
  let notified = 0;
  store.subscribe(() => notified++);
  return { store, asked, notified: () => notified };
}

describe('cursors', () => {
  it('reads the total and digest of a server cursor and builds the cursor of any position', () => {
    const template = cursorTemplate(serverCursor(49));
    expect(template).toEqual({ total: '100000', digest: 'digest_1' });
    expect(atob(offsetCursor(template as NonNullable<typeof template>, 89_999))).toBe(
      'OffsetConnection:89999:100000:digest_1',
    );
    expect(cursorTemplate('p1')).toBeNull();
    expect(cursorTemplate(null)).toBeNull();
  });
});

describe('RoadmapWindowStore: rows by position, a bounded number of windows', () => {
  it('fetches only the window in view, however deep, by an offset cursor', async () => {
    const { store, asked, notified } = storeFor();
    expect(store.epicAt(10)?.title).toBe('Epic 10');
    store.show(90_010, 90_030);
    expect(asked.map((a) => a.start)).toEqual([90_000]);
    expect(atob(asked[0]?.after ?? '')).toBe('OffsetConnection:89999:100000:digest_1');
    expect(store.epicAt(90_020)).toBeUndefined();
    await asked[0]?.answer();
    expect(notified()).toBe(1);
    expect(store.epicAt(90_020)?.title).toBe('Epic 90020');
    expect(store.positionOf('e90020')).toBe(90_020);
    // Shown again: nothing is asked twice.
    store.show(90_000, 90_049);
    expect(asked).toHaveLength(1);
  });

  it('asks for the window after a loaded one by that one’s last cursor (a keyset read)', async () => {
    const { store, asked } = storeFor();
    store.show(40, 60);
    expect(asked[0]?.after).toBe(serverCursor(49));
    await asked[0]?.answer();
    store.show(90, 110);
    expect(asked[1]?.after).toBe(serverCursor(99));
  });

  it('keeps at most maxWindows windows, dropping the least recently shown out of view', async () => {
    const { store, asked } = storeFor({ maxWindows: 2 });
    for (const start of [10_000, 20_000, 30_000]) {
      store.show(start, start + 10);
      await asked.at(-1)?.answer();
    }
    expect(store.windowCount).toBe(2);
    expect(store.epicAt(10_005)).toBeUndefined();
    expect(store.epicAt(20_005)?.title).toBe('Epic 20005');
    expect(store.epicAt(30_005)?.title).toBe('Epic 30005');
    // The first page stays; the dropped window is fetched again when shown again.
    expect(store.epicAt(0)?.title).toBe('Epic 0');
    store.show(10_000, 10_010);
    expect(asked.at(-1)?.start).toBe(10_000);
    await asked.at(-1)?.answer();
    expect(store.epicAt(20_005)).toBeUndefined();
    expect(store.loadedEpics()).toHaveLength(SIZE * 3);
  });

  it('asks for a few windows at a time, and then only for those still in view', async () => {
    const { store, asked } = storeFor({ maxInFlight: 1 });
    // Dragging the scrollbar: three places in turn while the first window is on its way.
    store.show(1_000, 1_010);
    store.show(50_000, 50_010);
    store.show(99_990, 99_999);
    expect(asked.map((a) => a.start)).toEqual([1_000]);
    await asked[0]?.answer();
    expect(asked.map((a) => a.start)).toEqual([1_000, 99_950]);
  });

  it('reports a failed window and asks again only after a pause', async () => {
    let time = 0;
    const { store, asked } = storeFor({ now: () => time });
    store.show(500, 510);
    await asked[0]?.answer(false);
    expect(store.error).toBeInstanceOf(Error);
    store.show(500, 510);
    expect(asked).toHaveLength(1);
    time = 10_001;
    store.show(500, 510);
    expect(asked).toHaveLength(2);
    await asked[1]?.answer();
    expect(store.error).toBeNull();
    expect(store.epicAt(505)?.title).toBe('Epic 505');
  });

  it('asks for nothing past the count, and nothing once disposed', () => {
    const { store, asked } = storeFor();
    store.setFirst({ nodes: epicsAt(0), endCursor: serverCursor(49) }, 60);
    store.show(40, 500);
    expect(asked.map((a) => a.start)).toEqual([50]);
    store.dispose();
    store.show(5_000, 5_010);
    expect(asked).toHaveLength(1);
  });

  it('without a server cursor (no total to build one from) reads window after window only', async () => {
    const { store, asked } = storeFor();
    store.setFirst({ nodes: epicsAt(0), endCursor: 'p1' }, COUNT);
    store.show(5_000, 5_010);
    expect(asked).toHaveLength(0);
    store.show(50, 60);
    expect(asked[0]?.after).toBe('p1');
  });
});
