import type { ApolloClient } from '@apollo/client';
import { useCallback, useMemo, useRef, useState } from 'react';
import { RoadmapGroupEpicsQueryDocument, type RoadmapGroupEpicsQueryQueryVariables } from '../../../gql/graphql.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';

type Connection = {
  nodes: readonly RoadmapEpic[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

type NextPage = { cursor: string; connection: Connection | null };

const RETRY_PAUSE_MS = 10_000;

/**
 * The pages after the first of a group's roadmap epics, kept in a row store of their own (this
 * hook's state) rather than in Apollo's cache: each page is fetched once (`no-cache`) and never
 * watched, so loading page 200 neither writes to the cache nor makes it re-read the 199 before it.
 * (Watched per page, every new page made Apollo re-read each page's query once its result cache
 * overflowed: 137 of 180 s paging through 10,000 epics, issue 17.) The roadmap changes no epic in
 * place, so nothing needs these pages in the cache. The first page stays a `useQuery` (the page's
 * early prefetch joins it).
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
  const [state, setState] = useState<{ key: string; pages: NextPage[]; error: unknown }>({
    key: listKey,
    pages: [],
    error: null,
  });
  // A new filter, sort or range starts from its first page again; answers for an old list are dropped.
  const current = state.key === listKey ? state : { key: listKey, pages: [], error: null };
  const { pages } = current;
  /** A page that failed is asked for again only after a pause (the list keeps asking at its end). */
  const failedAt = useRef(new Map<string, number>());
  /** Pages asked for (list and cursor): asked twice before a render, a page is still fetched once. */
  const requested = useRef({ listKey, pages: new Set<string>() });

  const epics = useMemo(() => {
    const all: RoadmapEpic[] = [...(first?.nodes ?? [])];
    for (const page of pages) if (page.connection) all.push(...page.connection.nodes);
    return all;
  }, [first, pages]);

  const last = pages.length > 0 ? pages[pages.length - 1]?.connection : first;
  const loadingMore = pages.some((page) => page.connection === null);
  const hasNextPage = enabled && (last?.pageInfo.hasNextPage ?? false) && epics.length < limit;
  const endCursor = last?.pageInfo.endCursor ?? null;

  const fetchNextPage = useCallback(() => {
    if (!hasNextPage || !endCursor || loadingMore) return;
    const cursor = endCursor;
    const pageKey = `${listKey}\n${cursor}`;
    // Another list's requests say nothing about this one's pages.
    if (requested.current.listKey !== listKey) requested.current = { listKey, pages: new Set() };
    const asked = requested.current.pages;
    if (asked.has(pageKey)) return;
    if (Date.now() - (failedAt.current.get(pageKey) ?? 0) < RETRY_PAUSE_MS) return;
    asked.add(pageKey);
    /** Applies a change to this list's pages, unless the list has changed meanwhile. */
    const change = (apply: (pages: NextPage[]) => NextPage[], error: unknown = null) =>
      setState((now) => (now.key !== listKey ? now : { key: listKey, pages: apply(now.pages), error }));
    setState((now) => ({
      key: listKey,
      pages: [...(now.key === listKey ? now.pages : []), { cursor, connection: null }],
      error: null,
    }));
    const fail = (error: unknown) => {
      // Forget the page, so that scrolling to the end again (after a pause) tries it again.
      failedAt.current.set(pageKey, Date.now());
      asked.delete(pageKey);
      change((all) => all.filter((page) => page.cursor !== cursor), error);
    };
    client
      .query({
        query: RoadmapGroupEpicsQueryDocument,
        variables: { ...variables, after: cursor },
        fetchPolicy: 'no-cache',
      })
      .then((result) => {
        const connection = result.data?.group?.epics;
        if (!connection) return fail(new Error('The group is not available any more.'));
        change((all) =>
          all.map((page) => (page.cursor === cursor ? { cursor, connection: connection as Connection } : page)),
        );
      }, fail);
  }, [client, variables, listKey, hasNextPage, endCursor, loadingMore]);

  return { epics, hasNextPage, loadingMore, fetchNextPage, error: current.error };
}
