import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DashboardGroupsQueryDocument, ExploreGroupsQueryDocument } from '../../gql/graphql.ts';
import { appendPageAt, appendPageIn, type LoadMoreState, loadMoreOf, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { GroupRow, type GroupRowData } from '../groups/components/group-row.tsx';
import { NamespaceList } from './namespace-list.tsx';

type GroupListViewProps = {
  groups: GroupRowData[];
  loading: boolean;
  search: string;
  loadMore: LoadMoreState;
  emptyTitle: string;
  emptyText: string;
  /** Where 'Clear search' goes (this page without `?search=`). */
  clearHref?: string;
};

function GroupListView({ groups, loading, search, loadMore, clearHref, emptyTitle, emptyText }: GroupListViewProps) {
  return (
    <NamespaceList
      noun="groups"
      isLoading={loading}
      count={groups.length}
      search={search}
      clearHref={clearHref ?? routes.dashboardGroups()}
      emptyState={<EmptyState icon="group" title={emptyTitle} description={emptyText} />}
      loadMore={loadMore}
    >
      {groups.map((group) => (
        <GroupRow key={group.id} group={group} />
      ))}
    </NamespaceList>
  );
}

/** The signed-in user's groups (`currentUser.groups`). */
export function YourGroupsList({ search }: { search: string }) {
  const result = useQuery(DashboardGroupsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(result.error, 'Something went wrong while fetching your groups.');
  const connection = result.data?.currentUser?.groups;
  return (
    <GroupListView
      groups={nodesOf(connection)}
      loading={!result.data && !result.error}
      search={search}
      loadMore={loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageIn('currentUser', 'groups') }),
      )}
      emptyTitle="You're not a member of any groups yet"
      emptyText="Groups you're a member of appear here. Ask a group Owner to add you, or ask your administrator to create a group."
    />
  );
}

/** Groups the viewer may see (`groups`): public ones for a signed-out visitor. */
export function ExploreGroupsList({ search, clearHref }: { search: string; clearHref?: string }) {
  const result = useQuery(ExploreGroupsQueryDocument, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(result.error, 'Something went wrong while fetching groups.');
  const connection = result.data?.groups;
  return (
    <GroupListView
      groups={nodesOf(connection)}
      loading={!result.data && !result.error}
      search={search}
      loadMore={loadMoreOf(result.networkStatus, connection, (after) =>
        result.fetchMore({ variables: { after }, updateQuery: appendPageAt('groups') }),
      )}
      clearHref={clearHref}
      emptyTitle="No public groups yet"
      emptyText="Public groups appear here. Sign in to see the groups you're a member of."
    />
  );
}
