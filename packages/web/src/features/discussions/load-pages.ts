import type { ApolloClient } from '@apollo/client';
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
export function firstPageVariables(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum) {
  return { fullPath: noteable.fullPath, iid: noteable.iid, filter, sort, first: FIRST_PAGE_SIZE };
}

/**
 * One page through Apollo's link, past its cache (`no-cache`: nothing normalised, nothing read
 * back), so a first page the early script sent is answered by that request (`handOverFetch`) and
 * the same page asked twice at once is sent once. The noteable's own fields (lock, permissions)
 * go into the cache, where the page's edits (locking the discussion) keep them current.
 */
async function fetchPage(client: ApolloClient, request: PageRequest): Promise<FetchedPage> {
  const { noteable, filter, sort, first, after } = request;
  const variables = { ...firstPageVariables(noteable, filter, sort), first, ...(after ? { after } : {}) };
  if (noteable.type === 'Issue') {
    const { data } = await client.query({ query: IssueDiscussionsQueryDocument, variables, fetchPolicy: 'no-cache' });
    const issue = data?.project?.issue;
    if (!issue) return { noteable: null, page: null };
    if (!after) {
      const id = client.cache.identify({ __typename: 'Issue', id: issue.id });
      client.cache.writeFragment({ id, fragment: IssueDiscussionNoteableFragmentDoc, data: issue });
    }
    const { userPermissions, discussionLocked } = issue;
    return { noteable: { id: issue.id, discussionLocked, ...permissionsOf(userPermissions) }, page: issue.discussions };
  }
  const { data } = await client.query({ query: EpicDiscussionsQueryDocument, variables, fetchPolicy: 'no-cache' });
  const epic = data?.group?.epic;
  if (!epic) return { noteable: null, page: null };
  if (!after) {
    const id = client.cache.identify({ __typename: 'Epic', id: epic.id });
    client.cache.writeFragment({ id, fragment: EpicDiscussionNoteableFragmentDoc, data: epic });
  }
  return {
    noteable: { id: epic.id, discussionLocked: false, ...permissionsOf(epic.userPermissions) },
    page: epic.discussions,
  };
}

const permissionsOf = ({ createNote, markNoteAsInternal }: { createNote: boolean; markNoteAsInternal: boolean }) => ({
  createNote,
  markNoteAsInternal,
});

const stores = new WeakMap<ApolloClient, DiscussionStore>();

/** The discussion store of the app's client (one per client: the tests' clients each have their own). */
export function discussionStoreOf(client: ApolloClient): DiscussionStore {
  let store = stores.get(client);
  if (!store) {
    store = new DiscussionStore((request) => fetchPage(client, request));
    stores.set(client, store);
  }
  return store;
}
