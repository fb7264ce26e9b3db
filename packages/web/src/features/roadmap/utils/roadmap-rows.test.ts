import { getTimeframe } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { buildRoadmapEpic } from '../test/roadmap-fixtures.ts';
import { buildRoadmapRows, type ChildrenState, epicRowCount } from './roadmap-rows.ts';

const timeframe = getTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2026-11-22' });
const base = {
  timeframe,
  expanded: new Set<string>(),
  children: new Map<string, ChildrenState>(),
  hasFiltersApplied: false,
  loadingMore: false,
  listIsTopLevel: true,
};

describe('buildRoadmapRows', () => {
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
