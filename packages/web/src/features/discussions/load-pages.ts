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
 * A new run starts where the list in the cache stands, not at `position` when that is older (a
 * section that rendered before the last pages came), and a whole list fetches nothing.
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
  // A caller's position may be older than the list (a section rendered before the last pages came).
  const stored = storedPosition(client, noteable, filter, sort);
  if (stored === null) return Promise.resolve();
  const from = stored ?? position;
  const loading: Loading = { done: Promise.resolve(), abandoned: false };

  /** One page fetched past the cache: its data, and `write` to put it into the cache. */
  const fetchPage = async (order: SortDirectionEnum, after: string | null, first: number) => {
    const variables = { ...firstPageVariables(noteable, filter, order), first, ...(after ? { after } : {}) };
    if (noteable.type === 'Issue') {
      const query = IssueDiscussionsQueryDocument;
      const { data } = await client.query({ query, variables, fetchPolicy: 'no-cache' });
      return { data, write: () => data && client.cache.writeQuery({ query, variables, data }) };
    }
    const query = EpicDiscussionsQueryDocument;
    const { data } = await client.query({ query, variables, fetchPolicy: 'no-cache' });
    return { data, write: () => data && client.cache.writeQuery({ query, variables, data }) };
  };

  /**
   * Pages in `order` from `after` until `wanted` discussions came (or the end), each written into the
   * cache in turn; answers the next cursor and their ids. The next page is asked for before the one
   * that came is written: writing a page is most of the work it costs the browser.
   */
  const fetchRun = async (order: SortDirectionEnum, after: string | null, wanted: number) => {
    let left = wanted;
    const ids: string[] = [];
    let noteableId: string | undefined;
    let cursor = after;
    let next: ReturnType<typeof fetchPage> | null = fetchPage(order, cursor, Math.min(NEXT_PAGE_SIZE, left));
    while (next) {
      const { data, write } = await next;
      left -= NEXT_PAGE_SIZE;
      cursor = nextCursor({ data });
      next = left > 0 && cursor && !loading.abandoned ? fetchPage(order, cursor, Math.min(NEXT_PAGE_SIZE, left)) : null;
      // A page that fails while this one is written is reported by the `await` above, once its turn comes.
      next?.catch(() => undefined);
      write();
      const page = pageOf(data);
      noteableId = (data && 'project' in data ? data.project?.issue : data?.group?.epic)?.id ?? noteableId;
      for (const discussion of page?.nodes ?? []) if (discussion) ids.push(discussion.id);
    }
    return { cursor, ids, noteableId };
  };

  const load = async () => {
    let cursor: string | null = from.after;
    const missing = from.count - from.loaded;
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

/**
 * Where the list the cache holds stands: its next page (null: it is whole), or undefined when the
 * cache holds none of it.
 */
function storedPosition(
  client: ApolloClient,
  noteable: Noteable,
  filter: NotesFilterType,
  sort: SortDirectionEnum,
): ListPosition | null | undefined {
  const variables = firstPageVariables(noteable, filter, sort);
  const data =
    noteable.type === 'Issue'
      ? client.cache.readQuery({ query: IssueDiscussionsQueryDocument, variables })
      : client.cache.readQuery({ query: EpicDiscussionsQueryDocument, variables });
  const page = pageOf(data ?? undefined);
  if (!page) return undefined;
  const after = nextCursor({ data: data ?? undefined });
  return after ? { after, loaded: page.nodes?.length ?? 0, count: page.count } : null;
}

/** Stops fetching a list's further pages after the ones on their way (the viewer chose another list or left). */
export function abandonPages(client: ApolloClient, key: string): void {
  const running = loadingByClient.get(client)?.get(key);
  if (running) running.abandoned = true;
}
