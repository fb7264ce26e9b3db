import { useQuery } from '@apollo/client/react';
import { filterValueToIssuesQuery, type IssuesListView } from '@milepost/shared';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { useEarlyAnswerPolicy } from '../../../app/use-early-answer-policy.ts';
import {
  IssuesListCountsQueryDocument,
  type IssuesListCountsQueryQueryVariables,
  IssuesListEpicQueryDocument,
  IssuesListQueryDocument,
  type IssuesListQueryQueryVariables,
} from '../../../gql/graphql.ts';

/** GitLab's list error wording. */
export const ISSUES_FETCH_ERROR = 'An error occurred while loading issues';

type Scope = { fullPath: string; isProject: boolean; groupPath: string };

/**
 * The variables of the list's page and of the tabs' counts for a view; `epicLookup`: the iid of an
 * epic token, which the page resolves to the epic's id first (`epicId`: its answer, undefined while
 * it is being asked).
 */
export function issuesListVariables(scope: Scope, view: IssuesListView, pageSize: number, epicId?: string | null) {
  const { filters, epicIid, notEpicIid } = filterValueToIssuesQuery(view.filter, view.searchIn);
  const filterVariables = {
    fullPath: scope.fullPath,
    isProject: scope.isProject,
    filters: {
      ...filters,
      ...(epicIid !== null && epicId ? { epicId } : {}),
      ...(notEpicIid !== null && epicId ? { not: { ...filters.not, epicId } } : {}),
    },
  } satisfies IssuesListCountsQueryQueryVariables;
  const paging = view.before ? { last: pageSize, before: view.before } : { first: pageSize, after: view.after };
  const variables: IssuesListQueryQueryVariables = {
    ...filterVariables,
    state: view.state,
    sort: view.sort,
    ...paging,
  };
  return { filterVariables, variables, epicLookup: epicIid ?? notEpicIid };
}

/**
 * The issues of one page of the list and the state tabs' counts, for the view in the URL. An epic
 * token (by iid in the list's group) is resolved to the epic's id first; an epic that cannot be
 * read matches nothing, as a hidden one must.
 */
export function useIssuesList(scope: Scope, view: IssuesListView, pageSize: number) {
  const { epicIid, notEpicIid } = filterValueToIssuesQuery(view.filter, view.searchIn);
  const epicLookup = epicIid ?? notEpicIid;
  const epic = useQuery(IssuesListEpicQueryDocument, {
    variables: { groupPath: scope.groupPath, iid: epicLookup ?? '' },
    skip: epicLookup === null,
  });
  const epicId =
    epicLookup === null ? null : epic.data ? (epic.data.group?.epic?.id ?? 'gid://gitlab/Epic/0') : undefined;

  const { filterVariables, variables } = issuesListVariables(scope, view, pageSize, epicId);
  const waiting = epicLookup !== null && epicId === undefined;

  const listPolicy = useEarlyAnswerPolicy('IssuesListQuery', variables);
  const countsPolicy = useEarlyAnswerPolicy('IssuesListCountsQuery', filterVariables);
  const list = useQuery(IssuesListQueryDocument, { variables, skip: waiting, fetchPolicy: listPolicy });
  const counts = useQuery(IssuesListCountsQueryDocument, {
    variables: filterVariables,
    skip: waiting,
    fetchPolicy: countsPolicy,
  });
  useErrorAlert(list.error ?? epic.error, ISSUES_FETCH_ERROR);

  const data = list.data ?? (list.loading ? undefined : list.previousData);
  const connection = data?.project?.issues ?? data?.group?.issues;
  const countsData = counts.data?.project?.issueStatusCounts ?? counts.data?.group?.issueStatusCounts;
  return {
    connection,
    issues: connection?.nodes ?? [],
    loading: list.loading || waiting,
    counts: countsData ?? null,
    refetch: async () => {
      await Promise.all([list.refetch(), counts.refetch()]);
    },
  };
}
