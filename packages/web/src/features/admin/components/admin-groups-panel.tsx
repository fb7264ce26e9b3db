import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ItemList, LoadMore } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { AdminGroupsQueryDocument } from '../../../gql/graphql.ts';
import { appendPage, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
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
      updateQuery: (previous, { fetchMoreResult }) =>
        previous.groups && fetchMoreResult.groups
          ? { groups: appendPage(previous.groups, fetchMoreResult.groups) }
          : fetchMoreResult,
    });

  return (
    <>
      <div className={styles.toolbar}>
        <SearchInput label="Search groups" value={search} onSearch={setSearch} className={styles.search} />
        <Button variant="primary" onPress={() => setCreating(true)}>
          New group
        </Button>
      </div>
      {!data && !error ? (
        <SkeletonList rows={4} label="Loading groups" />
      ) : (
        <>
          <ItemList label="Groups">
            {nodesOf(connection).map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </ItemList>
          <LoadMore
            hasMore={connection?.pageInfo.hasNextPage ?? false}
            loading={networkStatus === NetworkStatus.fetchMore}
            onLoadMore={handleLoadMore}
          />
        </>
      )}
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
