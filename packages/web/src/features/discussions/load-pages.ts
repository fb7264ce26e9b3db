import type { ApolloClient } from '@apollo/client';
import {
  type DiscussionPageFragment,
  EpicDiscussionsQueryDocument,
  type EpicDiscussionsQueryQuery,
  IssueDiscussionsQueryDocument,
  type IssueDiscussionsQueryQuery,
  type NotesFilterType,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { joinListEnds } from './discussions-cache.ts';
import type { Noteable } from './noteable.ts';

/** The first page is small so the first discussions show at once; the rest follow in larger pages. */
export const FIRST_PAGE_SIZE = 20;
/** GitLab's largest page. */
export const NEXT_PAGE_SIZE = 100;

type PageData = IssueDiscussionsQueryQuery | EpicDiscussionsQueryQuery;

/** The variables of a page of discussions, as the section asks for its first. */
export function firstPageVariables(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum) {
  return { fullPath: noteable.fullPath, iid: noteable.iid, filter, sort, first: FIRST_PAGE_SIZE };
}

/** The page of discussions in a query's answer. */
export function pageOf(data: PageData | undefined): DiscussionPageFragment | undefined {
  if (!data) return undefined;
  return 'project' in data ? data.project?.issue?.discussions : data.group?.epic?.discussions;
}

/** Where the page after a fetched one starts (null: it was the last). */
export function nextCursor({ data }: { data?: PageData }): string | null {
  const page = pageOf(data);
  return page?.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
}

/** The one list of a noteable, filter and sort (what the cache keeps as one list). */
export function listKey(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): string {
  return `${noteable.type}/${noteable.fullPath}/${noteable.iid}:${filter}:${sort}`;
}

/** Where a list's further pages start: after `after`, with `loaded` of its `count` discussions in. */
export type ListPosition = { after: string; loaded: number; count: number };

type Loading = { done: Promise<void>; abandoned: boolean };
const loadingByClient = new WeakMap<ApolloClient, Map<string, Loading>>();

/**
 * Fetches a list's further pages into the cache. One run per list and client: the prefetch starts
 * it the moment the first page arrives, the section joins it (or starts it when nothing did).
 * Answers when the list is complete or was given up (`abandonPages`); rejects when a page failed.
 *
 * Pages are fetched past the cache and written into it: a query of its own variables would be read
 * back from the cache whole (the list so far, nothing of it cached for those variables) — on a long
 * thread most of the work. Written, only the list the section watches is read again.
 *
 * A long list is fetched from both ends at once (decision 0053): page after page from where it
 * stands, and, in the other sort order, page after page from its far end, each covering about half
 * of what is missing and the two overlapping by one discussion; then the far end is joined on. A
 * 500-note thread so takes two rounds of requests after the first page instead of four. When the
 * ends do not meet as counted (the list changed meanwhile), the rest is fetched from the near end.
 */
export function loadRemainingPages(
  client: ApolloClient,
  noteable: Noteable,
  filter: NotesFilterType,
  sort: SortDirectionEnum,
  position: ListPosition,
): Promise<void> {
  const key = listKey(noteable, filter, sort);
  const runs = loadingByClient.get(client) ?? new Map<string, Loading>();
  loadingByClient.set(client, runs);
  const running = runs.get(key);
  if (running) {
    running.abandoned = false;
    return running.done;
  }
  const loading: Loading = { done: Promise.resolve(), abandoned: false };

  /** One page into the cache; answers it. */
  const fetchPage = async (order: SortDirectionEnum, after: string | null, first: number) => {
    const variables = { ...firstPageVariables(noteable, filter, order), first, ...(after ? { after } : {}) };
    if (noteable.type === 'Issue') {
      const query = IssueDiscussionsQueryDocument;
      const { data } = await client.query({ query, variables, fetchPolicy: 'no-cache' });
      if (data) client.cache.writeQuery({ query, variables, data });
      return data;
    }
    const query = EpicDiscussionsQueryDocument;
    const { data } = await client.query({ query, variables, fetchPolicy: 'no-cache' });
    if (data) client.cache.writeQuery({ query, variables, data });
    return data;
  };

  /** Pages in `order` from `after` until `wanted` discussions came (or the end); answers the next cursor and their ids. */
  const fetchRun = async (order: SortDirectionEnum, after: string | null, wanted: number) => {
    let cursor = after;
    let left = wanted;
    const ids: string[] = [];
    let noteableId: string | undefined;
    do {
      const size = Math.min(NEXT_PAGE_SIZE, left);
      const data = await fetchPage(order, cursor, size);
      const page = pageOf(data);
      noteableId = (data && 'project' in data ? data.project?.issue : data?.group?.epic)?.id ?? noteableId;
      for (const discussion of page?.nodes ?? []) if (discussion) ids.push(discussion.id);
      left -= size;
      cursor = nextCursor({ data });
    } while (left > 0 && cursor && !loading.abandoned);
    return { cursor, ids, noteableId };
  };

  const load = async () => {
    let cursor: string | null = position.after;
    const missing = position.count - position.loaded;
    if (missing > NEXT_PAGE_SIZE) {
      const near = Math.ceil(missing / 2);
      const [head, far] = await Promise.all([
        fetchRun(sort, cursor, near),
        fetchRun(sort === 'ASC' ? 'DESC' : 'ASC', null, missing - near + 1),
      ]);
      cursor = head.cursor;
      if (!cursor || loading.abandoned) return;
      // The noteable's cache id, as the cache names it (`Issue:gid://…`).
      const cacheId = head.noteableId ? `${noteable.type}:${head.noteableId}` : undefined;
      if (cacheId && joinListEnds(client.cache, cacheId, filter, sort, [...far.ids].reverse())) return;
    }
    while (cursor && !loading.abandoned) cursor = (await fetchRun(sort, cursor, NEXT_PAGE_SIZE)).cursor;
  };
  loading.done = load().finally(() => runs.delete(key));
  runs.set(key, loading);
  return loading.done;
}

/** Stops fetching a list's further pages after the ones on their way (the viewer chose another list or left). */
export function abandonPages(client: ApolloClient, key: string): void {
  const running = loadingByClient.get(client)?.get(key);
  if (running) running.abandoned = true;
}
