import { type EpicsFilterArgs, filterValueToEpicsQuery } from '../filters/epics-query.ts';
import { filterValueFromUrl, queryStringToPairs } from '../filters/url.ts';
import { type EpicSort, type EpicsState, type FirstDayOfWeek, toEpicSort } from './constants.ts';
import { parseRoadmapSettings, type RoadmapSettings } from './settings.ts';
import { getTimeframe, type Timeframe, timeframeQueryRange } from './timeframe.ts';

/** The arguments every epics list of a roadmap shares: its filter, state, sort and timeframe. */
export type RoadmapListArgs = EpicsFilterArgs & {
  state: EpicsState;
  sort: EpicSort;
  timeframe: { start: string; end: string };
};

/** A roadmap's list arguments from its settings, its filter and its timeline. */
export function roadmapListArgs(
  settings: RoadmapSettings,
  filters: EpicsFilterArgs,
  timeframe: Timeframe,
): RoadmapListArgs {
  return {
    ...filters,
    state: settings.epicsState,
    sort: toEpicSort(settings.sortedBy),
    timeframe: timeframeQueryRange(timeframe),
  };
}

/** The arguments of `Group.epics` that choose a group roadmap's list (the rest only page it or pick fields). */
export type RoadmapFirstListArgs = RoadmapListArgs & { includeDescendantGroups: true };

/**
 * The list a group roadmap's first page asks for (`RoadmapGroupEpicsQuery`), from the page's URL
 * alone: its settings and filter as the page reads them, the timeline around `today` with weeks
 * starting on `firstDayOfWeek`. The server starts building that list's position index when it
 * serves the page (decision 0096); the web app derives the same arguments through its own settings
 * (its `roadmap-first-page.test.ts` holds the two equal). Null when the URL shows one epic's
 * children (an epic token) or another group's epics (a group token): those are other lists.
 */
export function roadmapFirstListArgs(
  search: string,
  today: string,
  firstDayOfWeek: FirstDayOfWeek,
): RoadmapFirstListArgs | null {
  const pairs = queryStringToPairs(search);
  // A parameter's first value, as `URLSearchParams.get` reads it (the page's reading).
  const settings = parseRoadmapSettings({ get: (name) => pairs.find(([key]) => key === name)?.[1] ?? null });
  const query = filterValueToEpicsQuery(filterValueFromUrl(pairs));
  if (settings.epicIid || query.epicIid !== null || query.fullPath !== undefined) return null;
  const timeframe = getTimeframe({
    rangeType: settings.timeframeRangeType,
    presetType: settings.presetType,
    today,
    firstDayOfWeek,
  });
  return { ...roadmapListArgs(settings, query.filters, timeframe), includeDescendantGroups: true };
}
