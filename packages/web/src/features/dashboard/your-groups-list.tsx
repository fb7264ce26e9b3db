import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ItemList, LoadMore } from '../../components/ui/item-list.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { DashboardGroupsQueryDocument, ExploreGroupsQueryDocument } from '../../gql/graphql.ts';
import { appendPageAt, appendPageIn, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { GroupRow, type GroupRowData } from '../groups/components/group-row.tsx';

type GroupListViewProps = {
  groups: GroupRowData[];
  loading: boolean;
  search: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  emptyTitle: string;
  emptyText: string;
  /** Where 'Clear search' goes (this page without `?search=`). */
  clearHref?: string;
};

function GroupListView({
  groups,
  loading,
  search,
  hasMore,
  loadingMore,
  onLoadMore,
  clearHref = routes.dashboardGroups(),
  ...empty
}: GroupListViewProps) {
  if (loading) return <SkeletonList rows={4} label="Loading groups" />;
  if (groups.length === 0) {
    return search ? (
      <EmptyState
        icon="search"
        title="No results found"
        description={`No groups match "${search}". Edit your search and try again.`}
        actions={<ButtonLink to={clearHref}>Clear search</ButtonLink>}
      />
    ) : (
      <EmptyState icon="group" title={empty.emptyTitle} description={empty.emptyText} />
    );
  }
  return (
    <>
      <ItemList label="Groups">
        {groups.map((group) => (
          <GroupRow key={group.id} group={group} />
        ))}
      </ItemList>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}

/** The signed-in user's groups (`currentUser.groups`). */
export function YourGroupsList({ search }: { search: string }) {
  const { data, error, networkStatus, fetchMore } = useQuery(DashboardGroupsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching your groups.');
  const connection = data?.currentUser?.groups;
  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageIn('currentUser', 'groups'),
    });
  return (
    <GroupListView
      groups={nodesOf(connection)}
      loading={!data && !error}
      search={search}
      hasMore={connection?.pageInfo.hasNextPage ?? false}
      loadingMore={networkStatus === NetworkStatus.fetchMore}
      onLoadMore={handleLoadMore}
      emptyTitle="You're not a member of any groups yet"
      emptyText="Groups you're a member of appear here. Ask a group Owner to add you, or ask your administrator to create a group."
    />
  );
}

/** Groups the viewer may see (`groups`): public ones for a signed-out visitor. */
export function ExploreGroupsList({ search, clearHref }: { search: string; clearHref?: string }) {
  const { data, error, networkStatus, fetchMore } = useQuery(ExploreGroupsQueryDocument, {
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
    <GroupListView
      groups={nodesOf(connection)}
      loading={!data && !error}
      search={search}
      hasMore={connection?.pageInfo.hasNextPage ?? false}
      loadingMore={networkStatus === NetworkStatus.fetchMore}
      onLoadMore={handleLoadMore}
      clearHref={clearHref}
      emptyTitle="No public groups yet"
      emptyText="Public groups appear here. Sign in to see the groups you're a member of."
    />
  );
}
