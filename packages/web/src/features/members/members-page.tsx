import { NetworkStatus } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import {
  GroupMemberCreateMutationDocument,
  GroupMemberDeleteMutationDocument,
  GroupMembersQueryDocument,
  type GroupMembersQueryQuery,
  type GroupMembersQueryQueryVariables,
  GroupMemberUpdateMutationDocument,
  ProjectMemberCreateMutationDocument,
  ProjectMemberDeleteMutationDocument,
  ProjectMembersQueryDocument,
  type ProjectMembersQueryQuery,
  ProjectMemberUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { appendPageIn, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { accessLevelEnum } from './access-levels.ts';
import { MembersPageView } from './components/members-page-view.tsx';
import type { MemberRowData } from './components/members-table.tsx';

/**
 * What differs between a group's and a project's members: the documents (aliased alike:
 * `namespace`, `members`, `memberCreate`, …, so one page reads both), the permission, the path.
 */
const SOURCES = {
  group: {
    query: GroupMembersQueryDocument,
    create: GroupMemberCreateMutationDocument,
    update: GroupMemberUpdateMutationDocument,
    remove: GroupMemberDeleteMutationDocument,
    refetch: ['GroupMembersQuery', 'GroupOverviewQuery'],
    ability: 'adminGroupMember',
    path: routes.groupMembers,
  },
  project: {
    query: ProjectMembersQueryDocument,
    create: ProjectMemberCreateMutationDocument,
    update: ProjectMemberUpdateMutationDocument,
    remove: ProjectMemberDeleteMutationDocument,
    refetch: ['ProjectMembersQuery', 'ProjectOverviewQuery'],
    ability: 'adminProjectMember',
    path: routes.projectMembers,
  },
} as const;

type MembersQuery = GroupMembersQueryQuery | ProjectMembersQueryQuery;
type MemberAbility = (typeof SOURCES)[keyof typeof SOURCES]['ability'];

export type MembersPageProps = {
  kind: keyof typeof SOURCES;
  /** The group or project: its global ID, short name, path and full name (for the breadcrumbs). */
  namespace: { id: string; name: string; fullPath: string; fullName: string };
};

/**
 * `/groups/<path>/-/group_members` and `/<project-path>/-/project_members`: direct members and those
 * inherited from the groups above; whoever may administer the members adds, re-roles and removes them.
 */
export function MembersPage({ kind, namespace }: MembersPageProps) {
  const source = SOURCES[kind];
  const [search, setSearch] = useSearchParam();
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery<MembersQuery, GroupMembersQueryQueryVariables>(
    source.query,
    {
      variables: { fullPath: namespace.fullPath, search: search || null, first: PAGE_SIZE },
      notifyOnNetworkStatusChange: true,
    },
  );
  useErrorAlert(error, 'Something went wrong while fetching the members.');
  const [createMember] = useMutation(source.create, { refetchQueries: [...source.refetch] });
  const [updateMember] = useMutation(source.update);
  const [deleteMember] = useMutation(source.remove, { refetchQueries: [...source.refetch] });
  const canAdmin = useCan<Partial<Record<MemberAbility, boolean>>>(data?.namespace, source.ability);

  if (data && !data.namespace) return <NotFoundPage />;

  const connection = data?.namespace?.members;
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
                  node.inherited && node.__typename === 'GroupMember' && node.group
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
        variables: { namespaceId: namespace.id, userId, accessLevel: accessLevelEnum(accessLevel) },
        awaitRefetchQueries: true,
      });
      const errors = result.data?.memberCreate?.errors ?? [];
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
      const errors = result.data?.memberUpdate?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `Role of ${member.user.name} updated.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleRemove = async (member: MemberRowData) => {
    try {
      const result = await deleteMember({ variables: { input: { id: member.id } }, awaitRefetchQueries: true });
      const errors = result.data?.memberDelete?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `${member.user.name} was removed from ${namespace.name}.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: appendPageIn('namespace', 'members'),
    });

  return (
    <MembersPageView
      kind={kind}
      name={namespace.name}
      breadcrumbs={[
        ...namespaceBreadcrumbs(namespace.fullPath, namespace.fullName),
        { label: 'Members', to: source.path(namespace.fullPath) },
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
