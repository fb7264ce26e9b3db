import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PagedItemList } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { AdminGroupsQueryDocument } from '../../../gql/graphql.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import { GroupCreateForm } from '../../groups/components/group-create-form.tsx';
import { GroupRow } from '../../groups/components/group-row.tsx';
import styles from '../admin.module.css';

/** Every group, with 'New group'. */
export function AdminGroupsPanel() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery(AdminGroupsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching groups.');
  const connection = data?.groups;

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageAt('groups'),
    });

  return (
    <>
      <div className={styles.toolbar}>
        <SearchInput label="Search groups" value={search} onSearch={setSearch} className={styles.search} />
        <Button variant="primary" onPress={() => setCreating(true)}>
          New group
        </Button>
      </div>
      <PagedItemList
        label="Groups"
        loadingLabel="Loading groups"
        isLoading={!data && !error}
        hasMore={connection?.pageInfo.hasNextPage ?? false}
        isLoadingMore={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={handleLoadMore}
      >
        {nodesOf(connection).map((group) => (
          <GroupRow key={group.id} group={group} />
        ))}
      </PagedItemList>
      <Dialog title="New group" isOpen={creating} onOpenChange={setCreating}>
        <GroupCreateForm
          refetchQueries={['AdminGroupsQuery']}
          onCancel={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            pushAlert({ variant: 'success', message: `Group ${group.fullPath} was created.` });
          }}
        />
      </Dialog>
    </>
  );
}
