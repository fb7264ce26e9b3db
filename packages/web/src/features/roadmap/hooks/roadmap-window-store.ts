import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

/** One window of a group's roadmap rows as the server sent it. */
export type WindowPage = { nodes: readonly RoadmapEpic[]; endCursor: string | null };

export type WindowStoreOptions = {
  /** Rows per window (the first page's size: window 0 is the first page). */
  size: number;
  /** Windows kept besides the first; the least recently shown go first (LRU). */
  maxWindows: number;
  /** Windows asked for at once; more wait until one arrives (then only those still in view are asked). */
  maxInFlight: number;
  /** A window that failed is asked for again only after this pause (when in view again). */
  retryPauseMs: number;
  /** Fetches the window that starts after the row this cursor names. */
  fetchWindow: (after: string) => Promise<WindowPage>;
  now?: () => number;
};

/** What the first page's cursors carry (decision 0041): the filter's total and digest. */
type CursorTemplate = { total: string; digest: string };

/** The total and filter digest of an offset cursor of `Group.epics`; null for any other cursor. */
export function cursorTemplate(cursor: string | null | undefined): CursorTemplate | null {
  if (!cursor) return null;
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return null;
  }
  const match = /^OffsetConnection:\d+:(\d+):([\w-]+)/.exec(text);
  return match ? { total: match[1] as string, digest: match[2] as string } : null;
}

/** The cursor of the row at `position` (0-based): the window after it starts at `position + 1`. */
export function offsetCursor(template: CursorTemplate, position: number): string {
  return btoa(`OffsetConnection:${position}:${template.total}:${template.digest}`);
}

/**
 * The row store of a group's roadmap (issue 17): its rows are positions 0…count−1 of one list whose
 * total the first page gives; the rows in view are fetched as windows of `size` rows, wherever they
 * are (a window after a loaded one by that one's last cursor — a keyset read on the server — any
 * other by an offset cursor built from the first page's), never the windows before them. At most
 * `maxWindows` windows are kept (the least recently shown are dropped as the user moves on, and
 * fetched again when shown again), so the memory held is the same at 100 and at 100,000 epics.
 * Nothing is written to Apollo's cache and nothing re-reads the windows already loaded.
 */
export class RoadmapWindowStore {
  private first: WindowPage | null = null;
  private count = 0;
  private template: CursorTemplate | null = null;
  /** Loaded windows (not the first) in least-recently-shown order. */
  private readonly windows = new Map<number, WindowPage>();
  private readonly inFlight = new Set<number>();
  private readonly failedAt = new Map<number, number>();
  /** The windows in view (first and last index). */
  private wanted: [number, number] = [0, -1];
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private disposed = false;
  private positions: { version: number; map: Map<string, number> } | null = null;
  /** The last failure (cleared when a window arrives). */
  error: unknown = null;

  constructor(private readonly options: WindowStoreOptions) {}

  /** The first page (window 0) and the list's total, as the page's query has them. */
  setFirst(page: WindowPage | null, count: number): void {
    const same = page?.nodes === this.first?.nodes && page?.endCursor === this.first?.endCursor;
    if (same && count === this.count) return;
    this.first = page;
    this.count = count;
    this.template = cursorTemplate(page?.endCursor);
    this.positions = null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  get loading(): boolean {
    return this.inFlight.size > 0;
  }

  /** The epic at a position, when its window is loaded. */
  epicAt = (position: number): RoadmapEpic | undefined => {
    const { size } = this.options;
    const index = Math.floor(position / size);
    const page = index === 0 ? this.first : this.windows.get(index);
    return page?.nodes[position - index * size];
  };

  /** The position of a loaded epic. */
  positionOf = (id: string): number | undefined => {
    if (this.positions === null || this.positions.version !== this.version) {
      const map = new Map<string, number>();
      const { size } = this.options;
      const add = (page: WindowPage | null, index: number) =>
        page?.nodes.forEach((epic, i) => {
          map.set(epic.id, index * size + i);
        });
      add(this.first, 0);
      for (const [index, page] of this.windows) add(page, index);
      this.positions = { version: this.version, map };
    }
    return this.positions.map.get(id);
  };

  /** Every loaded epic (the first page's and the kept windows'). */
  loadedEpics(): RoadmapEpic[] {
    const all = [...(this.first?.nodes ?? [])];
    for (const page of this.windows.values()) all.push(...page.nodes);
    return all;
  }

  /** Windows kept besides the first (for tests and the bench). */
  get windowCount(): number {
    return this.windows.size;
  }

  /** The rows at these positions are in view: keeps their windows and fetches the missing ones. */
  show(startPosition: number, endPosition: number): void {
    if (this.disposed) return;
    const { size } = this.options;
    const last = Math.min(endPosition, this.count - 1);
    const from = Math.max(0, Math.floor(startPosition / size));
    const to = last < startPosition ? from - 1 : Math.floor(last / size);
    this.wanted = [from, to];
    for (let index = from; index <= to; index++) {
      const page = this.windows.get(index);
      if (page) {
        // Most recently shown last.
        this.windows.delete(index);
        this.windows.set(index, page);
      }
    }
    this.pump();
  }

  /** Stops fetching (the list is gone); answers still on their way are dropped. */
  dispose(): void {
    this.disposed = true;
  }

  /** Fetches again after `dispose` (React's strict mode unmounts and mounts each effect once). */
  revive(): void {
    this.disposed = false;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private cursorFor(index: number): string | null {
    const { size } = this.options;
    const before = index === 1 ? this.first : this.windows.get(index - 1);
    // After a whole window: its last row's cursor names the row, a keyset read.
    if (before?.endCursor && before.nodes.length === size) return before.endCursor;
    return this.template ? offsetCursor(this.template, index * size - 1) : null;
  }

  private pump(): void {
    const { size, maxInFlight, retryPauseMs } = this.options;
    const [from, to] = this.wanted;
    for (let index = Math.max(from, 1); index <= to && this.inFlight.size < maxInFlight; index++) {
      if (index * size >= this.count || this.windows.has(index) || this.inFlight.has(index)) continue;
      if (this.now() - (this.failedAt.get(index) ?? Number.NEGATIVE_INFINITY) < retryPauseMs) continue;
      const cursor = this.cursorFor(index);
      if (cursor === null) continue;
      this.fetch(index, cursor);
    }
  }

  private fetch(index: number, cursor: string): void {
    this.inFlight.add(index);
    this.options.fetchWindow(cursor).then(
      (page) => {
        this.inFlight.delete(index);
        if (this.disposed) return;
        this.failedAt.delete(index);
        this.windows.set(index, page);
        this.error = null;
        this.evict();
        this.changed();
        this.pump();
      },
      (error: unknown) => {
        this.inFlight.delete(index);
        if (this.disposed) return;
        this.failedAt.set(index, this.now());
        this.error = error;
        this.changed();
        this.pump();
      },
    );
  }

  /** Drops the least recently shown windows out of view until at most `maxWindows` remain. */
  private evict(): void {
    const [from, to] = this.wanted;
    for (const index of this.windows.keys()) {
      if (this.windows.size <= this.options.maxWindows) return;
      if (index >= from && index <= to) continue;
      this.windows.delete(index);
    }
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
