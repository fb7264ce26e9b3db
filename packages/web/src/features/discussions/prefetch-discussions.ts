import type { ApolloClient } from '@apollo/client';
import {
  type DiscussionPageFragment,
  EpicDiscussionsQueryDocument,
  type EpicDiscussionsQueryQuery,
  IssueDiscussionsQueryDocument,
  type IssueDiscussionsQueryQuery,
  type NotesFilterType,
  NotesPreferencesQueryDocument,
  type NotesPreferencesQueryQuery,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import type { Noteable, NoteableType } from './noteable.ts';

/** The first page is small so the first discussions show at once; the rest follow in larger pages. */
export const FIRST_PAGE_SIZE = 20;
/** GitLab's largest page. */
export const NEXT_PAGE_SIZE = 100;

type Viewer = NotesPreferencesQueryQuery['currentUser'];

/** The viewer's saved activity filter and sort for issues or epics (GitLab's defaults without). */
export function savedNotesPreferences(
  viewer: Viewer | undefined,
  type: NoteableType,
): { filter: NotesFilterType; sort: SortDirectionEnum } {
  return {
    filter: (type === 'Issue' ? viewer?.issueNotesFilter : viewer?.epicNotesFilter) ?? 'ALL_NOTES',
    sort: viewer?.notesSort ?? 'ASC',
  };
}

/** The variables of the first page of discussions, as the section asks for it. */
export function firstPageVariables(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum) {
  return { fullPath: noteable.fullPath, iid: noteable.iid, filter, sort, first: FIRST_PAGE_SIZE };
}

type Answer = { data?: IssueDiscussionsQueryQuery | EpicDiscussionsQueryQuery };

/** Where the page after a fetched one starts (null: it was the last). */
export function nextCursor({ data }: Answer): string | null {
  const node = data && 'project' in data ? data.project?.issue : data && 'group' in data ? data.group?.epic : null;
  const page: DiscussionPageFragment | undefined = node?.discussions;
  return page?.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
}

/** The one list of a noteable, filter and sort (what the cache keeps as one list). */
export function listKey(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum): string {
  return `${noteable.type}/${noteable.fullPath}/${noteable.iid}:${filter}:${sort}`;
}

type Loading = { done: Promise<void>; abandoned: boolean };
const loadingByClient = new WeakMap<ApolloClient, Map<string, Loading>>();

/**
 * Fetches a list's further pages one after another from `after` into the cache (each page asked
 * for as soon as the previous one arrived; the cache appends it to the list the section shows).
 * One run per list: the prefetch starts it the moment the first page arrives, the section joins it
 * (or starts it when nothing did). Answers when the last page is in, or the list was given up
 * (`abandonPages`); rejects when a page failed.
 */
export function loadRemainingPages(
  client: ApolloClient,
  noteable: Noteable,
  filter: NotesFilterType,
  sort: SortDirectionEnum,
  after: string,
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
  const variables = (cursor: string) => ({
    ...firstPageVariables(noteable, filter, sort),
    after: cursor,
    first: NEXT_PAGE_SIZE,
  });
  // Each page is fetched past the cache and written into it: a query of its own variables would be
  // read back from the cache whole (the list so far, nothing of it cached for those variables) —
  // on a long thread most of the page's work. Written, only the list the section watches is read
  // again, its unchanged discussions from the cache's results.
  const load = async () => {
    let cursor: string | null = after;
    while (cursor && !loading.abandoned) {
      const pageVariables = variables(cursor);
      if (noteable.type === 'Issue') {
        const { data } = await client.query({
          query: IssueDiscussionsQueryDocument,
          variables: pageVariables,
          fetchPolicy: 'no-cache',
        });
        if (data) client.cache.writeQuery({ query: IssueDiscussionsQueryDocument, variables: pageVariables, data });
        cursor = nextCursor({ data });
      } else {
        const { data } = await client.query({
          query: EpicDiscussionsQueryDocument,
          variables: pageVariables,
          fetchPolicy: 'no-cache',
        });
        if (data) client.cache.writeQuery({ query: EpicDiscussionsQueryDocument, variables: pageVariables, data });
        cursor = nextCursor({ data });
      }
    }
  };
  loading.done = load().finally(() => runs.delete(key));
  runs.set(key, loading);
  return loading.done;
}

/** Stops fetching a list's further pages after the one on its way (the viewer chose another list or left). */
export function abandonPages(client: ApolloClient, key: string): void {
  const running = loadingByClient.get(client)?.get(key);
  if (running) running.abandoned = true;
}

/**
 * Starts the requests the discussion section makes first — the viewer's filter and sort, then the
 * first page of discussions with them, then the further pages one after another — before the page
 * around it has loaded, so the section finds them in flight or in the cache. Failures are ignored
 * here: the section asks again.
 */
export function prefetchDiscussions(client: ApolloClient, noteable: Noteable): void {
  client
    .query({ query: NotesPreferencesQueryDocument })
    .then(async ({ data }): Promise<unknown> => {
      const { filter, sort } = savedNotesPreferences(data?.currentUser, noteable.type);
      const variables = firstPageVariables(noteable, filter, sort);
      const first =
        noteable.type === 'Issue'
          ? await client.query({ query: IssueDiscussionsQueryDocument, variables })
          : await client.query({ query: EpicDiscussionsQueryDocument, variables });
      const after = nextCursor(first);
      return after ? await loadRemainingPages(client, noteable, filter, sort, after) : undefined;
    })
    .catch(() => undefined);
}
