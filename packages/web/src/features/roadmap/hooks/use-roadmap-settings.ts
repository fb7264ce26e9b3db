import { useQuery } from '@apollo/client/react';
import {
  DEFAULT_FIRST_DAY_OF_WEEK,
  type FilterValue,
  type FirstDayOfWeek,
  filterValueFromUrl,
  filterValueToUrl,
  getTimeframe,
  isFilterUrlKey,
  parseRoadmapSettings,
  presetForRange,
  ROADMAP_SETTINGS_PARAM_KEYS,
  type RoadmapSettings,
  roadmapSettingsToParams,
  type Timeframe,
} from '@milepost/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RoadmapSettingsQueryDocument } from '../../../gql/graphql.ts';
import { preferredToday } from '../../../lib/format-date.ts';
import {
  DEFAULT_BUFFER_SIZE,
  localSettingsFrom,
  roadmapLocalSettingsVar,
  setLocalRoadmapSettings,
  settingsFromLocal,
  updateLocalRoadmapSettings,
} from '../roadmap-local-settings.ts';

/** What the URL says: the view settings and the filter (the epic token may come from `epicIid`). */
export function roadmapViewFromUrl(params: URLSearchParams): { settings: RoadmapSettings; filter: FilterValue } {
  const settings = parseRoadmapSettings(params);
  const filter = filterValueFromUrl(params);
  if (settings.epicIid && !filter.tokens.some((token) => token.type === 'epic')) {
    filter.tokens = [...filter.tokens, { type: 'epic', operator: '=', value: settings.epicIid }];
  }
  return { settings, filter };
}

/**
 * The URL for a view: the current parameters that are neither filters nor settings, then the filter
 * (its epic token as `epic_iid`), then the settings that differ from the defaults.
 */
export function roadmapViewToUrl(
  current: URLSearchParams,
  settings: RoadmapSettings,
  filter: FilterValue,
): URLSearchParams {
  const owned = new Set(ROADMAP_SETTINGS_PARAM_KEYS);
  const kept = [...current].filter(([key]) => !owned.has(key) && !isFilterUrlKey(key));
  return new URLSearchParams([
    ...kept,
    ...filterValueToUrl(filter),
    ...roadmapSettingsToParams({ ...settings, epicIid: null }),
  ]);
}

export type RoadmapSettingsApi = {
  settings: RoadmapSettings;
  filter: FilterValue;
  timeframe: Timeframe;
  today: string;
  bufferSize: number;
  /** Changes view settings: local state at once, and the URL (a new history entry). */
  updateSettings: (patch: Partial<RoadmapSettings>) => void;
  /** Replaces the filter (local state and URL). */
  setFilter: (filter: FilterValue) => void;
  setBufferSize: (bufferSize: number) => void;
};

/**
 * The roadmap's settings: read from the local settings (Apollo client-only state), which mirror the
 * URL both ways — the URL fills them on load and on back/forward, and every change writes the URL.
 */
export function useRoadmapSettings({
  firstDayOfWeek = DEFAULT_FIRST_DAY_OF_WEEK,
}: {
  firstDayOfWeek?: FirstDayOfWeek;
} = {}): RoadmapSettingsApi {
  const [searchParams, setSearchParams] = useSearchParams();
  // Today in the preferred time zone (the browser's when none is set), as due-date words count it.
  const [today] = useState(() => preferredToday());
  const search = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the parameters' identity
  const fromUrl = useMemo(() => roadmapViewFromUrl(searchParams), [search]);

  const localFromView = useCallback(
    (settings: RoadmapSettings, filter: FilterValue) => {
      const tf = getTimeframe({
        rangeType: settings.timeframeRangeType,
        presetType: settings.presetType,
        today,
        firstDayOfWeek,
      });
      const bufferSize = roadmapLocalSettingsVar()?.bufferSize ?? DEFAULT_BUFFER_SIZE;
      return localSettingsFrom(settings, filter, tf, bufferSize);
    },
    [today, firstDayOfWeek],
  );

  // The first render already reads the URL's settings (the query subscribes after this).
  useState(() => setLocalRoadmapSettings(localFromView(fromUrl.settings, fromUrl.filter)));
  // Later URL changes (links, back / forward) flow into the local settings before paint.
  useLayoutEffect(() => {
    setLocalRoadmapSettings(localFromView(fromUrl.settings, fromUrl.filter));
  }, [fromUrl, localFromView]);
  // Back / forward also at once from the address itself: the router renders a location change as a
  // transition, which the re-renders of a settings change can keep interrupting until a quick Back
  // supersedes it — then no committed render ever sees the URL change.
  useEffect(() => {
    const handlePopState = () => {
      const view = roadmapViewFromUrl(new URLSearchParams(window.location.search));
      setLocalRoadmapSettings(localFromView(view.settings, view.filter));
    };
    window.addEventListener('popstate', handlePopState);
    return () => window.removeEventListener('popstate', handlePopState);
  }, [localFromView]);

  const { data } = useQuery(RoadmapSettingsQueryDocument, { fetchPolicy: 'cache-only' });
  const local = data?.roadmapSettings;
  const { settings, filter } = useMemo(() => settingsFromLocal(local), [local]);

  const timeframe = useMemo(
    () =>
      getTimeframe({
        rangeType: settings.timeframeRangeType,
        presetType: settings.presetType,
        today,
        firstDayOfWeek,
      }),
    [settings.timeframeRangeType, settings.presetType, today, firstDayOfWeek],
  );

  const write = useCallback(
    (nextSettings: RoadmapSettings, nextFilter: FilterValue) => {
      setLocalRoadmapSettings(localFromView(nextSettings, nextFilter));
      setSearchParams((current) => roadmapViewToUrl(current, nextSettings, nextFilter));
    },
    [localFromView, setSearchParams],
  );

  const updateSettings = useCallback(
    (patch: Partial<RoadmapSettings>) => {
      const next = { ...settings, ...patch };
      next.presetType = presetForRange(next.timeframeRangeType, next.presetType);
      write(next, filter);
    },
    [settings, filter, write],
  );

  const setFilter = useCallback((next: FilterValue) => write(settings, next), [settings, write]);
  const setBufferSize = useCallback((bufferSize: number) => updateLocalRoadmapSettings({ bufferSize }), []);

  return {
    settings,
    filter,
    timeframe,
    today,
    bufferSize: local?.bufferSize ?? DEFAULT_BUFFER_SIZE,
    updateSettings,
    setFilter,
    setBufferSize,
  };
}
