import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { ItemList, LoadMore } from '../../../components/ui/item-list.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { GroupProjectsQueryDocument, GroupSubgroupsQueryDocument } from '../../../gql/graphql.ts';
import { appendPageIn, type LoadMoreState, loadMoreOf, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
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

type ChildrenSectionProps = {
  id: string;
  title: string;
  /** What an empty list says. */
  none: string;
  count: number | undefined;
  loading: boolean;
  loadMore: LoadMoreState;
  /** The rows (none: the list is empty). */
  children: ReactNode[];
};

/** One of the overview's lists: its heading and count, skeleton, empty text, rows and Load more. */
function ChildrenSection({ id, title, none, count, loading, loadMore, children }: ChildrenSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <SectionHeader id={id} title={title} count={count} />
      {loading ? (
        <SkeletonList rows={2} label={`Loading ${title.toLowerCase()}`} />
      ) : children.length === 0 ? (
        <p className={styles.none}>{none}</p>
      ) : (
        <>
          <ItemList label={title}>{children}</ItemList>
          <LoadMore {...loadMore} />
        </>
      )}
    </section>
  );
}

/** The group's direct subgroups, a page at a time. */
export function SubgroupsSection({ fullPath }: { fullPath: string }) {
  const result = useQuery(GroupSubgroupsQueryDocument, {
    variables: { fullPath, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const { data, error } = result;
  useErrorAlert(error, 'Something went wrong while fetching subgroups.');
  const connection = data?.group?.descendantGroups;
  const subgroups = nodesOf(connection);
  return (
    <ChildrenSection
      id="subgroups-heading"
      title="Subgroups"
      none="This group has no subgroups you can see."
      count={connection?.count}
      loading={!data && !error}
      loadMore={loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageIn('group', 'descendantGroups') }),
      )}
    >
      {subgroups.map((group) => (
        <GroupRow key={group.id} group={group} showFullName={false} />
      ))}
    </ChildrenSection>
  );
}

/** The group's own projects, a page at a time. */
export function ProjectsSection({ fullPath }: { fullPath: string }) {
  const result = useQuery(GroupProjectsQueryDocument, {
    variables: { fullPath, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const { data, error } = result;
  useErrorAlert(error, 'Something went wrong while fetching projects.');
  const connection = data?.group?.projects;
  const projects = nodesOf(connection);
  return (
    <ChildrenSection
      id="projects-heading"
      title="Projects"
      none="This group has no projects you can see."
      count={connection?.count}
      loading={!data && !error}
      loadMore={loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageIn('group', 'projects') }),
      )}
    >
      {projects.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ChildrenSection>
  );
}
