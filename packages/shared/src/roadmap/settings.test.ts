import { describe, expect, it } from 'vitest';
import {
  EPICS_STATES,
  MILESTONES_TYPES,
  PRESET_TYPES,
  PROGRESS_TRACKING,
  ROADMAP_SORT_OPTIONS,
  TIMEFRAME_RANGE_TYPES,
} from './constants.ts';
import {
  DEFAULT_ROADMAP_SETTINGS,
  type ParamsReader,
  parseRoadmapSettings,
  type RoadmapSettings,
  replaceRoadmapSettingsParams,
  roadmapSettingsToParams,
} from './settings.ts';

/** A `URLSearchParams`-like reader over a query string (shared has no DOM types). */
function query(q: string): ParamsReader {
  const pairs = pairsOf(q);
  return { get: (name) => pairs.find(([k]) => k === name)?.[1] ?? null };
}

function pairsOf(q: string): [string, string][] {
  return q
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const [k = '', v = ''] = part.split('=');
      return [decodeURIComponent(k), decodeURIComponent(v)];
    });
}

const toQuery = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

describe('parseRoadmapSettings', () => {
  it('an empty query gives the defaults', () => {
    expect(parseRoadmapSettings(query(''))).toEqual({
      timeframeRangeType: 'CURRENT_QUARTER',
      presetType: 'WEEKS',
      epicsState: 'all',
      sortedBy: 'START_DATE_ASC',
      progressTracking: 'WEIGHT',
      isProgressTrackingActive: true,
      isShowingMilestones: true,
      milestonesType: 'ALL',
      isShowingLabels: false,
      epicIid: null,
    });
  });

  it.each<[string, Partial<RoadmapSettings>]>([
    ['timeframe_range_type=THREE_YEARS', { timeframeRangeType: 'THREE_YEARS', presetType: 'QUARTERS' }],
    ['timeframe_range_type=CURRENT_YEAR', { timeframeRangeType: 'CURRENT_YEAR', presetType: 'MONTHS' }],
    ['timeframe_range_type=current_year&layout=weeks', { timeframeRangeType: 'CURRENT_YEAR', presetType: 'WEEKS' }],
    ['timeframe_range_type=DECADE', { timeframeRangeType: 'CURRENT_QUARTER', presetType: 'WEEKS' }],
    ['timeframe_range_type=CURRENT_YEAR&layout=QUARTERS', { timeframeRangeType: 'CURRENT_YEAR', presetType: 'MONTHS' }],
    ['timeframe_range_type=THREE_YEARS&layout=MONTHS', { presetType: 'MONTHS' }],
    ['timeframe_range_type=THREE_YEARS&layout=DAYS', { presetType: 'QUARTERS' }],
    ['layout=MONTHS', { timeframeRangeType: 'CURRENT_QUARTER', presetType: 'WEEKS' }],
    ['state=opened', { epicsState: 'opened' }],
    ['state=closed', { epicsState: 'closed' }],
    ['state=merged', { epicsState: 'all' }],
    ['sort=END_DATE_DESC', { sortedBy: 'END_DATE_DESC' }],
    ['sort=start_date_desc', { sortedBy: 'START_DATE_DESC' }],
    ['sort=PRIORITY_ASC', { sortedBy: 'START_DATE_ASC' }],
    ['sort=', { sortedBy: 'START_DATE_ASC' }],
    ['progress=COUNT', { progressTracking: 'COUNT' }],
    ['progress=PERCENT', { progressTracking: 'WEIGHT' }],
    ['show_progress=false', { isProgressTrackingActive: false }],
    ['show_progress=no', { isProgressTrackingActive: true }],
    ['show_milestones=false', { isShowingMilestones: false }],
    ['show_milestones=FALSE', { isShowingMilestones: false }],
    ['show_milestones=true', { isShowingMilestones: true }],
    ['show_milestones=0', { isShowingMilestones: true }],
    ['milestones_type=SUBGROUP', { milestonesType: 'SUBGROUP' }],
    ['milestones_type=project', { milestonesType: 'PROJECT' }],
    ['milestones_type=TEAM', { milestonesType: 'ALL' }],
    ['show_labels=true', { isShowingLabels: true }],
    ['show_labels=1', { isShowingLabels: false }],
    ['epicIid=12', { epicIid: '12' }],
    ['epic_iid=7', { epicIid: null }], // the epic filter token, not the child-epics view
    ['epicIid=0', { epicIid: null }],
    ['epicIid=-3', { epicIid: null }],
    ['epicIid=abc', { epicIid: null }],
    ['epicIid=1.5', { epicIid: null }],
  ])('%s', (q, expected) => expect(parseRoadmapSettings(query(q))).toMatchObject(expected));
});

describe('roadmapSettingsToParams', () => {
  it('writes nothing for the defaults', () => {
    expect(roadmapSettingsToParams({ ...DEFAULT_ROADMAP_SETTINGS })).toEqual([]);
  });

  it('does not write the default layout of a range', () => {
    expect(
      roadmapSettingsToParams({
        ...DEFAULT_ROADMAP_SETTINGS,
        timeframeRangeType: 'THREE_YEARS',
        presetType: 'QUARTERS',
      }),
    ).toEqual([['timeframe_range_type', 'THREE_YEARS']]);
  });

  it('normalises a layout the range does not offer', () => {
    expect(roadmapSettingsToParams({ ...DEFAULT_ROADMAP_SETTINGS, presetType: 'MONTHS' })).toEqual([]);
  });

  it('writes everything that differs, in a fixed order', () => {
    expect(
      roadmapSettingsToParams({
        timeframeRangeType: 'CURRENT_YEAR',
        presetType: 'WEEKS',
        epicsState: 'opened',
        sortedBy: 'TITLE_DESC',
        progressTracking: 'COUNT',
        isProgressTrackingActive: false,
        isShowingMilestones: false,
        milestonesType: 'GROUP',
        isShowingLabels: true,
        epicIid: '5',
      }),
    ).toEqual([
      ['timeframe_range_type', 'CURRENT_YEAR'],
      ['layout', 'WEEKS'],
      ['state', 'opened'],
      ['sort', 'TITLE_DESC'],
      ['progress', 'COUNT'],
      ['show_progress', 'false'],
      ['show_milestones', 'false'],
      ['milestones_type', 'GROUP'],
      ['show_labels', 'true'],
      ['epicIid', '5'],
    ]);
  });
});

describe('settings round trip', () => {
  const D = DEFAULT_ROADMAP_SETTINGS;
  const variants: [string, Partial<RoadmapSettings>][] = [
    ['defaults', {}],
    ...Object.values(TIMEFRAME_RANGE_TYPES).flatMap((range) =>
      Object.values(PRESET_TYPES)
        .filter((p) => parseRoadmapSettings(query(`timeframe_range_type=${range}&layout=${p}`)).presetType === p)
        .map((p): [string, Partial<RoadmapSettings>] => [
          `${range}/${p}`,
          { timeframeRangeType: range, presetType: p },
        ]),
    ),
    ...Object.values(EPICS_STATES).map((s): [string, Partial<RoadmapSettings>] => [`state ${s}`, { epicsState: s }]),
    ...ROADMAP_SORT_OPTIONS.map((o): [string, Partial<RoadmapSettings>] => [`sort ${o.value}`, { sortedBy: o.value }]),
    ...Object.values(PROGRESS_TRACKING).map((p): [string, Partial<RoadmapSettings>] => [
      `progress ${p}`,
      { progressTracking: p },
    ]),
    ['progress hidden', { isProgressTrackingActive: false }],
    ['milestones hidden', { isShowingMilestones: false }],
    ...Object.values(MILESTONES_TYPES).map((t): [string, Partial<RoadmapSettings>] => [
      `milestones ${t}`,
      { milestonesType: t },
    ]),
    ['labels shown', { isShowingLabels: true }],
    ['epic', { epicIid: '42' }],
  ];

  it('covers six range/layout pairs', () => {
    expect(variants.filter(([label]) => label.includes('/'))).toHaveLength(6);
  });

  it.each(variants)('%s', (_label, change) => {
    const settings = { ...D, ...change };
    const pairs = roadmapSettingsToParams(settings);
    expect(parseRoadmapSettings(query(toQuery(pairs)))).toEqual(settings);
    expect(roadmapSettingsToParams(parseRoadmapSettings(query(toQuery(pairs))))).toEqual(pairs);
  });
});

describe('replaceRoadmapSettingsParams', () => {
  it('keeps filters and paging, replaces the settings', () => {
    const current = pairsOf(
      'label_name[]=Bug&layout=MONTHS&timeframe_range_type=CURRENT_YEAR&epic_iid=9&show_labels=true&epicIid=3',
    );
    expect(replaceRoadmapSettingsParams(current, { ...DEFAULT_ROADMAP_SETTINGS, sortedBy: 'CREATED_AT_DESC' })).toEqual(
      [
        ['label_name[]', 'Bug'],
        ['epic_iid', '9'],
        ['sort', 'CREATED_AT_DESC'],
      ],
    );
  });
});
