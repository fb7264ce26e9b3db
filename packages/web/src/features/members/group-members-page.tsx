import { NetworkStatus } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import {
  GroupMemberCreateMutationDocument,
  GroupMemberDeleteMutationDocument,
  GroupMembersQueryDocument,
  GroupMemberUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { appendPage, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { accessLevelEnum } from './access-levels.ts';
import { MembersPageView } from './components/members-page-view.tsx';
import type { MemberRowData } from './components/members-table.tsx';

const REFETCH = ['GroupMembersQuery', 'GroupOverviewQuery'];

/** `/groups/<path>/-/group_members`: direct and inherited members; Owners add, re-role and remove. */
export function GroupMembersPage({ group }: { group: ResolvedGroup }) {
  const [search, setSearch] = useSearchParam();
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery(GroupMembersQueryDocument, {
    variables: { fullPath: group.fullPath, search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching the members.');
  const [createMember] = useMutation(GroupMemberCreateMutationDocument, { refetchQueries: REFETCH });
  const [updateMember] = useMutation(GroupMemberUpdateMutationDocument);
  const [deleteMember] = useMutation(GroupMemberDeleteMutationDocument, { refetchQueries: REFETCH });
  const canAdmin = useCan(data?.group, 'adminGroupMember');

  if (data && !data.group) return <NotFoundPage />;

  const connection = data?.group?.groupMembers;
  const members: MemberRowData[] | null = connection
    ? nodesOf(connection).flatMap((node) =>
        node.user
          ? [
              {
                id: node.id,
                user: node.user,
                accessLevel: node.accessLevel?.integerValue ?? 0,
                createdAt: node.createdAt,
                expiresAt: node.expiresAt,
                source:
                  node.inherited && node.group
                    ? { kind: 'inherited' as const, name: node.group.fullName, fullPath: node.group.fullPath }
                    : { kind: 'direct' as const },
              },
            ]
          : [],
      )
    : null;

  const handleAdd = async (userId: string, accessLevel: string) => {
    try {
      const result = await createMember({
        variables: { input: { groupId: group.id, userId, accessLevel: accessLevelEnum(accessLevel) } },
        awaitRefetchQueries: true,
      });
      const errors = result.data?.groupMemberCreate?.errors ?? [];
      if (errors.length === 0) pushAlert({ variant: 'success', message: 'Member added.' });
      return errors;
    } catch (caught) {
      return errorMessages(caught);
    }
  };

  const handleChangeRole = async (member: MemberRowData, accessLevel: string) => {
    try {
      const result = await updateMember({
        variables: { input: { id: member.id, accessLevel: accessLevelEnum(accessLevel) } },
      });
      const errors = result.data?.groupMemberUpdate?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `Role of ${member.user.name} updated.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleRemove = async (member: MemberRowData) => {
    try {
      const result = await deleteMember({ variables: { input: { id: member.id } }, awaitRefetchQueries: true });
      const errors = result.data?.groupMemberDelete?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `${member.user.name} was removed from ${group.name}.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const prev = previous.group?.groupMembers;
        const next = fetchMoreResult.group?.groupMembers;
        if (!prev || !next || !fetchMoreResult.group) return fetchMoreResult;
        return { group: { ...fetchMoreResult.group, groupMembers: appendPage(prev, next) } };
      },
    });

  return (
    <MembersPageView
      kind="group"
      name={group.name}
      breadcrumbs={[
        ...namespaceBreadcrumbs(group.fullPath, group.fullName),
        { label: 'Members', to: routes.groupMembers(group.fullPath) },
      ]}
      members={error ? [] : members}
      count={connection?.count}
      canAdmin={canAdmin}
      search={search}
      onSearch={setSearch}
      hasMore={connection?.pageInfo.hasNextPage ?? false}
      loadingMore={networkStatus === NetworkStatus.fetchMore}
      onLoadMore={handleLoadMore}
      onAdd={handleAdd}
      onChangeRole={handleChangeRole}
      onRemove={handleRemove}
    />
  );
}
