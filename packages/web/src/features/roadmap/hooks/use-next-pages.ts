import type { ApolloClient } from '@apollo/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RoadmapGroupEpicsQueryDocument, type RoadmapGroupEpicsQueryQueryVariables } from '../../../gql/graphql.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

type Connection = {
  nodes: readonly RoadmapEpic[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

type NextPage = { cursor: string; connection: Connection | null; error: unknown };

type Subscription = { unsubscribe(): void };

const RETRY_PAUSE_MS = 10_000;

/**
 * The pages after the first of a group's roadmap epics. Each page is its own cache entry, watched on
 * its own: fetching page 20 writes and reads 50 epics, where one growing list would make the cache
 * re-read every epic loaded so far on each page (and the long task grow with the list).
 */
export function useNextPages({
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
  /** No page is fetched once this many epics are loaded. */
  limit: number;
}) {
  const listKey = JSON.stringify(variables);
  const [state, setState] = useState<{ key: string; pages: NextPage[] }>({ key: listKey, pages: [] });
  const pages = state.key === listKey ? state.pages : [];
  const subscriptions = useRef(new Map<string, Subscription>());
  const [failure, setFailure] = useState<unknown>(null);
  /** A page that failed is asked for again only after a pause (the list keeps asking at its end). */
  const failedAt = useRef(new Map<string, number>());

  // A new filter, sort or range starts from its first page again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `listKey` is the variables' identity
  useEffect(() => {
    const current = subscriptions.current;
    return () => {
      for (const subscription of current.values()) subscription.unsubscribe();
      current.clear();
    };
  }, [listKey]);

  const epics = useMemo(() => {
    const all: RoadmapEpic[] = [...(first?.nodes ?? [])];
    for (const page of pages) if (page.connection) all.push(...page.connection.nodes);
    return all;
  }, [first, pages]);

  const last = pages.length > 0 ? pages[pages.length - 1]?.connection : first;
  const loadingMore = pages.some((page) => page.connection === null && !page.error);
  const hasNextPage = enabled && (last?.pageInfo.hasNextPage ?? false) && epics.length < limit;
  const endCursor = last?.pageInfo.endCursor ?? null;

  const fetchNextPage = useCallback(() => {
    if (!hasNextPage || !endCursor || loadingMore || subscriptions.current.has(endCursor)) return;
    const cursor = endCursor;
    if (Date.now() - (failedAt.current.get(cursor) ?? 0) < RETRY_PAUSE_MS) return;
    const update = (change: Partial<NextPage>) =>
      setState((current) =>
        current.key !== listKey
          ? current
          : {
              ...current,
              pages: current.pages.map((page) => (page.cursor === cursor ? { ...page, ...change } : page)),
            },
      );
    setFailure(null);
    setState((current) => ({
      key: listKey,
      pages: [...(current.key === listKey ? current.pages : []), { cursor, connection: null, error: null }],
    }));
    const observable = client.watchQuery({
      query: RoadmapGroupEpicsQueryDocument,
      variables: { ...variables, after: cursor },
    });
    const fail = (error: unknown) => {
      // Forget the page, so that scrolling to the end again tries it again.
      subscriptions.current.get(cursor)?.unsubscribe();
      subscriptions.current.delete(cursor);
      failedAt.current.set(cursor, Date.now());
      setState((current) =>
        current.key !== listKey ? current : { ...current, pages: current.pages.filter((p) => p.cursor !== cursor) },
      );
      setFailure(error);
    };
    const subscription = observable.subscribe({
      next: (result) => {
        if (result.error) return fail(result.error);
        const connection = result.data?.group?.epics;
        if (connection) update({ connection: connection as Connection });
      },
      error: fail,
    });
    subscriptions.current.set(cursor, subscription);
  }, [client, variables, listKey, hasNextPage, endCursor, loadingMore]);

  return { epics, hasNextPage, loadingMore, fetchNextPage, error: failure };
}
