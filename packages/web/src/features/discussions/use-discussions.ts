import { useApolloClient, useFragment } from '@apollo/client/react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  type DiscussionFieldsFragment,
  EpicDiscussionNoteableFragmentDoc,
  IssueDiscussionNoteableFragmentDoc,
  type NotesFilterType,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { INITIAL_THREAD, listKey } from './discussion-store.ts';
import { discussionStoreOf } from './load-pages.ts';
import type { Noteable } from './noteable.ts';

export type DiscussionsState = {
  /** The noteable's global id (for createNote). */
  noteableId: string | null;
  discussionLocked: boolean;
  canCreateNote: boolean;
  canMarkInternal: boolean;
  discussions: readonly DiscussionFieldsFragment[];
  count: number;
  /** Nothing to show yet. */
  loading: boolean;
  /** More pages are on their way. */
  loadingMore: boolean;
  /** The first page (or a later one) failed. */
  error: boolean;
  retry: () => void;
  /** The noteable does not exist or is hidden. */
  missing: boolean;
};

/**
 * A noteable's discussions with the filter and sort, from the section's own store (decision 0067):
 * the first page, then every further page in the background into the same list (GitLab's notes load
 * the same way), so a long thread is complete within a second while its beginning shows at once.
 * The noteable's lock and the viewer's permissions are read from Apollo's cache, where the page's
 * own edits (locking the discussion) change them.
 */
export function useDiscussions(
  noteable: Noteable,
  filter: NotesFilterType,
  sort: SortDirectionEnum,
  skip: boolean,
): DiscussionsState {
  const client = useApolloClient();
  const store = discussionStoreOf(client);
  const key = listKey(noteable, filter, sort);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names noteable, filter and sort
  const subscribe = useCallback(
    (listener: () => void) => (skip ? () => undefined : store.subscribe(noteable, filter, sort, listener)),
    [store, key, skip],
  );
  // A list waiting for the viewer's filter and sort shows as loading.
  const read = () => (skip ? INITIAL_THREAD : store.state(noteable, filter, sort));
  const state = useSyncExternalStore(subscribe, read, read);
  const hasNext = state.next !== null;

  // The first page (a no-op when the prefetch's is on its way or came), then the further pages: joins
  // the run the prefetch started, or starts one; a list the viewer left (another filter or sort,
  // another page) stops after the pages on their way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names noteable, filter and sort
  useEffect(() => {
    if (!skip) void store.loadFirstPage(noteable, filter, sort);
  }, [store, key, skip]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names noteable, filter and sort; a run started goes on by itself
  useEffect(() => {
    if (skip || state.status !== 'ready' || !hasNext || state.moreFailed) return;
    void store.loadRest(noteable, filter, sort);
    return () => store.abandon(noteable, filter, sort);
  }, [store, key, skip, state.status, hasNext, state.moreFailed]);

  const fields = state.noteable;
  const from = fields ? (client.cache.identify({ __typename: noteable.type, id: fields.id }) ?? null) : null;
  const issue = useFragment({
    fragment: IssueDiscussionNoteableFragmentDoc,
    from: noteable.type === 'Issue' ? from : null,
  });
  const epic = useFragment({
    fragment: EpicDiscussionNoteableFragmentDoc,
    from: noteable.type === 'Epic' ? from : null,
  });
  const cached = noteable.type === 'Issue' ? (issue.complete ? issue.data : null) : epic.complete ? epic.data : null;
  const permissions = cached?.userPermissions ?? fields;

  return {
    noteableId: fields?.id ?? null,
    discussionLocked: issue.complete ? issue.data.discussionLocked : (fields?.discussionLocked ?? false),
    canCreateNote: permissions?.createNote ?? false,
    canMarkInternal: permissions?.markNoteAsInternal ?? false,
    discussions: state.discussions,
    count: state.count,
    loading: state.status === 'loading',
    loadingMore: state.loadingMore || (hasNext && !state.moreFailed),
    error: state.status === 'failed' || state.moreFailed,
    retry: () => void store.retry(noteable, filter, sort),
    missing: state.status === 'ready' && !fields,
  };
}
