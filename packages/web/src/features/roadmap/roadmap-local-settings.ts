import { makeVar, type TypePolicies } from '@apollo/client';
import {
  DEFAULT_ROADMAP_SETTINGS,
  type FilterValue,
  filterValueFromQueryString,
  filterValueToQueryString,
  isEpicsState,
  isMilestonesType,
  isPresetType,
  isProgressTracking,
  isRoadmapSort,
  isTimeframeRangeType,
  presetForRange,
  type RoadmapSettings,
  type Timeframe,
} from '@milepost/shared';
import type { RoadmapSettingsQueryQuery } from '../../gql/graphql.ts';

/** Spec §3 "Local roadmap settings": client-only state in the Apollo cache, never sent to the server. */
export type RoadmapLocalSettings = RoadmapSettingsQueryQuery['roadmapSettings'] & {
  __typename: 'RoadmapLocalSettings';
};

/** Rows rendered beyond the visible ones before the shell has measured itself. */
export const DEFAULT_BUFFER_SIZE = 10;

export function localSettingsFrom(
  settings: RoadmapSettings,
  filter: FilterValue,
  timeframe: Pick<Timeframe, 'start' | 'end'>,
  bufferSize: number,
): RoadmapLocalSettings {
  return {
    __typename: 'RoadmapLocalSettings',
    filterParams: filterValueToQueryString(filter),
    sortedBy: settings.sortedBy,
    bufferSize,
    epicsState: settings.epicsState,
    timeframe: [timeframe.start, timeframe.end],
    timeframeRangeType: settings.timeframeRangeType,
    progressTracking: settings.progressTracking,
    milestonesType: settings.milestonesType,
    isShowingMilestones: settings.isShowingMilestones,
    isShowingLabels: settings.isShowingLabels,
    presetType: settings.presetType,
    isProgressTrackingActive: settings.isProgressTrackingActive,
  };
}

/** The typed view settings and filter held in the local settings (unknown values fall back to defaults). */
export function settingsFromLocal(local: RoadmapSettingsQueryQuery['roadmapSettings'] | undefined): {
  settings: RoadmapSettings;
  filter: FilterValue;
} {
  const D = DEFAULT_ROADMAP_SETTINGS;
  if (!local) return { settings: { ...D }, filter: { tokens: [], search: '' } };
  const range = isTimeframeRangeType(local.timeframeRangeType) ? local.timeframeRangeType : D.timeframeRangeType;
  const filter = filterValueFromQueryString(local.filterParams);
  const epicToken = filter.tokens.find((token) => token.type === 'epic');
  return {
    settings: {
      timeframeRangeType: range,
      presetType: presetForRange(range, isPresetType(local.presetType) ? local.presetType : null),
      epicsState: isEpicsState(local.epicsState) ? local.epicsState : D.epicsState,
      sortedBy: isRoadmapSort(local.sortedBy) ? local.sortedBy : D.sortedBy,
      progressTracking: isProgressTracking(local.progressTracking) ? local.progressTracking : D.progressTracking,
      isProgressTrackingActive: local.isProgressTrackingActive,
      isShowingMilestones: local.isShowingMilestones,
      milestonesType: isMilestonesType(local.milestonesType) ? local.milestonesType : D.milestonesType,
      isShowingLabels: local.isShowingLabels,
      epicIid: epicToken?.value ?? null,
    },
    filter,
  };
}

/** The local settings' store: a reactive variable, read through the `roadmapSettings` field policy. */
export const roadmapLocalSettingsVar = makeVar<RoadmapLocalSettings | null>(null);

/** The client-only "mutation": replaces fields of the local settings (watchers re-render). */
export function updateLocalRoadmapSettings(patch: Partial<Omit<RoadmapLocalSettings, '__typename'>>): void {
  const current = roadmapLocalSettingsVar();
  if (!current) return;
  const next = { ...current, ...patch };
  if (sameLocalSettings(current, next)) return;
  roadmapLocalSettingsVar(next);
}

export function setLocalRoadmapSettings(next: RoadmapLocalSettings): void {
  const current = roadmapLocalSettingsVar();
  if (current && sameLocalSettings(current, next)) return;
  roadmapLocalSettingsVar(next);
}

export function sameLocalSettings(a: RoadmapLocalSettings, b: RoadmapLocalSettings): boolean {
  return (Object.keys(a) as (keyof RoadmapLocalSettings)[]).every((key) =>
    Array.isArray(a[key]) ? String(a[key]) === String(b[key]) : a[key] === b[key],
  );
}

/** `Query.roadmapSettings` is client-only: it reads the reactive variable (null until a roadmap mounts). */
export const roadmapLocalSettingsTypePolicies: TypePolicies = {
  Query: { fields: { roadmapSettings: { read: () => roadmapLocalSettingsVar() } } },
};
