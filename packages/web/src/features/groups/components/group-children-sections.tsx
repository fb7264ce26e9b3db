import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { ItemList, LoadMore } from '../../../components/ui/item-list.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { GroupProjectsQueryDocument, GroupSubgroupsQueryDocument } from '../../../gql/graphql.ts';
import { appendPage, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import { ProjectRow } from '../../projects/components/project-row.tsx';
import styles from '../group-overview.module.css';
import { GroupRow } from './group-row.tsx';

function SectionHeader({ id, title, count }: { id: string; title: string; count: number | undefined }) {
  return (
    <div className={styles.sectionHeader}>
      <h2 id={id}>{title}</h2>
      {count !== undefined && <span className={styles.count}>{count}</span>}
    </div>
  );
}

/** The group's direct subgroups, a page at a time. */
export function SubgroupsSection({ fullPath }: { fullPath: string }) {
  const { data, error, networkStatus, fetchMore } = useQuery(GroupSubgroupsQueryDocument, {
    variables: { fullPath, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching subgroups.');
  const connection = data?.group?.descendantGroups;
  const subgroups = nodesOf(connection);
  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const prev = previous.group?.descendantGroups;
        const next = fetchMoreResult.group?.descendantGroups;
        if (!prev || !next || !fetchMoreResult.group) return fetchMoreResult;
        return { group: { ...fetchMoreResult.group, descendantGroups: appendPage(prev, next) } };
      },
    });
  return (
    <section className={styles.section} aria-labelledby="subgroups-heading">
      <SectionHeader id="subgroups-heading" title="Subgroups" count={connection?.count} />
      {!data && !error ? (
        <SkeletonList rows={2} label="Loading subgroups" />
      ) : subgroups.length === 0 ? (
        <p className={styles.none}>This group has no subgroups you can see.</p>
      ) : (
        <>
          <ItemList label="Subgroups">
            {subgroups.map((group) => (
              <GroupRow key={group.id} group={group} showFullName={false} />
            ))}
          </ItemList>
          <LoadMore
            hasMore={connection?.pageInfo.hasNextPage ?? false}
            loading={networkStatus === NetworkStatus.fetchMore}
            onLoadMore={handleLoadMore}
          />
        </>
      )}
    </section>
  );
}

/** The group's own projects, a page at a time. */
export function ProjectsSection({ fullPath }: { fullPath: string }) {
  const { data, error, networkStatus, fetchMore } = useQuery(GroupProjectsQueryDocument, {
    variables: { fullPath, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching projects.');
  const connection = data?.group?.projects;
  const projects = nodesOf(connection);
  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const prev = previous.group?.projects;
        const next = fetchMoreResult.group?.projects;
        if (!prev || !next || !fetchMoreResult.group) return fetchMoreResult;
        return { group: { ...fetchMoreResult.group, projects: appendPage(prev, next) } };
      },
    });
  return (
    <section className={styles.section} aria-labelledby="projects-heading">
      <SectionHeader id="projects-heading" title="Projects" count={connection?.count} />
      {!data && !error ? (
        <SkeletonList rows={2} label="Loading projects" />
      ) : projects.length === 0 ? (
        <p className={styles.none}>This group has no projects you can see.</p>
      ) : (
        <>
          <ItemList label="Projects">
            {projects.map((project) => (
              <ProjectRow key={project.id} project={project} />
            ))}
          </ItemList>
          <LoadMore
            hasMore={connection?.pageInfo.hasNextPage ?? false}
            loading={networkStatus === NetworkStatus.fetchMore}
            onLoadMore={handleLoadMore}
          />
        </>
      )}
    </section>
  );
}
