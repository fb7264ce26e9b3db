import { getTimeframe } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { buildRoadmapEpic } from '../test/roadmap-fixtures.ts';
import {
  buildRowList,
  type ChildrenState,
  loadedTopRows,
  type RoadmapEpic,
  type RoadmapRow,
  type TopRows,
} from './roadmap-rows.ts';

const timeframe = getTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2026-11-22' });
const base = {
  timeframe,
  expanded: new Set<string>(),
  children: new Map<string, ChildrenState>(),
  hasFiltersApplied: false,
  loadingMore: false,
  listIsTopLevel: true,
};

/** Every row of a loaded list (as the roadmap builds one epic's children), expanded epics at their places. */
function buildRoadmapRows(
  input: Omit<typeof base, 'expanded'> & { epics: RoadmapEpic[]; expanded?: ReadonlySet<string> },
): RoadmapRow[] {
  const expanded = input.expanded ?? new Set<string>();
  const top = loadedTopRows(input.epics, input.timeframe, input.listIsTopLevel);
  const expandedAt = input.epics.flatMap((epic) => {
    const position = top.positionOf(epic.id);
    return expanded.has(epic.id) && position !== undefined ? [{ epic, position }] : [];
  });
  const list = buildRowList({ ...input, top, expanded, expandedAt });
  return Array.from({ length: list.count }, (_, index) => list.rowAt(index) as RoadmapRow);
}

const epicRowCount = (rows: readonly RoadmapRow[]) => rows.filter((row) => row.kind === 'epic').length;

describe('buildRowList over a loaded list', () => {
  it('lists top-level epics and nests an epic whose dated parent is in the list', () => {
    const parent = buildRoadmapEpic({
      title: 'Parent',
      hasChildrenWithinTimeframe: true,
      childrenCount: 1,
      childrenCountWithinTimeframe: 1,
    });
    const child = buildRoadmapEpic({
      title: 'Child',
      parent: { __typename: 'Epic', id: parent.id, startDate: '2026-10-01', dueDate: '2026-12-01' },
      ancestors: { __typename: 'EpicConnection', nodes: [{ __typename: 'Epic', id: parent.id }] },
    });
    const rows = buildRoadmapRows({ ...base, epics: [parent, child] });
    expect(rows.map((r) => (r.kind === 'epic' ? r.epic.title : r.kind))).toEqual(['Parent']);
  });

  it('drops epics wholly outside the timeframe and keeps clipped ones', () => {
    const before = buildRoadmapEpic({ startDate: '2025-01-01', dueDate: '2025-02-01' });
    const across = buildRoadmapEpic({ startDate: '2025-01-01', dueDate: '2027-02-01' });
    const rows = buildRoadmapRows({ ...base, epics: [before, across] });
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.kind === 'epic' && row.dates.startDateOutOfRange && row.dates.endDateOutOfRange).toBe(true);
  });

  it.each([
    ['no result yet', undefined, ['Parent', 'children-loading']],
    ['loading', { loading: true, error: false, epics: null }, ['Parent', 'children-loading']],
    ['failed', { loading: false, error: true, epics: null }, ['Parent', 'children-error']],
    ['loaded', { loading: false, error: false, epics: 'one' }, ['Parent', 'Kid']],
    ['none in the timeframe', { loading: false, error: false, epics: [] }, ['Parent', 'children-outside']],
  ] as const)('an expanded epic whose children are %s', (_name, state, expected) => {
    const parent = buildRoadmapEpic({
      title: 'Parent',
      hasChildrenWithinTimeframe: true,
      childrenCount: 1,
      childrenCountWithinTimeframe: 1,
    });
    const kid = buildRoadmapEpic({ title: 'Kid' });
    const children = new Map<string, ChildrenState>();
    if (state) children.set(parent.id, { ...state, epics: state.epics === 'one' ? [kid] : state.epics });
    const rows = buildRoadmapRows({ ...base, epics: [parent], expanded: new Set([parent.id]), children });
    expect(rows.map((r) => (r.kind === 'epic' ? r.epic.title : r.kind))).toEqual(expected);
    const kidRow = rows.find((r) => r.kind === 'epic' && r.epic.title === 'Kid');
    if (kidRow) expect(kidRow.level).toBe(2);
  });

  it("says 'No child epics match applied filters' when filtered children are none", () => {
    const parent = buildRoadmapEpic({
      hasChildrenWithinTimeframe: true,
      childrenCount: 1,
      childrenCountWithinTimeframe: 1,
    });
    const rows = buildRoadmapRows({
      ...base,
      epics: [parent],
      expanded: new Set([parent.id]),
      children: new Map([[parent.id, { loading: false, error: false, epics: [] }]]),
      hasFiltersApplied: true,
    });
    expect(rows.map((r) => r.kind)).toEqual(['epic', 'children-empty']);
  });

  it('ignores the expanded flag of an epic without child epics', () => {
    const epic = buildRoadmapEpic({ childrenCount: 0 });
    const rows = buildRoadmapRows({ ...base, epics: [epic], expanded: new Set([epic.id]) });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kind === 'epic' && rows[0].isExpanded).toBe(false);
  });

  it('says how many child epics lie outside the timeframe when none is in it', () => {
    const parent = buildRoadmapEpic({ childrenCount: 2, childrenCountWithinTimeframe: 0 });
    const rows = buildRoadmapRows({
      ...base,
      epics: [parent],
      expanded: new Set([parent.id]),
      children: new Map([[parent.id, { loading: false, error: false, epics: [] }]]),
    });
    expect(rows[1]).toMatchObject({ kind: 'children-outside', count: 2, level: 2 });
  });

  it("ends with 'Loading epics' while the next page loads, and counts epic rows only", () => {
    const rows = buildRoadmapRows({ ...base, epics: [buildRoadmapEpic(), buildRoadmapEpic()], loadingMore: true });
    expect(rows.at(-1)?.kind).toBe('loading-more');
    expect(epicRowCount(rows)).toBe(2);
  });

  it("keeps every epic of one epic's children (single-epic mode) as child rows", () => {
    const a = buildRoadmapEpic();
    const b = buildRoadmapEpic({
      parent: { __typename: 'Epic', id: a.id, startDate: '2026-10-01', dueDate: '2026-12-01' },
    });
    const rows = buildRoadmapRows({ ...base, epics: [a, b], listIsTopLevel: false });
    expect(rows.map((r) => r.kind === 'epic' && r.isChild)).toEqual([true, true]);
  });
});

describe('buildRowList over windows by position', () => {
  const epics = Array.from({ length: 10 }, (_, i) =>
    buildRoadmapEpic({ title: `E${i}`, childrenCount: 2, childrenCountWithinTimeframe: 2 }),
  );
  /** 100,000 rows of which only positions 0–9 and 99,990–99,999 are loaded. */
  const top: TopRows = {
    count: 100_000,
    epicAt: (p) => (p < 10 ? epics[p] : p >= 99_990 ? epics[p - 99_990] : undefined),
    positionOf: (id) => epics.findIndex((e) => e.id === id),
  };
  const title = (row: RoadmapRow | undefined) => (row?.kind === 'epic' ? row.epic.title : row?.kind);

  it('has a row per position, a placeholder where the window is not loaded', () => {
    const list = buildRowList({ ...base, top, expandedAt: [] });
    expect(list.count).toBe(100_000);
    expect(title(list.rowAt(0))).toBe('E0');
    expect(list.rowAt(50_000)).toMatchObject({ kind: 'placeholder', key: 'position:50000', level: 1 });
    expect(title(list.rowAt(99_999))).toBe('E9');
    expect(list.rowAt(100_000)).toBeUndefined();
    expect(list.positionAt(77_777)).toBe(77_777);
  });

  it('puts an expanded epic’s children after it, shifting the rows below, wherever it is', () => {
    const [kidA, kidB] = [buildRoadmapEpic({ title: 'Kid A' }), buildRoadmapEpic({ title: 'Kid B' })];
    const far = epics[5] as RoadmapEpic;
    const list = buildRowList({
      ...base,
      top,
      expanded: new Set([epics[2]?.id as string, far.id]),
      expandedAt: [
        { epic: far, position: 99_995 },
        { epic: epics[2] as RoadmapEpic, position: 2 },
      ],
      children: new Map([
        [epics[2]?.id as string, { loading: false, error: false, epics: [kidA, kidB] }],
        [far.id, { loading: true, error: false, epics: null }],
      ]),
    });
    expect(list.count).toBe(100_000 + 2 + 1);
    expect([0, 1, 2, 3, 4, 5].map((i) => title(list.rowAt(i)))).toEqual(['E0', 'E1', 'E2', 'Kid A', 'Kid B', 'E3']);
    expect(list.rowAt(2)).toMatchObject({ isExpanded: true });
    expect(list.rowAt(3)).toMatchObject({ level: 2, isChild: true });
    expect([3, 4, 5].map((i) => list.positionAt(i))).toEqual([2, 2, 3]);
    // Far down: position 99,995 is row 99,997, its loading line after it, and the last row is E9.
    expect(title(list.rowAt(99_997))).toBe('E5');
    expect(list.rowAt(99_998)?.kind).toBe('children-loading');
    expect(title(list.rowAt(100_002))).toBe('E9');
    expect(list.positionAt(100_002)).toBe(99_999);
    // And back: the row of a position, the expanded epics' rows before it counted.
    expect([0, 2, 3, 50_000, 99_995, 99_999].map((p) => list.indexOfPosition(p))).toEqual([
      0, 2, 5, 50_002, 99_997, 100_002,
    ]);
  });
});
