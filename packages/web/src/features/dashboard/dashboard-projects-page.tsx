import { useQuery } from '@apollo/client/react';
import { useLocation, useSearchParams } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { SortControl, type SortField } from '../../components/issuable-list/sort-control.tsx';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DashboardProjectsQueryDocument, type ProjectSort } from '../../gql/graphql.ts';
import { appendPageAt, appendPageIn, loadMoreOf, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { ProjectRow } from '../projects/components/project-row.tsx';
import styles from './dashboard.module.css';
import { NameFilter, NamespaceList } from './namespace-list.tsx';

type Tab = 'contributed' | 'member';
export type ProjectSortKey =
  | 'name_asc'
  | 'name_desc'
  | 'created_asc'
  | 'created_desc'
  | 'latest_activity_asc'
  | 'latest_activity_desc';

export const PROJECT_SORT_FIELDS: readonly SortField<ProjectSortKey>[] = [
  { text: 'Name', ascending: 'name_asc', descending: 'name_desc' },
  { text: 'Created date', ascending: 'created_asc', descending: 'created_desc' },
  { text: 'Updated date', ascending: 'latest_activity_asc', descending: 'latest_activity_desc' },
];
const SORT_KEYS = PROJECT_SORT_FIELDS.flatMap((f) => [f.ascending, f.descending]);
const DEFAULT_SORT: ProjectSortKey = 'latest_activity_desc';

/**
 * `/dashboard/projects` (projects you contributed to: opened, closed or commented on something
 * there) and `/dashboard/projects/member` (projects you are a member of, directly or through a
 * group), as GitLab's 'Your projects': tabs with counts, a name filter and the sort in the URL.
 */
export function DashboardProjectsPage() {
  const tab: Tab = useLocation().pathname.endsWith('/member') ? 'member' : 'contributed';
  const [search, setSearch] = useSearchParam();
  const [params, setParams] = useSearchParams();
  const sort = SORT_KEYS.find((key) => key === params.get('sort')) ?? DEFAULT_SORT;
  const contributed = tab === 'contributed';
  const result = useQuery(DashboardProjectsQueryDocument, {
    variables: {
      contributed,
      search: search || null,
      sort,
      contributedSort: sort.toUpperCase() as ProjectSort,
      first: PAGE_SIZE,
    },
    notifyOnNetworkStatusChange: true,
  });
  const { data, error } = result;
  useErrorAlert(error, 'Something went wrong while fetching projects.');
  const connection = contributed ? data?.currentUser?.contributedProjects : data?.projects;
  const counts: Record<Tab, number | null> = {
    contributed: (contributed ? connection?.count : data?.currentUser?.contributedCount?.count) ?? null,
    member: (contributed ? data?.memberCount?.count : connection?.count) ?? null,
  };
  const projects = nodesOf(connection);
  const query = (next: URLSearchParams) => (next.size ? `?${next}` : '');
  const handleSort = (value: ProjectSortKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_SORT) next.delete('sort');
        else next.set('sort', value);
        return next;
      },
      { replace: true },
    );
  const loadMore = contributed
    ? loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageIn('currentUser', 'contributedProjects') }),
      )
    : loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageAt('projects') }),
      );

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Your projects', to: routes.dashboardProjects() }]}
        title="Projects"
        actions={<ButtonLink to={routes.exploreProjects()}>Explore projects</ButtonLink>}
      />
      <StateTabs<Tab>
        label="Your projects"
        tabs={[
          { state: 'contributed', label: 'Contributed', count: counts.contributed },
          { state: 'member', label: 'Member', count: counts.member },
        ]}
        current={tab}
        hrefFor={(t) => `${routes.dashboardProjects(t)}${query(params)}`}
      />
      <div className={styles.toolbar}>
        <NameFilter noun="projects" value={search} onSearch={setSearch} className={styles.search} />
        <SortControl fields={PROJECT_SORT_FIELDS} value={sort} onChange={handleSort} />
      </div>
      <NamespaceList
        noun="projects"
        isLoading={!data && !error}
        count={projects.length}
        search={search}
        clearHref={routes.dashboardProjects(tab)}
        emptyState={
          contributed ? (
            <EmptyState
              icon="project"
              title="You haven't contributed to any projects yet"
              description="Projects where you open, close or comment on issues appear here."
              actions={<ButtonLink to={routes.dashboardProjects('member')}>Projects you're a member of</ButtonLink>}
            />
          ) : (
            <EmptyState
              icon="project"
              title="You're not a member of any projects yet"
              description="Projects of your groups, and projects you're added to, appear here."
              actions={<ButtonLink to={routes.exploreProjects()}>Explore projects</ButtonLink>}
            />
          )
        }
        loadMore={loadMore}
      >
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} label={project.nameWithNamespace} />
        ))}
      </NamespaceList>
    </>
  );
}
