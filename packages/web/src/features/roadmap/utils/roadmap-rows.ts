import { type NormalisedDates, normaliseDates, type Timeframe, topLevelEpics } from '@milepost/shared';
import type { RoadmapEpicFragment } from '../../../gql/graphql.ts';

export type RoadmapEpic = RoadmapEpicFragment;

/** What the roadmap knows about the child epics of one expanded epic. */
export type ChildrenState = {
  loading: boolean;
  error: boolean;
  /** The children as fetched (null until the first page arrives). */
  epics: readonly RoadmapEpic[] | null;
};

/** One line of the virtualised list. */
export type RoadmapRow =
  | {
      kind: 'epic';
      key: string;
      epic: RoadmapEpic;
      dates: NormalisedDates;
      /** 1 for top-level rows, 2 for their children, … */
      level: number;
      isChild: boolean;
      isExpanded: boolean;
    }
  | { kind: 'children-loading'; key: string; level: number }
  | { kind: 'children-empty'; key: string; level: number }
  /** An expanded epic whose child epics all lie outside the timeframe. */
  | { kind: 'children-outside'; key: string; level: number; count: number }
  | { kind: 'children-error'; key: string; level: number }
  | { kind: 'loading-more'; key: string; level: number }
  /** A top-level row whose window is still on its way (a skeleton row). */
  | { kind: 'placeholder'; key: string; level: number };

/** The top-level rows of a list, by position (a group's windows, or a loaded list). */
export type TopRows = {
  /** How many top-level rows the list has (loaded or not). */
  count: number;
  /** The epic at a position, when its window is loaded. */
  epicAt: (position: number) => RoadmapEpic | undefined;
  /** The position of a loaded epic of the list. */
  positionOf: (id: string) => number | undefined;
};

/**
 * The top-level rows of a list loaded whole (one epic's children, page after page): the nesting rule
 * of spec 000 applied here when the list is top level, epics wholly outside the timeframe dropped. A
 * group's list comes nested from the server instead (`topLevelInList`), as windows by position.
 */
export function loadedTopRows(epics: readonly RoadmapEpic[], timeframe: Timeframe, listIsTopLevel: boolean): TopRows {
  const shown = (listIsTopLevel ? topLevelEpics(epics) : epics).filter((epic) => normaliseDates(epic, timeframe));
  let positions: Map<string, number> | null = null;
  return {
    count: shown.length,
    epicAt: (position) => shown[position],
    positionOf: (id) => {
      positions ??= new Map(shown.map((epic, index) => [epic.id, index]));
      return positions.get(id);
    },
  };
}

/** An expanded top-level epic and its position in the list. */
export type ExpandedAt = { epic: RoadmapEpic; position: number };

export type RowListInput = {
  top: TopRows;
  timeframe: Timeframe;
  /** Every expanded epic, at any level. */
  expanded: ReadonlySet<string>;
  /** The expanded top-level epics at their positions (their child rows follow them). */
  expandedAt: readonly ExpandedAt[];
  children: ReadonlyMap<string, ChildrenState>;
  hasFiltersApplied: boolean;
  /** 'Loading epics' as the last row (one epic's children: the next page is on its way). */
  loadingMore: boolean;
  /** False when the list is one epic's children (single-epic mode): every row is a child then. */
  listIsTopLevel: boolean;
};

/** The roadmap's rows by index, for the virtualised list: only the rows asked for are built. */
export type RoadmapRowList = {
  count: number;
  rowAt: (index: number) => RoadmapRow | undefined;
  /** The top-level position a row belongs to (a child row: its top-level epic's). */
  positionAt: (index: number) => number;
  /** The index of the top-level row at a position (the rows of the expanded epics before it counted). */
  indexOfPosition: (position: number) => number;
};

type Segment = { position: number; epic: RoadmapEpic; rows: RoadmapRow[]; start: number };

/** The last segment whose `key` (its row's index or its position; both ascend) is at or before `at`. */
function lastSegmentAtOrBefore(
  segments: readonly Segment[],
  key: 'start' | 'position',
  at: number,
): Segment | undefined {
  let low = 0;
  let high = segments.length - 1;
  let found: Segment | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const segment = segments[mid] as Segment;
    if (segment[key] <= at) {
      found = segment;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The rows to draw, in order: the top-level rows of the list by position (a placeholder where the
 * window is not loaded yet), each expanded one followed by its children (recursively), a loading /
 * error / 'No child epics match applied filters' / 'N child epics outside this timeframe' line where
 * children are pending, none match the filters or all lie outside the timeframe, and a 'Loading
 * epics' line at the end while the next page loads. Building it costs the expanded epics' rows, not
 * the list's length: 100,000 rows are positions, and a row is made when the list draws it.
 */
export function buildRowList(input: RowListInput): RoadmapRowList {
  const { timeframe, expanded, children, top } = input;

  const childRows = (parent: RoadmapEpic, level: number, seen: Set<string>): RoadmapRow[] => {
    const rows: RoadmapRow[] = [];
    const state = children.get(parent.id);
    if (!state || (state.loading && !state.epics)) {
      rows.push({ kind: 'children-loading', key: `${parent.id}:loading`, level });
      return rows;
    }
    if (state.error && !state.epics) {
      rows.push({ kind: 'children-error', key: `${parent.id}:error`, level });
      return rows;
    }
    for (const epic of state.epics ?? []) {
      if (seen.has(epic.id)) continue;
      const dates = normaliseDates(epic, timeframe);
      if (!dates) continue;
      seen.add(epic.id);
      const isExpanded = expanded.has(epic.id) && epic.childrenCount > 0;
      rows.push({ kind: 'epic', key: epic.id, epic, dates, level, isChild: true, isExpanded });
      if (isExpanded) rows.push(...childRows(epic, level + 1, seen));
    }
    if (rows.length === 0 && input.hasFiltersApplied) {
      rows.push({ kind: 'children-empty', key: `${parent.id}:empty`, level });
    } else if (rows.length === 0) {
      rows.push({ kind: 'children-outside', key: `${parent.id}:outside`, level, count: parent.childrenCount });
    }
    return rows;
  };

  const segments: Segment[] = [];
  let extra = 0;
  const ordered = [...input.expandedAt]
    .filter(({ epic, position }) => position < top.count && epic.childrenCount > 0)
    .sort((a, b) => a.position - b.position);
  for (const { epic, position } of ordered) {
    if (segments.at(-1)?.position === position) continue;
    const rows = childRows(epic, 2, new Set([epic.id]));
    segments.push({ position, epic, rows, start: position + extra });
    extra += rows.length;
  }
  const epicsCount = top.count + extra;
  const count = epicsCount + (input.loadingMore ? 1 : 0);

  /** The last segment whose epic row is at or before `index`. */
  const segmentAt = (index: number) => lastSegmentAtOrBefore(segments, 'start', index);

  const topRow = (position: number, segment: Segment | undefined): RoadmapRow => {
    const epic = top.epicAt(position);
    if (!epic) return { kind: 'placeholder', key: `position:${position}`, level: 1 };
    const dates = normaliseDates(epic, timeframe) ?? normaliseDates({}, timeframe);
    const isExpanded = segment?.position === position && segment.epic.id === epic.id;
    return {
      kind: 'epic',
      key: epic.id,
      epic,
      dates: dates as NormalisedDates,
      level: 1,
      isChild: !input.listIsTopLevel,
      isExpanded,
    };
  };

  const cache = new Map<number, RoadmapRow>();
  return {
    count,
    rowAt(index) {
      if (index < 0 || index >= count) return undefined;
      const cached = cache.get(index);
      if (cached) return cached;
      let row: RoadmapRow;
      if (index === epicsCount) row = { kind: 'loading-more', key: 'loading-more', level: 1 };
      else {
        const segment = segmentAt(index);
        if (!segment) row = topRow(index, undefined);
        else if (index === segment.start) row = topRow(segment.position, segment);
        else if (index <= segment.start + segment.rows.length)
          row = segment.rows[index - segment.start - 1] as RoadmapRow;
        else row = topRow(segment.position + index - segment.start - segment.rows.length, undefined);
      }
      cache.set(index, row);
      return row;
    },
    positionAt(index) {
      const segment = segmentAt(index);
      if (!segment) return index;
      if (index <= segment.start + segment.rows.length) return segment.position;
      return segment.position + index - segment.start - segment.rows.length;
    },
    indexOfPosition(position) {
      const found = lastSegmentAtOrBefore(segments, 'position', position);
      if (!found) return position;
      if (found.position === position) return found.start;
      return found.start + found.rows.length + (position - found.position);
    },
  };
}
