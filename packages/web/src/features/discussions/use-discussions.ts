import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import {
  type DiscussionFieldsFragment,
  EpicDiscussionsQueryDocument,
  IssueDiscussionsQueryDocument,
  type NotesFilterType,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import { abandonPages, firstPageVariables, listKey, loadRemainingPages } from './load-pages.ts';
import type { Noteable } from './noteable.ts';

export type DiscussionsState = {
  /** The noteable's global id (for createNote) and its cache id (for cache edits). */
  noteableId: string | null;
  noteableCacheId: string | null;
  discussionLocked: boolean;
  canCreateNote: boolean;
  canMarkInternal: boolean;
  discussions: DiscussionFieldsFragment[];
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
 * A noteable's discussions with the filter and sort: the first page, then every further page one
 * after another in the background into the same cached list (GitLab's notes load the same way),
 * so a long thread is complete within a second while its beginning shows at once.
 */
export function useDiscussions(
  noteable: Noteable,
  filter: NotesFilterType,
  sort: SortDirectionEnum,
  skip: boolean,
): DiscussionsState {
  const variables = firstPageVariables(noteable, filter, sort);
  const issue = useQuery(IssueDiscussionsQueryDocument, { variables, skip: skip || noteable.type !== 'Issue' });
  const epic = useQuery(EpicDiscussionsQueryDocument, { variables, skip: skip || noteable.type !== 'Epic' });
  const query = noteable.type === 'Issue' ? issue : epic;
  const node = noteable.type === 'Issue' ? issue.data?.project?.issue : epic.data?.group?.epic;
  const connection = node?.discussions;
  const [moreError, setMoreError] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const client = useApolloClient();
  const key = listKey(noteable, filter, sort);

  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const morePages = hasNextPage && endCursor !== null;
  const loaded = connection?.nodes?.length ?? 0;
  const count = connection?.count ?? 0;
  // The further pages: joins the run the prefetch started when the first page arrived, or starts
  // one; a list the viewer left (another filter or sort, another page) stops after the pages on their way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names noteable, filter and sort; a run started goes on by itself
  useEffect(() => {
    if (!morePages || !endCursor || moreError) return;
    let current = true;
    setLoadingMore(true);
    loadRemainingPages(client, noteable, filter, sort, { after: endCursor, loaded, count })
      .catch(() => {
        if (current) setMoreError(true);
      })
      .finally(() => setLoadingMore(false));
    return () => {
      current = false;
      abandonPages(client, key);
    };
  }, [client, key, moreError, morePages]);

  const discussions = useMemo(() => nodesOf(connection), [connection]);
  const data = noteable.type === 'Issue' ? issue.data : epic.data;
  const issueNode = noteable.type === 'Issue' ? issue.data?.project?.issue : null;
  return {
    noteableId: node?.id ?? null,
    noteableCacheId: node ? `${noteable.type}:${node.id}` : null,
    discussionLocked: issueNode?.discussionLocked ?? false,
    canCreateNote: node?.userPermissions.createNote ?? false,
    canMarkInternal: node?.userPermissions.markNoteAsInternal ?? false,
    discussions,
    count: connection?.count ?? 0,
    loading: !data && !query.error,
    loadingMore: loadingMore || (hasNextPage && !moreError),
    error: Boolean(query.error) || moreError,
    retry: () => {
      if (moreError) setMoreError(false);
      else void query.refetch();
    },
    missing: Boolean(data) && !node,
  };
}
