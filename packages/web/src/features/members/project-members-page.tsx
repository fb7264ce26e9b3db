import { NetworkStatus } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import {
  ProjectMemberCreateMutationDocument,
  ProjectMemberDeleteMutationDocument,
  ProjectMembersQueryDocument,
  ProjectMemberUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { appendPage, nodesOf, PAGE_SIZE } from '../../lib/paging.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import type { ResolvedProject } from '../namespaces/use-namespace-context.ts';
import { accessLevelEnum } from './access-levels.ts';
import { MembersPageView } from './components/members-page-view.tsx';
import type { MemberRowData } from './components/members-table.tsx';

const REFETCH = ['ProjectMembersQuery', 'ProjectOverviewQuery'];

/** `/<project-path>/-/project_members`: direct members and those inherited from the groups above. */
export function ProjectMembersPage({ project }: { project: ResolvedProject }) {
  const [search, setSearch] = useSearchParam();
  const { pushAlert } = useAlerts();
  const { data, error, networkStatus, fetchMore } = useQuery(ProjectMembersQueryDocument, {
    variables: { fullPath: project.fullPath, search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  useErrorAlert(error, 'Something went wrong while fetching the members.');
  const [createMember] = useMutation(ProjectMemberCreateMutationDocument, { refetchQueries: REFETCH });
  const [updateMember] = useMutation(ProjectMemberUpdateMutationDocument);
  const [deleteMember] = useMutation(ProjectMemberDeleteMutationDocument, { refetchQueries: REFETCH });
  const canAdmin = useCan(data?.project, 'adminProjectMember');

  if (data && !data.project) return <NotFoundPage />;

  const connection = data?.project?.projectMembers;
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
        variables: { input: { projectId: project.id, userId, accessLevel: accessLevelEnum(accessLevel) } },
        awaitRefetchQueries: true,
      });
      const errors = result.data?.projectMemberCreate?.errors ?? [];
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
      const errors = result.data?.projectMemberUpdate?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `Role of ${member.user.name} updated.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleRemove = async (member: MemberRowData) => {
    try {
      const result = await deleteMember({ variables: { input: { id: member.id } }, awaitRefetchQueries: true });
      const errors = result.data?.projectMemberDelete?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `${member.user.name} was removed from ${project.name}.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
  };

  const handleLoadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const prev = previous.project?.projectMembers;
        const next = fetchMoreResult.project?.projectMembers;
        if (!prev || !next || !fetchMoreResult.project) return fetchMoreResult;
        return { project: { ...fetchMoreResult.project, projectMembers: appendPage(prev, next) } };
      },
    });

  return (
    <MembersPageView
      kind="project"
      name={project.name}
      breadcrumbs={[
        ...namespaceBreadcrumbs(project.fullPath, project.nameWithNamespace),
        { label: 'Members', to: routes.projectMembers(project.fullPath) },
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
