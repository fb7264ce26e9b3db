import { NetworkStatus } from '@apollo/client';

/** How many rows a list page asks for at a time. */
export const PAGE_SIZE = 20;

type Connection<T> = {
  nodes?: ReadonlyArray<T | null> | null;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

/** The non-null nodes of a connection. */
export function nodesOf<T>(connection: { nodes?: ReadonlyArray<T | null> | null } | null | undefined): T[] {
  return (connection?.nodes ?? []).filter((node): node is T => node !== null);
}

/** Appends the next page's nodes to the previous page's, keeping the new page info. */
export function appendPage<C extends Connection<unknown>>(previous: C, next: C): C {
  return { ...next, nodes: [...(previous.nodes ?? []), ...(next.nodes ?? [])] };
}

/**
 * fetchMore's `updateQuery` for a query whose root field `key` is a connection: appends the next
 * page to the loaded ones.
 */
export function appendPageAt<K extends string>(key: K) {
  return <Q extends { [P in K]?: Connection<unknown> | null }>(
    previous: Q,
    { fetchMoreResult }: { fetchMoreResult: Q },
  ): Q => {
    const loaded = previous[key];
    const next = fetchMoreResult[key];
    return loaded && next ? { ...fetchMoreResult, [key]: appendPage(loaded, next) } : fetchMoreResult;
  };
}

/**
 * fetchMore's `updateQuery` for a query whose root field `root` (a group, a project, the current
 * user) holds the connection `key`: appends the next page to the loaded ones.
 */
export function appendPageIn<R extends string, K extends string>(root: R, key: K) {
  return <Q extends { [P in R]?: { [C in K]?: Connection<unknown> | null } | null }>(
    previous: Q,
    { fetchMoreResult }: { fetchMoreResult: Q },
  ): Q => {
    const loaded = previous[root]?.[key];
    const holder = fetchMoreResult[root];
    const next = holder?.[key];
    return loaded && holder && next
      ? { ...fetchMoreResult, [root]: { ...holder, [key]: appendPage(loaded, next) } }
      : fetchMoreResult;
  };
}

/** What the 'Load more' footer under a paged list needs (`LoadMore`'s props). */
export type LoadMoreState = { hasMore: boolean; loading: boolean; onLoadMore: () => void };

/**
 * The 'Load more' footer of a connection read with `useQuery(…, { notifyOnNetworkStatusChange: true })`:
 * more when the page info says so, busy while the next page loads, and `fetchNext` called with the
 * last cursor (`fetchMore` with `appendPageAt` / `appendPageIn`).
 */
export function loadMoreOf(
  networkStatus: NetworkStatus,
  connection: Connection<unknown> | null | undefined,
  fetchNext: (after: string | null | undefined) => unknown,
): LoadMoreState {
  return {
    hasMore: connection?.pageInfo.hasNextPage ?? false,
    loading: networkStatus === NetworkStatus.fetchMore,
    onLoadMore: () => {
      fetchNext(connection?.pageInfo.endCursor);
    },
  };
}
