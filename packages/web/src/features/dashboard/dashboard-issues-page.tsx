import { useQuery } from '@apollo/client/react';
import {
  type FilterToken,
  type FilterValue,
  filterValueToIssuesQuery,
  ISSUE_LIST_SORTS,
  ISSUE_TOKEN_SET,
  type IssueListSort,
  type IssueListState,
  type IssuesListView,
  issuesListViewToUrl,
} from '@milepost/shared';
import { useEffect } from 'react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { FilteredSearch } from '../../components/filtered-search/filtered-search.tsx';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { DashboardIssuesQueryDocument } from '../../gql/graphql.ts';
import { routes } from '../../lib/routes.ts';
import styles from '../issues/list/issues-list.module.css';
import { IssuesListEmpty } from '../issues/list/issues-list-empty.tsx';
import { IssuesListRows } from '../issues/list/issues-list-rows.tsx';
import { ISSUES_FETCH_ERROR } from '../issues/list/use-issues-list.ts';
import { useIssuesListView } from '../issues/list/use-issues-list-view.ts';

/** The tokens a dashboard list offers: whose work, and what it is about (no group to suggest labels from). */
const DASHBOARD_TOKEN_TYPES = ['assignee', 'author', 'label', 'confidential', 'my-reaction', 'type'] as const;

const SORT_OPTIONS = ISSUE_LIST_SORTS.filter((entry) => entry.sort !== 'RELATIVE_POSITION_ASC').map((entry) => ({
  id: entry.sort,
  label: `${entry.title} (${entry.desc ? 'descending' : 'ascending'})`,
}));

type Mine = 'assigned' | 'created';

/** Which of 'Assigned to me' / 'Created by me' the filter is, if exactly one of them. */
function mineOf(tokens: readonly FilterToken[], username: string): Mine | null {
  if (tokens.length !== 1 || tokens[0]?.operator !== '=' || tokens[0].value !== username) return null;
  return tokens[0].type === 'assignee' ? 'assigned' : tokens[0].type === 'author' ? 'created' : null;
}

const mineFilter = (mine: Mine, username: string): FilterValue => ({
  tokens: [{ type: mine === 'assigned' ? 'assignee' : 'author', operator: '=', value: username }],
  search: '',
});

/** The list's address for a view (GitLab's query keys). */
const hrefOf = (view: IssuesListView) =>
  `${routes.dashboardIssues()}?${new URLSearchParams(issuesListViewToUrl(view)).toString()}`;

/**
 * `/dashboard/issues`: the issues assigned to you (or created by you, or any other filter) across
 * every project — the issue list's filtered search, state tabs, sort, rows and keyset pages.
 */
export function DashboardIssuesPage() {
  const { currentUser } = useCurrentUser();
  const username = currentUser?.username ?? '';
  const { view, pageSize, update } = useIssuesListView();
  const empty = view.filter.tokens.length === 0 && view.filter.search === '';

  // GitLab's dashboard needs a filter: with none, it shows what is assigned to you.
  useEffect(() => {
    if (empty && username) update({ filter: mineFilter('assigned', username) }, { replace: true });
  }, [empty, username, update]);

  const { filters } = filterValueToIssuesQuery(view.filter, view.searchIn);
  const paging = view.before ? { last: pageSize, before: view.before } : { first: pageSize, after: view.after };
  const result = useQuery(DashboardIssuesQueryDocument, {
    variables: { filters, state: view.state, sort: view.sort, ...paging },
    skip: empty,
    fetchPolicy: 'cache-and-network',
  });
  useErrorAlert(result.error, ISSUES_FETCH_ERROR);
  const data = result.data ?? result.previousData;
  const connection = data?.issues;
  const issues = connection?.nodes ?? [];
  const counts = data?.issueStatusCounts;
  const mine = mineOf(view.filter.tokens, username);

  const states: { state: IssueListState; label: string; count: number | null }[] = [
    { state: 'opened', label: 'Open', count: counts?.opened ?? null },
    { state: 'closed', label: 'Closed', count: counts?.closed ?? null },
    { state: 'all', label: 'All', count: counts?.all ?? null },
  ];
  const pageInfo = connection?.pageInfo;

  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={[
          { label: 'Your work', to: routes.dashboardGroups() },
          { label: 'Issues', to: routes.dashboardIssues() },
        ]}
        title="Issues"
      />
      <StateTabs<Mine | 'other'>
        label="Whose issues"
        tabs={[
          { state: 'assigned', label: 'Assigned to me', count: null },
          { state: 'created', label: 'Created by me', count: null },
        ]}
        current={mine ?? 'other'}
        hrefFor={(m) => hrefOf({ ...view, filter: mineFilter(m as Mine, username), after: null, before: null })}
      />
      <StateTabs
        label="Issue states"
        tabs={states}
        current={view.state}
        hrefFor={(state) => hrefOf({ ...view, state, after: null, before: null })}
      />
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <FilteredSearch
            namespacePath=""
            tokenTypes={[...DASHBOARD_TOKEN_TYPES]}
            tokenSet={ISSUE_TOKEN_SET}
            value={view.filter}
            onSubmit={(filter) => update({ filter })}
            recentSearchesKey="dashboard-issues"
            signedIn
          />
        </div>
        <SelectField
          label="Sort by"
          hideLabel
          compact
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(value) => update({ sort: value as IssueListSort })}
        />
      </div>
      {!connection ? (
        <SkeletonList rows={Math.min(pageSize, 8)} label="Loading issues" />
      ) : issues.length === 0 ? (
        <IssuesListEmpty
          filtered
          hasAny
          onClear={() => update({ filter: mineFilter('assigned', username), state: 'opened' })}
          signedIn
        />
      ) : (
        <IssuesListRows
          issues={issues}
          fullReference
          onLabelClick={(title) => {
            if (view.filter.tokens.some((t) => t.type === 'label' && t.operator === '=' && t.value === title)) return;
            const label: FilterToken = { type: 'label', operator: '=', value: title };
            update({ filter: { ...view.filter, tokens: [...view.filter.tokens, label] } });
          }}
          selectable={false}
          selected={new Set()}
          onSelectedChange={() => {}}
          reorderable={false}
          onReordered={async () => {}}
        />
      )}
      <ListPager
        previousHref={
          pageInfo?.hasPreviousPage && pageInfo.startCursor
            ? hrefOf({ ...view, before: pageInfo.startCursor, after: null })
            : null
        }
        nextHref={
          pageInfo?.hasNextPage && pageInfo.endCursor
            ? hrefOf({ ...view, after: pageInfo.endCursor, before: null })
            : null
        }
      />
    </div>
  );
}
