import { keepsCache, type PrefetchClient } from '../../app/prefetch-client.ts';
import {
  EpicDiscussionNoteableFragmentDoc,
  EpicDiscussionsQueryDocument,
  IssueDiscussionNoteableFragmentDoc,
  IssueDiscussionsQueryDocument,
  type NotesFilterType,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { DiscussionStore, type FetchedPage, FIRST_PAGE_SIZE, type PageRequest } from './discussion-store.ts';
import type { Noteable } from './noteable.ts';

/** The variables of a page of discussions, as the section asks for its first. */
function firstPageVariables(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum) {
  return { fullPath: noteable.fullPath, iid: noteable.iid, filter, sort, first: FIRST_PAGE_SIZE };
}

/** The noteable with its page of discussions (null: missing or hidden), through Apollo's link past its cache. */
async function fetchNoteable(client: PrefetchClient, noteable: Noteable, variables: PageVariables) {
  if (noteable.type === 'Issue') {
    const { data } = await client.query({ query: IssueDiscussionsQueryDocument, variables, fetchPolicy: 'no-cache' });
    const node = data?.project?.issue;
    return node ? { type: 'Issue' as const, node } : null;
  }
  const { data } = await client.query({ query: EpicDiscussionsQueryDocument, variables, fetchPolicy: 'no-cache' });
  const node = data?.group?.epic;
  return node ? { type: 'Epic' as const, node } : null;
}

type PageVariables = ReturnType<typeof firstPageVariables> & { after?: string };

/**
 * One page through Apollo's link, past its cache (`no-cache`: nothing normalised, nothing read
 * back), so a page the early script sent is answered by that request (`handOverFetch`) and the
 * same page asked twice at once is sent once; the noteable's own fields (lock, permissions) go into
 * the cache with a first page, where the page's edits (locking the discussion) keep them current.
 * Through the early script's client (no cache) the page is only sent, for the app to take.
 */
async function fetchPage(client: PrefetchClient, request: PageRequest): Promise<FetchedPage> {
  const { noteable, filter, sort, first, after } = request;
  const variables = { ...firstPageVariables(noteable, filter, sort), first, ...(after ? { after } : {}) };
  const found = await fetchNoteable(client, noteable, variables);
  if (!found) return { noteable: null, page: null };
  if (!after && keepsCache(client)) {
    const id = client.cache.identify({ __typename: found.type, id: found.node.id });
    if (found.type === 'Issue') {
      client.cache.writeFragment({ id, fragment: IssueDiscussionNoteableFragmentDoc, data: found.node });
    } else client.cache.writeFragment({ id, fragment: EpicDiscussionNoteableFragmentDoc, data: found.node });
  }
  const { createNote, markNoteAsInternal } = found.node.userPermissions;
  const discussionLocked = found.type === 'Issue' && found.node.discussionLocked;
  return {
    noteable: { id: found.node.id, discussionLocked, createNote, markNoteAsInternal },
    page: found.node.discussions,
  };
}

const stores = new WeakMap<PrefetchClient, DiscussionStore>();

/**
 * The discussion store of a client: the app's (one per Apollo client: the tests' clients each have
 * their own), or the early script's, whose store only sends the same requests in the same order
 * (the first page, then the further pages as their answers come) for the app's store to take.
 */
export function discussionStoreOf(client: PrefetchClient): DiscussionStore {
  let store = stores.get(client);
  if (!store) {
    store = new DiscussionStore((request) => fetchPage(client, request));
    stores.set(client, store);
  }
  return store;
}
