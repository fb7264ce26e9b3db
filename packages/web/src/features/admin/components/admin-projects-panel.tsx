import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PagedItemList } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { AdminProjectsQueryDocument } from '../../../gql/graphql.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import { ProjectCreateForm } from '../../projects/components/project-create-form.tsx';
import { ProjectRow } from '../../projects/components/project-row.tsx';
import styles from '../admin.module.css';

/** Every project, with 'New project'. */
export function AdminProjectsPanel() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery(AdminProjectsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching projects.');
  const connection = data?.projects;

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageAt('projects'),
    });

  return (
    <>
      <div className={styles.toolbar}>
        <SearchInput label="Search projects" value={search} onSearch={setSearch} className={styles.search} />
        <Button variant="primary" onPress={() => setCreating(true)}>
          New project
        </Button>
      </div>
      <PagedItemList
        label="Projects"
        loadingLabel="Loading projects"
        isLoading={!data && !error}
        hasMore={connection?.pageInfo.hasNextPage ?? false}
        isLoadingMore={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={handleLoadMore}
      >
        {nodesOf(connection).map((project) => (
          <ProjectRow key={project.id} project={project} label={project.nameWithNamespace} />
        ))}
      </PagedItemList>
      <Dialog title="New project" isOpen={creating} onOpenChange={setCreating}>
        <ProjectCreateForm
          refetchQueries={['AdminProjectsQuery']}
          onCancel={() => setCreating(false)}
          onCreated={(project) => {
            setCreating(false);
            pushAlert({ variant: 'success', message: `Project ${project.fullPath} was created.` });
          }}
        />
      </Dialog>
    </>
  );
}
