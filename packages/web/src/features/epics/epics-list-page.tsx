import {
  EPICS_LIST_SORT_FIELDS,
  FILTER_TOKEN_TYPES,
  firstPage,
  ISSUABLE_LIST_STATES,
  isFiltered,
  type ListState,
} from '@milepost/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { FilteredSearch } from '../../components/filtered-search/filtered-search.tsx';
import { ListPager } from '../../components/issuable-list/list-pager.tsx';
import { SortControl } from '../../components/issuable-list/sort-control.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import styles from './list/epics-list.module.css';
import { EpicsListEmptyState } from './list/epics-list-empty-state.tsx';
import { EpicsListRows } from './list/epics-list-rows.tsx';
import { useEpicsList } from './list/use-epics-list.ts';
import { useEpicsListView } from './list/use-epics-list-view.ts';

export const EPICS_FETCH_ERROR = 'There was a problem fetching epics.';

const TAB_LABELS: Record<ListState, string> = { opened: 'Open', closed: 'Closed', merged: 'Merged', all: 'All' };

/**
 * `/groups/<path>/-/epics`: the group's epics (with its subgroups') in Open / Closed / All tabs, the
 * filtered search, sort, pages of 20 and 'New epic'. The whole view is in the URL.
 */
export function EpicsListPage({ group }: { group: ResolvedGroup }) {
  const { view, stateHref, hrefFor, setFilter, setSort } = useEpicsListView();
  const list = useEpicsList(group.fullPath, view);
  const { currentUser } = useCurrentUser();
  useErrorAlert(list.error, EPICS_FETCH_ERROR);
  // Another page (Previous / Next at the list's foot) starts at the top, as GitLab's lists do.
  const pageKey = `${view.page}|${view.next}|${view.prev}`;
  const shownPage = useRef(pageKey);
  useEffect(() => {
    if (shownPage.current === pageKey) return;
    shownPage.current = pageKey;
    window.scrollTo({ top: 0 });
  }, [pageKey]);

  const filtered = isFiltered(view.filter);
  const { pageInfo } = list;
  const previousHref =
    view.page > 1
      ? hrefFor(
          view.page === 2
            ? firstPage(view)
            : { ...view, page: view.page - 1, next: null, prev: pageInfo?.startCursor ?? null },
        )
      : null;
  const nextHref =
    pageInfo?.hasNextPage && pageInfo.endCursor
      ? hrefFor({ ...view, page: view.page + 1, next: pageInfo.endCursor, prev: null })
      : null;
  const pages = list.total !== null ? Math.max(1, Math.ceil(list.total / PAGE_SIZE)) : null;
  const labelHref = (title: string) =>
    hrefFor(
      firstPage({
        ...view,
        filter: { ...view.filter, tokens: [...view.filter.tokens, { type: 'label', operator: '=', value: title }] },
      }),
    );

  let body: ReactNode;
  if (list.loading) body = <SkeletonList rows={6} label="Loading epics" />;
  else if (list.error && list.epics.length === 0) body = null;
  else if (list.epics.length === 0 || list.missing) {
    body = (
      <EpicsListEmptyState
        groupFullPath={group.fullPath}
        state={view.state}
        filtered={filtered}
        anyEpics={(list.counts.all ?? 0) > 0}
        canCreateEpic={list.canCreateEpic}
        firstPageHref={view.page > 1 && !list.missing && (list.total ?? 0) > 0 ? hrefFor(firstPage(view)) : null}
      />
    );
  } else {
    body = (
      <>
        <EpicsListRows
          epics={list.epics}
          groupPath={list.queriedPath}
          labelHref={labelHref}
          reorderable={view.sort === 'relative_position' && !!currentUser}
          onReordered={list.refetch}
        />
        <ListPager
          previousHref={previousHref}
          nextHref={nextHref}
          status={pages !== null ? `Page ${Math.min(view.page, pages)} of ${pages}` : undefined}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Epics', to: routes.groupEpics(group.fullPath) },
        ]}
        title="Epics"
        actions={
          list.canCreateEpic && (
            <ButtonLink variant="primary" to={routes.newEpic(group.fullPath)}>
              New epic
            </ButtonLink>
          )
        }
      />
      <div className={styles.tabsRow}>
        <StateTabs
          tabs={ISSUABLE_LIST_STATES.map((state) => ({
            state,
            label: TAB_LABELS[state],
            count: list.counts[state as 'opened' | 'closed' | 'all'],
          }))}
          current={view.state}
          hrefFor={stateHref}
        />
      </div>
      <div className={styles.filters}>
        <div className={styles.filteredSearch}>
          <FilteredSearch
            namespacePath={group.fullPath}
            tokenTypes={[...FILTER_TOKEN_TYPES]}
            value={view.filter}
            onSubmit={setFilter}
            recentSearchesKey="epics"
            signedIn={currentUser !== null}
          />
        </div>
        <SortControl fields={EPICS_LIST_SORT_FIELDS} value={view.sort} onChange={setSort} />
      </div>
      {body}
    </>
  );
}
