import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  type EpicsFilterArgs,
  type FilterValue,
  filterValueToEpicsQuery,
  ROADMAP_EPICS_LIMIT_DEFAULT,
  ROADMAP_PAGE_SIZE,
  type RoadmapListArgs,
  type RoadmapSettings,
  roadmapListArgs,
  type Timeframe,
} from '@milepost/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RoadmapEpicChildrenQueryDocument } from '../../../gql/graphql.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';
import { useRoadmapFirstPage } from './roadmap-first-pages.ts';
import type { RoadmapWindowStore } from './roadmap-window-store.ts';
import { type DeepLinkTarget, epicPositionVariables } from './use-roadmap-deep-link.ts';
import { useRoadmapWindows } from './use-roadmap-windows.ts';

/** The query arguments every epics list of the roadmap shares (state, sort, timeframe, filters), and whether rows carry labels. */
export type RoadmapListVariables = RoadmapListArgs & { withLabels: boolean };

export function roadmapListVariables(
  settings: RoadmapSettings,
  filters: EpicsFilterArgs,
  timeframe: Timeframe,
): RoadmapListVariables {
  return { ...roadmapListArgs(settings, filters, timeframe), withLabels: settings.isShowingLabels };
}

/** Which list the roadmap shows: a group's epics, or one epic's children. */
export type RoadmapSource =
  | { kind: 'group'; fullPath: string; includeDescendantGroups: boolean }
  | { kind: 'epic'; fullPath: string; iid: string };

export function roadmapSource(
  groupFullPath: string,
  epicIid: string | undefined,
  filter: FilterValue,
): { source: RoadmapSource; filters: EpicsFilterArgs; filteredByEpic: boolean } {
  const query = filterValueToEpicsQuery(filter);
  if (epicIid)
    return {
      source: { kind: 'epic', fullPath: groupFullPath, iid: epicIid },
      filters: query.filters,
      filteredByEpic: false,
    };
  const fullPath = query.fullPath ?? groupFullPath;
  if (query.epicIid) {
    return { source: { kind: 'epic', fullPath, iid: query.epicIid }, filters: query.filters, filteredByEpic: true };
  }
  return {
    source: { kind: 'group', fullPath, includeDescendantGroups: query.includeDescendantGroups },
    filters: query.filters,
    filteredByEpic: false,
  };
}

export type RoadmapEpicsResult = {
  /**
   * A group's list: its rows by position, fetched in windows where the user looks (`count` of them,
   * the store's `version` changing as windows arrive or go). null for one epic's children.
   */
  windows: { store: RoadmapWindowStore; version: number; count: number } | null;
  /** The epics loaded: a group's kept windows, or one epic's children (all pages so far). */
  epics: readonly RoadmapEpic[];
  /** Epics matching the query (all pages); null until known. */
  count: number | null;
  /**
   * Where the epic a link names (`show_epic`) is in a group's list, asked with the first page:
   * undefined while it loads or without a link, null when the epic is not in the list.
   */
  epicPosition: DeepLinkTarget | null | undefined;
  /** The most epics the roadmap lists (the server's setting); no page is fetched past it. */
  limit: number;
  loading: boolean;
  error: unknown;
  /** Fetching a later page or window failed (scrolling to it again retries it). */
  moreError: unknown;
  /** The epic named by the list does not exist or is hidden. */
  notFound: boolean;
  /** One epic's children: how many it has in all, whatever the timeframe (null for a group's list). */
  totalChildren: number | null;
  /** One epic's children: more pages follow (a group's windows come by position instead). */
  hasNextPage: boolean;
  loadingMore: boolean;
  /** Fetches the children's next page once (no-op while one loads, at the end, or past the epics limit). */
  fetchNextPage: () => void;
};

/**
 * The first page's variables of both list queries (the one the source does not use is skipped);
 * a group's first page also asks where the epic a link names is in the list (`showEpic`, '' without
 * a link: `firstPageVariables`; the windows after it do not, `groupVariables`). The page's early
 * prefetch (roadmap-first-page.ts) builds them the same way, so its request is the one `useQuery` joins.
 */
export function roadmapFirstPageVariables(source: RoadmapSource, variables: RoadmapListVariables, showEpic = '') {
  const base = { ...variables, first: ROADMAP_PAGE_SIZE };
  const groupVariables =
    source.kind === 'group'
      ? { ...base, fullPath: source.fullPath, includeDescendantGroups: source.includeDescendantGroups }
      : { ...base, fullPath: '' };
  const childrenVariables =
    source.kind === 'epic'
      ? { ...base, fullPath: source.fullPath, iid: source.iid }
      : { ...base, fullPath: '', iid: '' };
  const firstPageVariables =
    source.kind === 'group' ? { ...groupVariables, ...epicPositionVariables(showEpic) } : groupVariables;
  return { groupVariables, firstPageVariables, childrenVariables };
}

/**
 * The roadmap's epics: a group's as windows of rows fetched where the user looks (useRoadmapWindows),
 * one epic's children one page after the other (cursor paging, ROADMAP_PAGE_SIZE at a time).
 */
export function useRoadmapEpics(
  source: RoadmapSource,
  variables: RoadmapListVariables,
  /** Not yet: the variables are not final (e.g. the viewer's first day of the week is still loading). */
  wait = false,
  /** A link to an epic (`show_epic`, a group's list only), '' without one. */
  showEpic = '',
): RoadmapEpicsResult {
  const { groupVariables, firstPageVariables, childrenVariables } = roadmapFirstPageVariables(
    source,
    variables,
    showEpic,
  );
  const linked = 'withEpicPosition' in firstPageVariables && firstPageVariables.withEpicPosition;
  const client = useApolloClient();
  // A group's first page: outside Apollo's normalised cache, into the roadmap's row store as every
  // window (roadmap-first-pages.ts); the boot prefetch sent it already.
  const group = useRoadmapFirstPage(client, firstPageVariables, wait || source.kind !== 'group');
  const groupData = source.kind === 'group' ? group.result?.data?.group : undefined;
  const children = useQuery(RoadmapEpicChildrenQueryDocument, {
    variables: childrenVariables,
    skip: wait || source.kind !== 'epic',
  });

  // Ask for one epic's children as soon as the variables are known, while the page is still
  // rendering: `useQuery` only sends once its subscription starts, after the first commit and paint.
  // The same request in flight is shared with it (query deduplication), so this is no second request.
  const prefetched = useRef<string | null>(null);
  if (!wait && source.kind === 'epic' && prefetched.current !== JSON.stringify(childrenVariables)) {
    prefetched.current = JSON.stringify(childrenVariables);
    // Errors reach the page through `useQuery`.
    client.query({ query: RoadmapEpicChildrenQueryDocument, variables: childrenVariables }).catch(() => undefined);
  }

  const isGroup = source.kind === 'group';
  const connection = isGroup ? groupData?.epics : children.data?.group?.epic?.children;
  const listGroup = isGroup ? groupData : children.data?.group;
  // The server's limit once known (none when unset: every epic); GitLab's default until then.
  const limit = listGroup ? (listGroup.roadmapEpicsLimit ?? Number.POSITIVE_INFINITY) : ROADMAP_EPICS_LIMIT_DEFAULT;
  const notFound = isGroup
    ? Boolean(group.result?.data) && !groupData
    : children.data !== undefined && !children.data.group?.epic;

  // A group's rows: windows by position, outside Apollo's cache (see useRoadmapWindows).
  const groupWindows = useRoadmapWindows({
    client,
    variables: groupVariables,
    first: source.kind === 'group' ? (connection as Parameters<typeof useRoadmapWindows>[0]['first']) : null,
    enabled: !wait && source.kind === 'group',
    limit,
  });
  const { store, version } = groupWindows;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store changes in place: a window (`version`) or the first page (`connection`)
  const groupEpics = useMemo(() => store.loadedEpics(), [store, version, connection]);

  // One epic's children: one growing list (`@connection`), as children lists are short.
  const [childrenLoadingMore, setChildrenLoadingMore] = useState(false);
  const inFlight = useRef<string | null>(null);
  const childNodes = useMemo(
    () => (source.kind === 'epic' ? ((connection?.nodes ?? []) as readonly RoadmapEpic[]) : []),
    [source.kind, connection?.nodes],
  );
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const childrenHasNextPage =
    source.kind === 'epic' && (connection?.pageInfo.hasNextPage ?? false) && childNodes.length < limit;
  const { fetchMore } = children;
  const fetchNextChildren = useCallback(() => {
    if (!childrenHasNextPage || !endCursor || inFlight.current === endCursor) return;
    inFlight.current = endCursor;
    setChildrenLoadingMore(true);
    fetchMore({ variables: { after: endCursor } })
      .catch(() => {
        // Let a later scroll to the end try this page again (not at once: the list asks at its end).
        setTimeout(() => {
          inFlight.current = null;
        }, 10_000);
      })
      .finally(() => setChildrenLoadingMore(false));
  }, [childrenHasNextPage, endCursor, fetchMore]);

  // A new object when a window arrives or goes (`version`) or the first page changes (`connection`).
  // biome-ignore lint/correctness/useExhaustiveDependencies: both say when the store's rows changed
  const windows = useMemo(
    () => (isGroup ? { store, version, count: groupWindows.count } : null),
    [isGroup, store, version, groupWindows.count, connection],
  );

  return {
    windows,
    epics: isGroup ? groupEpics : childNodes,
    count: connection?.count ?? null,
    epicPosition: isGroup && linked && group.result?.data ? (groupData?.epics?.epicPosition ?? null) : undefined,
    limit,
    loading: wait || (isGroup ? group.loading : children.loading && !children.data),
    error: isGroup ? group.result?.error : children.error,
    moreError: isGroup ? groupWindows.error : null,
    notFound,
    totalChildren: isGroup ? null : (children.data?.group?.epic?.childrenCount ?? null),
    hasNextPage: isGroup ? false : childrenHasNextPage,
    loadingMore: isGroup ? false : childrenLoadingMore,
    fetchNextPage: fetchNextChildren,
  };
}
