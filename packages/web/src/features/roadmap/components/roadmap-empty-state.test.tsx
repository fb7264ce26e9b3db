import { getTimeframe } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { dateRangeText, roadmapEmptyStateText } from './roadmap-empty-state.tsx';

const timeframe = getTimeframe({ rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-11-22' });
const base = { timeframe, hasFiltersApplied: false, childEpicsView: null, filteredByEpic: false, hasDatedEpics: true };
const SHOWS = 'The roadmap shows the progress of your epics along a timeline';
const SORRY = 'Sorry, no epics matched your search';

describe('roadmap empty state texts', () => {
  it('names the date range in words', () => {
    expect(dateRangeText(timeframe)).toBe('Jan 1, 2026 to Dec 31, 2026');
  });

  it.each([
    [
      'dated epics outside the range',
      {},
      SHOWS,
      'To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from Jan 1, 2026 to Dec 31, 2026.',
    ],
    [
      'no dated epics at all',
      { hasDatedEpics: false },
      SHOWS,
      'To make your epics appear in the roadmap, add start or due dates to them.',
    ],
    [
      'filters exclude everything',
      { hasFiltersApplied: true },
      SORRY,
      'To widen your search, change or remove filters; from Jan 1, 2026 to Dec 31, 2026.',
    ],
    [
      'filtered by an epic',
      { hasFiltersApplied: true, filteredByEpic: true },
      SORRY,
      'To make your epics appear in the roadmap, add start or due dates to them.',
    ],
    [
      "one epic's child epics",
      { childEpicsView: { epicPath: '/groups/acme/-/epics/1' } },
      SHOWS,
      'To view the roadmap, add a start or due date to one of the child epics.',
    ],
  ])('%s', (_name, overrides, title, subText) => {
    expect(roadmapEmptyStateText({ ...base, ...overrides })).toEqual({ title, subText });
  });
});
