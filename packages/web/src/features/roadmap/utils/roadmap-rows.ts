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
  | { kind: 'loading-more'; key: string; level: number };

export type BuildRowsInput = {
  epics: readonly RoadmapEpic[];
  timeframe: Timeframe;
  expanded: ReadonlySet<string>;
  children: ReadonlyMap<string, ChildrenState>;
  hasFiltersApplied: boolean;
  loadingMore: boolean;
  /** False when the list is one epic's children (single-epic mode): every row is a child then. */
  listIsTopLevel: boolean;
};

/**
 * The rows to draw, in order: the top-level epics of the list (spec §5 nesting), each followed by its
 * children when expanded (recursively), a loading / error / 'No child epics match applied filters' /
 * 'N child epics outside this timeframe' line where children are pending, none match the filters or
 * all lie outside the timeframe, and a 'Loading epics' line at the end
 * while the next page loads. Epics whose dates fall outside the timeframe are dropped.
 */
export function buildRoadmapRows(input: BuildRowsInput): RoadmapRow[] {
  const rows: RoadmapRow[] = [];
  const { timeframe, expanded, children } = input;
  const seen = new Set<string>();

  const addEpics = (epics: readonly RoadmapEpic[], level: number, isChild: boolean) => {
    for (const epic of epics) {
      if (seen.has(epic.id)) continue;
      const dates = normaliseDates(epic, timeframe);
      if (!dates) continue;
      seen.add(epic.id);
      const isExpanded = expanded.has(epic.id) && epic.childrenCount > 0;
      rows.push({ kind: 'epic', key: epic.id, epic, dates, level, isChild, isExpanded });
      if (!isExpanded) continue;
      const state = children.get(epic.id);
      if (!state || (state.loading && !state.epics)) {
        rows.push({ kind: 'children-loading', key: `${epic.id}:loading`, level: level + 1 });
      } else if (state.error && !state.epics) {
        rows.push({ kind: 'children-error', key: `${epic.id}:error`, level: level + 1 });
      } else {
        const before = rows.length;
        addEpics(state.epics ?? [], level + 1, true);
        if (rows.length === before && input.hasFiltersApplied) {
          rows.push({ kind: 'children-empty', key: `${epic.id}:empty`, level: level + 1 });
        } else if (rows.length === before) {
          const count = epic.childrenCount;
          rows.push({ kind: 'children-outside', key: `${epic.id}:outside`, level: level + 1, count });
        }
      }
    }
  };

  addEpics(input.listIsTopLevel ? topLevelEpics(input.epics) : input.epics, 1, !input.listIsTopLevel);
  if (input.loadingMore) rows.push({ kind: 'loading-more', key: 'loading-more', level: 1 });
  return rows;
}

/** The number of epic rows (not loading or message lines). */
export function epicRowCount(rows: readonly RoadmapRow[]): number {
  return rows.reduce((n, row) => (row.kind === 'epic' ? n + 1 : n), 0);
}
