import { describe, expect, it } from 'vitest';
import {
  defaultPresetForRange,
  EPICS_STATE_OPTIONS,
  type PresetType,
  presetForRange,
  presetsForRange,
  ROADMAP_SORT_OPTIONS,
  type TimeframeRangeType,
  toEpicSort,
  toggleSortDirection,
} from './constants.ts';

describe('presets per range', () => {
  it.each<[TimeframeRangeType, PresetType[], PresetType]>([
    ['CURRENT_QUARTER', ['WEEKS'], 'WEEKS'],
    ['CURRENT_YEAR', ['MONTHS', 'WEEKS'], 'MONTHS'],
    ['THREE_YEARS', ['QUARTERS', 'MONTHS', 'WEEKS'], 'QUARTERS'],
  ])('%s offers %j, default %s', (range, presets, preset) => {
    expect(presetsForRange(range)).toEqual(presets);
    expect(defaultPresetForRange(range)).toBe(preset);
  });

  it.each<[TimeframeRangeType, string | null, PresetType]>([
    ['CURRENT_QUARTER', 'MONTHS', 'WEEKS'],
    ['CURRENT_YEAR', 'WEEKS', 'WEEKS'],
    ['CURRENT_YEAR', 'QUARTERS', 'MONTHS'],
    ['THREE_YEARS', 'WEEKS', 'WEEKS'],
    ['THREE_YEARS', null, 'QUARTERS'],
    ['THREE_YEARS', 'hasOwnProperty', 'QUARTERS'],
  ])('presetForRange(%s, %j) → %s', (range, preset, expected) => expect(presetForRange(range, preset)).toBe(expected));

  it('presetsForRange returns a copy', () => {
    presetsForRange('CURRENT_YEAR').pop();
    expect(presetsForRange('CURRENT_YEAR')).toHaveLength(2);
  });
});

describe('EPICS_STATE_OPTIONS', () => {
  it('has the spec texts', () => {
    expect(EPICS_STATE_OPTIONS.map((o) => [o.value, o.text])).toEqual([
      ['all', 'Show all epics'],
      ['opened', 'Show open epics'],
      ['closed', 'Show closed epics'],
    ]);
  });
});

describe('sorting', () => {
  // The non-deprecated values of `enum EpicSort` in packages/server/schema.graphql.
  const SCHEMA_EPIC_SORTS = [
    'CREATED_AT_ASC',
    'CREATED_AT_DESC',
    'END_DATE_ASC',
    'END_DATE_DESC',
    'START_DATE_ASC',
    'START_DATE_DESC',
    'TITLE_ASC',
    'TITLE_DESC',
    'UPDATED_AT_ASC',
    'UPDATED_AT_DESC',
  ];

  it('offers the ten allowed sorts, start date ascending first', () => {
    expect(ROADMAP_SORT_OPTIONS.map((o) => o.value)).toEqual([
      'START_DATE_ASC',
      'START_DATE_DESC',
      'END_DATE_ASC',
      'END_DATE_DESC',
      'TITLE_ASC',
      'TITLE_DESC',
      'CREATED_AT_ASC',
      'CREATED_AT_DESC',
      'UPDATED_AT_ASC',
      'UPDATED_AT_DESC',
    ]);
    expect(ROADMAP_SORT_OPTIONS.map((o) => `${o.text} ${o.direction}`)).toContain('Due date DESC');
    expect(new Set(ROADMAP_SORT_OPTIONS.map((o) => o.text))).toEqual(
      new Set(['Start date', 'Due date', 'Title', 'Created date', 'Last updated']),
    );
  });

  it.each(ROADMAP_SORT_OPTIONS.map((o) => o.value))('%s maps to an EpicSort the schema has', (value) => {
    expect(SCHEMA_EPIC_SORTS).toContain(toEpicSort(value));
    expect(toEpicSort(value)).toBe(value);
  });

  it('an unknown value maps to the default', () => {
    expect(toEpicSort('PRIORITY_DESC')).toBe('START_DATE_ASC');
  });

  it.each([
    ['START_DATE_ASC', 'START_DATE_DESC'],
    ['UPDATED_AT_DESC', 'UPDATED_AT_ASC'],
  ] as const)('toggleSortDirection(%s) → %s', (a, b) => expect(toggleSortDirection(a)).toBe(b));
});
