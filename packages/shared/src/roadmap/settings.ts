/**
 * The roadmap's view settings ⇄ URL query parameters (everything but the filter tokens, which
 * `filters/` owns). Unknown or invalid values fall back to the defaults of spec §4, and only values
 * that differ from the defaults are written, so the default view has a clean URL.
 */
import {
  DEFAULT_ROADMAP_SORT,
  defaultPresetForRange,
  EPICS_STATES,
  type EpicsState,
  isEpicsState,
  isMilestonesType,
  isProgressTracking,
  isRoadmapSort,
  isTimeframeRangeType,
  MILESTONES_TYPES,
  type MilestonesType,
  PROGRESS_TRACKING,
  type PresetType,
  type ProgressTracking,
  presetForRange,
  type RoadmapSort,
  TIMEFRAME_RANGE_TYPES,
  type TimeframeRangeType,
} from './constants.ts';

export type RoadmapSettings = {
  timeframeRangeType: TimeframeRangeType;
  presetType: PresetType;
  epicsState: EpicsState;
  sortedBy: RoadmapSort;
  progressTracking: ProgressTracking;
  isProgressTrackingActive: boolean;
  isShowingMilestones: boolean;
  milestonesType: MilestonesType;
  isShowingLabels: boolean;
  /** The epic whose child epics the roadmap shows, or null for the whole group. */
  epicIid: string | null;
};

/** The URL key of each setting. */
export const ROADMAP_SETTINGS_PARAMS = {
  timeframeRangeType: 'timeframe_range_type',
  presetType: 'layout',
  epicsState: 'state',
  sortedBy: 'sort',
  progressTracking: 'progress',
  isProgressTrackingActive: 'show_progress',
  isShowingMilestones: 'show_milestones',
  milestonesType: 'milestones_type',
  isShowingLabels: 'show_labels',
  // Spec §2 names the roadmap's own `epicIid`; `epic_iid` is the epic *filter token*'s key, which
  // `filters/` owns (reading it here would turn a filter into the child-epics view).
  epicIid: 'epicIid',
} as const satisfies Record<keyof RoadmapSettings, string>;

/** Every URL key the settings own, for callers that rewrite the query string. */
export const ROADMAP_SETTINGS_PARAM_KEYS: readonly string[] = Object.values(ROADMAP_SETTINGS_PARAMS);

export const DEFAULT_ROADMAP_SETTINGS: Readonly<RoadmapSettings> = {
  timeframeRangeType: TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER,
  presetType: defaultPresetForRange(TIMEFRAME_RANGE_TYPES.CURRENT_QUARTER),
  epicsState: EPICS_STATES.ALL,
  sortedBy: DEFAULT_ROADMAP_SORT,
  progressTracking: PROGRESS_TRACKING.WEIGHT,
  isProgressTrackingActive: true,
  isShowingMilestones: true,
  milestonesType: MILESTONES_TYPES.ALL,
  isShowingLabels: false,
  epicIid: null,
};

/** What `parseRoadmapSettings` reads: `URLSearchParams` or anything with the same `get`. */
export type ParamsReader = { get(name: string): string | null };

const upper = (value: string | null) => value?.trim().toUpperCase() ?? null;

function parseEpicIid(value: string | null): string | null {
  const v = value?.trim();
  return v && /^[1-9]\d*$/.test(v) ? v : null;
}

/**
 * Settings from the URL. Enum values are matched case-insensitively (so GitLab's older
 * `sort=start_date_asc` works); a layout the range does not offer becomes the range's default;
 * milestones and progress are shown unless `=false`; labels are shown only with `show_labels=true`.
 */
export function parseRoadmapSettings(params: ParamsReader): RoadmapSettings {
  const P = ROADMAP_SETTINGS_PARAMS;
  const D = DEFAULT_ROADMAP_SETTINGS;
  const range = upper(params.get(P.timeframeRangeType));
  const timeframeRangeType = isTimeframeRangeType(range) ? range : D.timeframeRangeType;
  const state = params.get(P.epicsState)?.trim().toLowerCase();
  const sort = upper(params.get(P.sortedBy));
  const progress = upper(params.get(P.progressTracking));
  const milestonesType = upper(params.get(P.milestonesType));
  return {
    timeframeRangeType,
    presetType: presetForRange(timeframeRangeType, upper(params.get(P.presetType))),
    epicsState: isEpicsState(state) ? state : D.epicsState,
    sortedBy: isRoadmapSort(sort) ? sort : D.sortedBy,
    progressTracking: isProgressTracking(progress) ? progress : D.progressTracking,
    isProgressTrackingActive: params.get(P.isProgressTrackingActive)?.trim().toLowerCase() !== 'false',
    isShowingMilestones: params.get(P.isShowingMilestones)?.trim().toLowerCase() !== 'false',
    milestonesType: isMilestonesType(milestonesType) ? milestonesType : D.milestonesType,
    isShowingLabels: params.get(P.isShowingLabels)?.trim().toLowerCase() === 'true',
    epicIid: parseEpicIid(params.get(P.epicIid)),
  };
}

/** The query parameters for `settings`, only those that differ from the defaults, in a fixed order. */
export function roadmapSettingsToParams(settings: RoadmapSettings): [string, string][] {
  const P = ROADMAP_SETTINGS_PARAMS;
  const D = DEFAULT_ROADMAP_SETTINGS;
  const out: [string, string][] = [];
  const range = isTimeframeRangeType(settings.timeframeRangeType) ? settings.timeframeRangeType : D.timeframeRangeType;
  if (range !== D.timeframeRangeType) out.push([P.timeframeRangeType, range]);
  const preset = presetForRange(range, settings.presetType);
  if (preset !== defaultPresetForRange(range)) out.push([P.presetType, preset]);
  if (settings.epicsState !== D.epicsState) out.push([P.epicsState, settings.epicsState]);
  if (settings.sortedBy !== D.sortedBy) out.push([P.sortedBy, settings.sortedBy]);
  if (settings.progressTracking !== D.progressTracking) out.push([P.progressTracking, settings.progressTracking]);
  if (!settings.isProgressTrackingActive) out.push([P.isProgressTrackingActive, 'false']);
  if (!settings.isShowingMilestones) out.push([P.isShowingMilestones, 'false']);
  if (settings.milestonesType !== D.milestonesType) out.push([P.milestonesType, settings.milestonesType]);
  if (settings.isShowingLabels) out.push([P.isShowingLabels, 'true']);
  const epicIid = parseEpicIid(settings.epicIid);
  if (epicIid) out.push([P.epicIid, epicIid]);
  return out;
}

/**
 * A whole query string's parameters with the settings replaced: every other parameter (filters,
 * paging) is kept in its order, the settings' keys are dropped and `roadmapSettingsToParams` appended.
 */
export function replaceRoadmapSettingsParams(
  params: Iterable<[string, string]>,
  settings: RoadmapSettings,
): [string, string][] {
  const owned = new Set(ROADMAP_SETTINGS_PARAM_KEYS);
  return [...[...params].filter(([key]) => !owned.has(key)), ...roadmapSettingsToParams(settings)];
}
