import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ItemList, LoadMore } from '../../components/ui/item-list.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { ExploreProjectsQueryDocument } from '../../gql/graphql.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { ExploreGroupsList } from '../dashboard/your-groups-list.tsx';
import { ProjectRow } from '../projects/components/project-row.tsx';
import styles from './explore.module.css';

type ExploreTab = 'projects' | 'groups';

/** The projects the viewer may see, by name, a page at a time. */
function ExploreProjectsList({ search }: { search: string }) {
  const { data, error, networkStatus, fetchMore } = useQuery(ExploreProjectsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching projects.');
  const connection = data?.projects;
  const projects = nodesOf(connection);
  if (!data && !error) return <SkeletonList rows={4} label="Loading projects" />;
  if (projects.length === 0) {
    return search ? (
      <EmptyState
        icon="search"
        title="No results found"
        description={`No projects match "${search}". Edit your search and try again.`}
        actions={<ButtonLink to={routes.exploreProjects()}>Clear search</ButtonLink>}
      />
    ) : (
      <EmptyState icon="project" title="No projects to show" description="Projects you may see appear here." />
    );
  }
  return (
    <>
      <ItemList label="Projects">
        {projects.map((project) => (
          <ProjectRow key={project.id} project={project} label={project.nameWithNamespace} />
        ))}
      </ItemList>
      <LoadMore
        hasMore={connection?.pageInfo.hasNextPage ?? false}
        loading={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={() =>
          fetchMore({ variables: { after: connection?.pageInfo.endCursor }, updateQuery: appendPageAt('projects') })
        }
      />
    </>
  );
}

/**
 * `/explore/projects` and `/explore/groups` (`/explore` opens the projects): every project or
 * group the viewer may see — public ones when signed out — filtered by name.
 */
export function ExplorePage({ tab }: { tab: ExploreTab }) {
  const [search, setSearch] = useSearchParam();
  const { currentUser } = useCurrentUser();
  const title = tab === 'projects' ? 'Explore projects' : 'Explore groups';
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return (
    <div className={styles.page}>
      <PageHeader
        breadcrumbs={[
          { label: 'Explore', to: routes.exploreProjects() },
          {
            label: tab === 'projects' ? 'Projects' : 'Groups',
            to: tab === 'projects' ? routes.exploreProjects() : routes.exploreGroups(),
          },
        ]}
        title={title}
        actions={
          currentUser && tab === 'groups' ? (
            <ButtonLink variant="primary" to={routes.newGroup()}>
              New group
            </ButtonLink>
          ) : undefined
        }
      />
      <StateTabs<ExploreTab>
        label="Explore"
        tabs={[
          { state: 'projects', label: 'Projects', count: null },
          { state: 'groups', label: 'Groups', count: null },
        ]}
        current={tab}
        hrefFor={(t) => `${t === 'projects' ? routes.exploreProjects() : routes.exploreGroups()}${query}`}
      />
      <SearchInput
        label={tab === 'projects' ? 'Filter projects by name' : 'Filter groups by name'}
        value={search}
        onSearch={setSearch}
        placeholder="Filter by name"
        className={styles.search}
      />
      {tab === 'projects' ? (
        <ExploreProjectsList search={search} />
      ) : (
        <ExploreGroupsList search={search} clearHref={routes.exploreGroups()} />
      )}
    </div>
  );
}

/** `/explore/projects`. */
export function ExploreProjectsPage() {
  return <ExplorePage tab="projects" />;
}

/** `/explore/groups`. */
export function ExploreGroupsPage() {
  return <ExplorePage tab="groups" />;
}
