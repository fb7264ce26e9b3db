import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { StateTabs } from '../../components/issuable-list/state-tabs.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ExploreProjectsQueryDocument } from '../../gql/graphql.ts';
import { appendPageAt, loadMoreOf, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { NameFilter, NamespaceList } from '../dashboard/namespace-list.tsx';
import { ExploreGroupsList } from '../dashboard/your-groups-list.tsx';
import { ProjectRow } from '../projects/components/project-row.tsx';
import styles from './explore.module.css';

type ExploreTab = 'projects' | 'groups';

/** The projects the viewer may see, by name, a page at a time. */
function ExploreProjectsList({ search }: { search: string }) {
  const result = useQuery(ExploreProjectsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(result.error, 'Something went wrong while fetching projects.');
  const connection = result.data?.projects;
  const projects = nodesOf(connection);
  return (
    <NamespaceList
      noun="projects"
      isLoading={!result.data && !result.error}
      count={projects.length}
      search={search}
      clearHref={routes.exploreProjects()}
      emptyState={
        <EmptyState icon="project" title="No projects to show" description="Projects you may see appear here." />
      }
      loadMore={loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageAt('projects') }),
      )}
    >
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} label={project.nameWithNamespace} />
      ))}
    </NamespaceList>
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
      <NameFilter noun={tab} value={search} onSearch={setSearch} className={styles.search} />
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
