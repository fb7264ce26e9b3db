import { useQuery } from '@apollo/client/react';
import {
  type FilterValue,
  ISSUE_FILTER_TOKEN_TYPES,
  ISSUE_LIST_SORTS,
  ISSUE_PAGE_SIZES,
  ISSUE_TOKEN_SET,
  type IssueListSort,
  type IssueListState,
} from '@milepost/shared';
import { useMemo, useState } from 'react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../../app/shell/page-header.tsx';
import { FilteredSearch } from '../../../components/filtered-search/filtered-search.tsx';
import { ListPager } from '../../../components/issuable-list/list-pager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { IssuesListContextQueryDocument } from '../../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../../lib/routes.ts';
import { IssuesBulkEdit } from './issues-bulk-edit.tsx';
import styles from './issues-list.module.css';
import { IssuesListEmpty } from './issues-list-empty.tsx';
import { IssuesListRows } from './issues-list-rows.tsx';
import { NewIssueButton } from './new-issue-button.tsx';
import { useIssuesList } from './use-issues-list.ts';
import { useIssuesListView } from './use-issues-list-view.ts';

export type IssuesListScope =
  | { kind: 'project'; fullPath: string; name: string; nameWithNamespace: string }
  | { kind: 'group'; fullPath: string; name: string; fullName: string };

const STATES: { state: IssueListState; title: string; key: 'opened' | 'closed' | 'all' }[] = [
  { state: 'opened', title: 'Open', key: 'opened' },
  { state: 'closed', title: 'Closed', key: 'closed' },
  { state: 'all', title: 'All', key: 'all' },
];

const SORT_OPTIONS = ISSUE_LIST_SORTS.map((entry) => ({
  id: entry.sort,
  label:
    entry.sort === 'RELATIVE_POSITION_ASC'
      ? entry.title
      : `${entry.title} (${entry.desc ? 'descending' : 'ascending'})`,
}));

/** The list's query string for the downloads: the filter, state and sort, without paging. */
function downloadQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of ['page_after', 'page_before', 'first_page_size', 'last_page_size']) params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * `/<project>/-/issues` and `/groups/<group>/-/issues` (with subgroups): state tabs with counts,
 * the filtered search with the issue tokens, sort, rows, keyset paging and page size — all in the
 * URL with GitLab's keys — plus bulk edit (Reporter+), manual reorder, CSV export and the Atom feed.
 */
export function IssuesListPage({ scope }: { scope: IssuesListScope }) {
  const isProject = scope.kind === 'project';
  const groupPath = isProject ? scope.fullPath.split('/').slice(0, -1).join('/') : scope.fullPath;
  const context = useQuery(IssuesListContextQueryDocument, {
    variables: { fullPath: scope.fullPath, isProject, groupPath },
  });
  useErrorAlert(context.error, 'Something went wrong while loading this page.');
  const { view, pageSize, update, hrefFor, setPageSize, query } = useIssuesListView();
  const list = useIssuesList({ fullPath: scope.fullPath, isProject, groupPath }, view, pageSize);
  const [bulkEditing, setBulkEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const signedIn = !!context.data?.currentUser;
  const canBulkEdit = isProject
    ? !!context.data?.project?.userPermissions.adminIssue
    : !!context.data?.group?.userPermissions.adminIssue;
  const parentId = isProject ? context.data?.project?.id : context.data?.group?.id;
  const listPath = isProject ? routes.projectIssues(scope.fullPath) : routes.groupIssues(scope.fullPath);
  const filtered = view.filter.tokens.length > 0 || view.filter.search !== '';
  const manual = view.sort === 'RELATIVE_POSITION_ASC';
  const issueIds = useMemo(() => list.issues.map((issue) => issue.id), [list.issues]);

  const breadcrumbs = [
    ...namespaceBreadcrumbs(scope.fullPath, isProject ? scope.nameWithNamespace : scope.fullName),
    { label: 'Issues', to: listPath },
  ];
  const setFilter = (filter: FilterValue) => update({ filter });
  const addLabel = (title: string) => {
    if (view.filter.tokens.some((t) => t.type === 'label' && t.operator === '=' && t.value === title)) return;
    setFilter({ ...view.filter, tokens: [...view.filter.tokens, { type: 'label', operator: '=', value: title }] });
  };

  const pageInfo = list.connection?.pageInfo;
  const stateCount = (key: 'opened' | 'closed' | 'all') => list.counts?.[key];

  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={breadcrumbs}
        title="Issues"
        actions={
          <>
            <a
              className={styles.iconLink}
              href={`${listPath}.atom${downloadQuery(query)}`}
              title="Subscribe to RSS feed"
            >
              <Icon name="rss" />
              <span className="visually-hidden">Subscribe to RSS feed</span>
            </a>
            <a
              className={styles.iconLink}
              href={`${listPath}/export_csv${downloadQuery(query)}`}
              download
              title="Export as CSV"
            >
              <Icon name="download" />
              <span className="visually-hidden">Export as CSV</span>
            </a>
            {canBulkEdit && (
              <Button
                onPress={() => {
                  setBulkEditing(!bulkEditing);
                  setSelected(new Set());
                }}
              >
                {bulkEditing ? 'Cancel editing' : 'Bulk edit'}
              </Button>
            )}
            {signedIn && <NewIssueButton scope={scope} groupPath={groupPath} />}
          </>
        }
      />
      <nav className={styles.tabs} aria-label="Issue states">
        {STATES.map(({ state, title, key }) => (
          <button
            key={state}
            type="button"
            className={styles.tab}
            aria-current={view.state === state ? 'page' : undefined}
            onClick={() => update({ state })}
          >
            {title}
            <span className={styles.tabCount}>{stateCount(key) ?? '–'}</span>
          </button>
        ))}
      </nav>
      <div className={styles.toolbar}>
        <div className={styles.search}>
          <FilteredSearch
            namespacePath={groupPath}
            tokenTypes={[...ISSUE_FILTER_TOKEN_TYPES]}
            tokenSet={ISSUE_TOKEN_SET}
            value={view.filter}
            onSubmit={setFilter}
            recentSearchesKey="issues"
            signedIn={signedIn}
          />
        </div>
        {view.filter.search && (
          <SelectField
            label="Search within"
            hideLabel
            compact
            className={styles.searchIn}
            options={[
              { id: 'BOTH', label: 'Titles and descriptions' },
              { id: 'TITLE', label: 'Titles' },
              { id: 'DESCRIPTION', label: 'Descriptions' },
            ]}
            value={view.searchIn ?? 'BOTH'}
            onChange={(value) => update({ searchIn: value === 'BOTH' ? null : (value as 'TITLE' | 'DESCRIPTION') })}
          />
        )}
        <SelectField
          label="Sort by"
          hideLabel
          compact
          className={styles.sort}
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(value) => update({ sort: value as IssueListSort })}
        />
      </div>
      <div className={styles.body}>
        <div className={styles.listColumn}>
          {list.loading && list.issues.length === 0 ? (
            <SkeletonList rows={Math.min(pageSize, 8)} label="Loading issues" />
          ) : list.issues.length === 0 ? (
            <IssuesListEmpty
              filtered={filtered || view.state !== 'opened'}
              hasAny={(list.counts?.all ?? 0) > 0 || filtered}
              onClear={() => update({ filter: { tokens: [], search: '' }, state: 'opened' })}
              signedIn={signedIn}
            />
          ) : (
            <>
              {bulkEditing && (
                <label className={styles.selectAll}>
                  <input
                    type="checkbox"
                    checked={issueIds.length > 0 && issueIds.every((id) => selected.has(id))}
                    onChange={(event) => setSelected(event.target.checked ? new Set(issueIds) : new Set())}
                  />
                  Select all
                </label>
              )}
              <IssuesListRows
                issues={list.issues}
                fullReference={!isProject}
                onLabelClick={addLabel}
                selectable={bulkEditing}
                selected={selected}
                onSelectedChange={(id, on) => {
                  const next = new Set(selected);
                  if (on) next.add(id);
                  else next.delete(id);
                  setSelected(next);
                }}
                reorderable={manual && signedIn && !bulkEditing}
                onReordered={list.refetch}
              />
            </>
          )}
          <div className={styles.footer} hidden={list.issues.length === 0 && !pageInfo?.hasPreviousPage}>
            <ListPager
              className={styles.pager}
              previousHref={
                pageInfo?.hasPreviousPage && pageInfo.startCursor
                  ? hrefFor({ before: pageInfo.startCursor, after: null }, { keepPage: true })
                  : null
              }
              nextHref={
                pageInfo?.hasNextPage && pageInfo.endCursor
                  ? hrefFor({ after: pageInfo.endCursor, before: null }, { keepPage: true })
                  : null
              }
            />
            <SelectField
              label="Show"
              compact
              className={styles.pageSize}
              options={ISSUE_PAGE_SIZES.map((size) => ({ id: String(size), label: `${size} items` }))}
              value={String(pageSize)}
              onChange={(value) => setPageSize(Number(value))}
            />
          </div>
        </div>
        {bulkEditing && parentId && (
          <IssuesBulkEdit
            groupPath={groupPath}
            parentId={parentId}
            selectedIds={[...selected]}
            onDone={async () => {
              setSelected(new Set());
              await list.refetch();
            }}
            onCancel={() => {
              setBulkEditing(false);
              setSelected(new Set());
            }}
          />
        )}
      </div>
    </div>
  );
}
