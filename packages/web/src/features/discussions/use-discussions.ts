import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type DiscussionFieldsFragment,
  type DiscussionPageFragment,
  EpicDiscussionsQueryDocument,
  type EpicDiscussionsQueryQuery,
  IssueDiscussionsQueryDocument,
  type IssueDiscussionsQueryQuery,
  type NotesFilterType,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { nodesOf } from '../../lib/paging.ts';
import type { Noteable } from './noteable.ts';
import { firstPageVariables } from './prefetch-discussions.ts';

/** GitLab's largest page. */
export const NEXT_PAGE_SIZE = 100;

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
  // The filter and sort whose further pages are being fetched (null: none).
  const fetching = useRef<string | null>(null);
  const fetchMore = query.fetchMore;
  const listKey = `${noteable.type}/${noteable.fullPath}/${noteable.iid}:${filter}:${sort}`;
  const current = useRef(listKey);
  current.current = listKey;

  const endCursor = connection?.pageInfo.endCursor ?? null;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  useEffect(() => {
    if (!hasNextPage || !endCursor || moreError || fetching.current === listKey) return;
    fetching.current = listKey;
    setLoadingMore(true);
    const load = async () => {
      let after: string | null = endCursor;
      // Each page is asked for as soon as the previous one arrived, not once it was rendered; a
      // list the viewer left (another filter or sort) stops.
      while (after && current.current === listKey) {
        after = nextCursor(await fetchMore({ variables: { after, first: NEXT_PAGE_SIZE } }));
      }
    };
    load()
      .catch(() => setMoreError(true))
      .finally(() => {
        if (fetching.current === listKey) fetching.current = null;
        setLoadingMore(false);
      });
  }, [hasNextPage, endCursor, moreError, fetchMore, listKey]);

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

/** Where the page after a fetched one starts (null: it was the last). */
function nextCursor({ data }: { data?: IssueDiscussionsQueryQuery | EpicDiscussionsQueryQuery }): string | null {
  const node = data && 'project' in data ? data.project?.issue : data && 'group' in data ? data.group?.epic : null;
  const page: DiscussionPageFragment | undefined = node?.discussions;
  return page?.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
}
