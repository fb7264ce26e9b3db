import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ItemRow, PagedItemList } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { AdminUsersQueryDocument } from '../../../gql/graphql.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import styles from '../admin.module.css';
import { UserCreateForm } from './user-create-form.tsx';

/** Every user, with 'New user'. */
export function AdminUsersPanel() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery(AdminUsersQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching users.');
  const connection = data?.users;
  const users = nodesOf(connection);

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageAt('users'),
    });

  return (
    <>
      <div className={styles.toolbar}>
        <SearchInput label="Search users" value={search} onSearch={setSearch} className={styles.search} />
        <Button variant="primary" onPress={() => setCreating(true)}>
          New user
        </Button>
      </div>
      <PagedItemList
        label="Users"
        loadingLabel="Loading users"
        isLoading={!data && !error}
        hasMore={connection?.pageInfo.hasNextPage ?? false}
        isLoadingMore={networkStatus === NetworkStatus.fetchMore}
        onLoadMore={handleLoadMore}
      >
        {users.map((user) => (
          <ItemRow
            key={user.id}
            leading={<Avatar name={user.name} src={user.avatarUrl} seed={user.id} />}
            title={user.name}
            meta={`@${user.username}`}
            aside={user.state !== 'active' && <span className={styles.badge}>{user.state}</span>}
          />
        ))}
      </PagedItemList>
      <Dialog title="New user" isOpen={creating} onOpenChange={setCreating}>
        <UserCreateForm
          onCancel={() => setCreating(false)}
          onCreated={(username) => {
            setCreating(false);
            pushAlert({ variant: 'success', message: `User @${username} was created.` });
          }}
        />
      </Dialog>
    </>
  );
}
