import type { ApolloClient } from '@apollo/client';
import type { PrefetchClient } from '../../../app/prefetch-client.ts';
import { EpicChildItemsQueryDocument } from '../../../gql/graphql.ts';

/** At most this many child epics and issues per request ('Show more' continues). */
export const CHILD_ITEMS_PAGE_SIZE = 100;

/** A prefetched first page older than this is not used: the tree asks again (it keeps no cache). */
const FRESH_MS = 10_000;

type FirstPageRequest = ReturnType<typeof requestFirstPage>;
/** A prefetched first page: its request, and its answer once it has come (`data`). */
type Prefetched = { at: number; request: FirstPageRequest; answer?: Awaited<FirstPageRequest> };

const prefetched = new Map<string, Prefetched>();
const keyOf = (fullPath: string, iid: string) => `${fullPath}&${iid}`;

/**
 * The tree's pages come from the network and stay out of Apollo's normalised cache (spec 001 §7 'no
 * caching'): nothing else reads them there, and writing a page in and reading it back out, which
 * also makes every query watching the epic compare its answer again, was main-thread work between
 * the answer and the first row.
 */
export const TREE_FETCH_POLICY = 'no-cache';

/**
 * Each ask is its own request: a reload after a change must not join a request sent before the
 * change was saved (Apollo shares identical requests in flight unless told otherwise).
 */
export const TREE_CONTEXT = { queryDeduplication: false };

function requestFirstPage(client: PrefetchClient, fullPath: string, iid: string) {
  return client.query({
    query: EpicChildItemsQueryDocument,
    variables: { fullPath, iid, pageSize: CHILD_ITEMS_PAGE_SIZE },
    fetchPolicy: TREE_FETCH_POLICY,
    context: TREE_CONTEXT,
  });
}

/**
 * Asks for the child-items tree's first page of an epic now (with the epic page's other first
 * requests), for the tree to take once it mounts instead of asking after the page has rendered.
 * Answers when the request has settled (never rejects: failures reach the tree when it takes the
 * request, or it asks again).
 */
export function prefetchEpicTreeFirstPage(client: PrefetchClient, fullPath: string, iid: string): Promise<void> {
  const request = requestFirstPage(client, fullPath, iid);
  const entry: Prefetched = { at: Date.now(), request };
  prefetched.set(keyOf(fullPath, iid), entry);
  return request.then(
    (answer) => {
      entry.answer = answer;
    },
    () => undefined,
  );
}

/**
 * The prefetched first page's answer when it has already come (taken once), else undefined: a tree
 * mounted after its answer arrived (the app's start is slower than the server) draws its rows in
 * its first render, with the page around it, not in a render and a frame of their own after it.
 */
export function takeArrivedEpicTreeFirstPage(fullPath: string, iid: string): Awaited<FirstPageRequest> | undefined {
  const key = keyOf(fullPath, iid);
  const found = prefetched.get(key);
  if (!found?.answer || Date.now() - found.at >= FRESH_MS) return undefined;
  prefetched.delete(key);
  return found.answer;
}

/** The tree's first page: the prefetched request when one is fresh (taken once), else a new one. */
export function takeEpicTreeFirstPage(client: ApolloClient, fullPath: string, iid: string) {
  const key = keyOf(fullPath, iid);
  const found = prefetched.get(key);
  prefetched.delete(key);
  if (found && Date.now() - found.at < FRESH_MS) return found.request;
  return requestFirstPage(client, fullPath, iid);
}
