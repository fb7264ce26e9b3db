import type { ApolloClient } from '@apollo/client';
import { ROADMAP_PAGE_SIZE } from '@milepost/shared';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { RoadmapGroupEpicsQueryDocument, type RoadmapGroupEpicsQueryQueryVariables } from '../../../gql/graphql.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';
import { RoadmapWindowStore } from './roadmap-window-store.ts';

type Connection = {
  count: number;
  nodes: readonly RoadmapEpic[];
  pageInfo: { endCursor?: string | null };
};

/** Windows kept besides the first: 24 × 50 rows, a few screens' worth either side of any view. */
export const MAX_WINDOWS = 24;
const MAX_IN_FLIGHT = 3;
const RETRY_PAUSE_MS = 10_000;

/**
 * A group's roadmap rows by position (see RoadmapWindowStore): the first page is the page's
 * `useQuery` (the early prefetch joins it); every other window is fetched once with `no-cache`
 * when the rows it holds come into view, and dropped again when it has long been out of view. A new
 * filter, sort or range starts a new store (answers for the old list are dropped).
 */
export function useRoadmapWindows({
  client,
  variables,
  first,
  enabled,
  limit,
}: {
  client: ApolloClient;
  /** The first page's variables (without `after`). */
  variables: RoadmapGroupEpicsQueryQueryVariables;
  /** The first page, once loaded. */
  first: Connection | null | undefined;
  enabled: boolean;
  /** The most rows the roadmap lists (the server's setting). */
  limit: number;
}) {
  const listKey = JSON.stringify(variables);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's identity is its variables' text
  const store = useMemo(
    () =>
      new RoadmapWindowStore({
        size: ROADMAP_PAGE_SIZE,
        maxWindows: MAX_WINDOWS,
        maxInFlight: MAX_IN_FLIGHT,
        retryPauseMs: RETRY_PAUSE_MS,
        fetchWindow: async (after) => {
          const result = await client.query({
            query: RoadmapGroupEpicsQueryDocument,
            variables: { ...variables, first: ROADMAP_PAGE_SIZE, after },
            fetchPolicy: 'no-cache',
          });
          const connection = result.data?.group?.epics;
          if (!connection) throw new Error('The group is not available any more.');
          return {
            nodes: connection.nodes as readonly RoadmapEpic[],
            endCursor: connection.pageInfo.endCursor ?? null,
          };
        },
      }),
    [client, listKey],
  );
  useEffect(() => {
    store.revive();
    return () => store.dispose();
  }, [store]);
  const count = enabled && first ? Math.min(first.count, limit) : 0;
  // Plain data for the store's reads during this render (no notification: nothing else changed).
  store.setFirst(first ? { nodes: first.nodes, endCursor: first.pageInfo.endCursor ?? null } : null, count);
  const version = useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
  return { store, version, count, error: store.error, loading: store.loading };
}
