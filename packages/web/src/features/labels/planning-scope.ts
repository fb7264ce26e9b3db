import { useQuery } from '@apollo/client/react';
import { PlanningPermissionsQueryDocument } from '../../gql/graphql.ts';
import { type Crumb, namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { restContainerUrl } from '../../lib/rest.ts';

/** The group or project whose labels or milestones a page shows. */
export type PlanningScope = { kind: 'group' | 'project'; fullPath: string; fullName: string };

/** `/api/v4/groups/<path>` or `/api/v4/projects/<path>`. */
export const scopeApiUrl = (scope: PlanningScope) => restContainerUrl(scope.kind, scope.fullPath);

export const scopeBreadcrumbs = (scope: PlanningScope, page: Crumb): Crumb[] => [
  ...namespaceBreadcrumbs(scope.fullPath, scope.fullName),
  page,
];

/**
 * What the viewer may do with the scope's labels and milestones (the server's `userPermissions`),
 * and on the project's group (promotion); `parent` is the project's group.
 */
export function usePlanningPermissions(scope: PlanningScope) {
  const { data } = useQuery(PlanningPermissionsQueryDocument, {
    variables: { fullPath: scope.fullPath, isProject: scope.kind === 'project' },
  });
  const own = data?.group?.userPermissions ?? data?.project?.userPermissions;
  const parent = data?.project?.group ?? null;
  return {
    adminLabel: own?.adminLabel === true,
    adminMilestone: own?.adminMilestone === true,
    parent: parent && {
      fullPath: parent.fullPath,
      fullName: parent.fullName,
      adminLabel: parent.userPermissions.adminLabel === true,
      adminMilestone: parent.userPermissions.adminMilestone === true,
    },
  };
}
