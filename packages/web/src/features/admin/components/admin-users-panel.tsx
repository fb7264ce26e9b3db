import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlerts, useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ItemRow, PagedItemList } from '../../../components/ui/item-list.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { AdminUsersQueryDocument } from '../../../gql/graphql.ts';
import { appendPageAt, nodesOf, PAGE_SIZE } from '../../../lib/paging.ts';
import { routes } from '../../../lib/routes.ts';
import styles from '../admin.module.css';
import { unlockUser } from '../unlock-user-request.ts';
import { UserCreateForm } from './user-create-form.tsx';

/** Every user, with 'New user'. */
export function AdminUsersPanel() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const { pushAlert } = useAlerts();
  const [unlocking, setUnlocking] = useState<string | null>(null);
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(AdminUsersQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
    // The refetch after an unlock must read after it: deduplicated, it would join a read of the same
    // search still in flight (the search box's debounce firing meanwhile), sent before the unlock,
    // and the list would keep saying 'Locked'.
    context: { queryDeduplication: false },
  });
  useErrorAlert(error, 'Something went wrong while fetching users.');
  const connection = data?.users;
  const users = nodesOf(connection);

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageAt('users'),
    });

  const handleUnlock = async (username: string) => {
    setUnlocking(username);
    try {
      await unlockUser(username);
      await refetch();
      pushAlert({ variant: 'success', message: `User @${username} was unlocked.` });
    } catch {
      pushAlert({ variant: 'danger', message: `Something went wrong while unlocking @${username}.` });
    } finally {
      setUnlocking(null);
    }
  };

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
            title={<Link to={routes.adminUser(user.username)}>{user.name}</Link>}
            meta={`@${user.username}`}
            aside={
              (user.state !== 'active' || user.locked) && (
                <>
                  {user.state !== 'active' && <span className={styles.badge}>{user.state}</span>}
                  {user.locked && (
                    <>
                      <span className={styles.badge}>Locked</span>
                      <Button
                        compact
                        aria-label={`Unlock @${user.username}`}
                        isPending={unlocking === user.username}
                        onPress={() => handleUnlock(user.username)}
                      >
                        Unlock
                      </Button>
                    </>
                  )}
                </>
              )
            }
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
