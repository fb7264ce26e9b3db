import { useQuery } from '@apollo/client/react';
import {
  EPICS_LIST_SORT_FIELDS,
  epicsListSortToGraphql,
  type FilterTokenType,
  type FilterValue,
  filterValueToEpicsQuery,
  firstPage,
  ISSUABLE_LIST_STATES,
  isFiltered,
  type ListState,
} from '@milepost/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { FilteredSearch } from '../../components/filtered-search/filtered-search.tsx';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { SortControl } from '../../components/issuable-list/sort-control.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { DashboardEpicsQueryDocument, type EpicSort, type EpicState } from '../../gql/graphql.ts';
import { nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { EPICS_FETCH_ERROR } from '../epics/epics-list-page.tsx';
import { EpicsListRows } from '../epics/list/epics-list-rows.tsx';
import { useEpicsListView } from '../epics/list/use-epics-list-view.ts';
import styles from '../issues/list/issues-list.module.css';

const TAB_LABELS: Record<ListState, string> = { opened: 'Open', closed: 'Closed', merged: 'Merged', all: 'All' };
/** Tokens that need no group to suggest from (epics have no assignees: 'Created by me' is the start). */
const DASHBOARD_EPIC_TOKENS: FilterTokenType[] = ['author', 'label', 'confidential', 'my-reaction'];

const createdBy = (username: string): FilterValue => ({
  tokens: [{ type: 'author', operator: '=', value: username }],
  search: '',
});

/**
 * `/dashboard/epics`: the epics you created (or any other filter) across every group you may read —
 * the epics list's state tabs, filtered search, sort, rows and pages.
 */
export function DashboardEpicsPage() {
  const { currentUser } = useCurrentUser();
  const username = currentUser?.username ?? '';
  const { view, stateHref, hrefFor, setFilter, setSort } = useEpicsListView();
  const navigate = useNavigate();
  const filtered = isFiltered(view.filter);

  // Listing every epic of the instance is not offered: with no filter, the epics you created.
  useEffect(() => {
    if (!filtered && username)
      navigate(hrefFor(firstPage({ ...view, filter: createdBy(username) })), { replace: true });
  }, [filtered, username, navigate, hrefFor, view]);

  const { filters } = filterValueToEpicsQuery(view.filter);
  const paging = view.next
    ? { first: PAGE_SIZE, after: view.next }
    : view.prev
      ? { last: PAGE_SIZE, before: view.prev }
      : { first: PAGE_SIZE };
  const { data, loading, error, refetch } = useQuery(DashboardEpicsQueryDocument, {
    variables: {
      state: view.state as EpicState,
      sort: epicsListSortToGraphql(view.sort) as EpicSort,
      filters,
      ...paging,
    },
    skip: !filtered,
  });
  useErrorAlert(error, EPICS_FETCH_ERROR);
  const connection = data?.epics;
  const epics = nodesOf(connection);
  const opened = data?.opened?.count ?? null;
  const closed = data?.closed?.count ?? null;
  const counts = { opened, closed, all: opened !== null && closed !== null ? opened + closed : null };
  const pageInfo = connection?.pageInfo;
  const pages = connection ? Math.max(1, Math.ceil(connection.count / PAGE_SIZE)) : null;

  const labelHref = (title: string) =>
    hrefFor(
      firstPage({
        ...view,
        filter: { ...view.filter, tokens: [...view.filter.tokens, { type: 'label', operator: '=', value: title }] },
      }),
    );

  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={[
          { label: 'Your work', to: routes.dashboardGroups() },
          { label: 'Epics', to: routes.dashboardEpics() },
        ]}
        title="Epics"
      />
      <StateTabs
        tabs={ISSUABLE_LIST_STATES.map((state) => ({
          state,
          label: TAB_LABELS[state],
          count: counts[state as 'opened' | 'closed' | 'all'],
        }))}
        current={view.state}
        hrefFor={stateHref}
      />
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <FilteredSearch
            namespacePath=""
            tokenTypes={DASHBOARD_EPIC_TOKENS}
            value={view.filter}
            onSubmit={setFilter}
            recentSearchesKey="dashboard-epics"
            signedIn
          />
        </div>
        <SortControl fields={EPICS_LIST_SORT_FIELDS} value={view.sort} onChange={setSort} />
      </div>
      {(loading && !data) || !filtered ? (
        <SkeletonList rows={6} label="Loading epics" />
      ) : epics.length === 0 ? (
        <EmptyState
          icon="epic"
          title="Sorry, your filter produced no results"
          description="To widen your search, change or remove filters above."
        />
      ) : (
        <>
          <EpicsListRows epics={epics} groupPath="" labelHref={labelHref} reorderable={false} onReordered={refetch} />
          <ListPager
            previousHref={
              view.page > 1
                ? hrefFor(
                    view.page === 2
                      ? firstPage(view)
                      : { ...view, page: view.page - 1, next: null, prev: pageInfo?.startCursor ?? null },
                  )
                : null
            }
            nextHref={
              pageInfo?.hasNextPage && pageInfo.endCursor
                ? hrefFor({ ...view, page: view.page + 1, next: pageInfo.endCursor, prev: null })
                : null
            }
            status={pages !== null ? `Page ${Math.min(view.page, pages)} of ${pages}` : undefined}
          />
        </>
      )}
    </div>
  );
}
