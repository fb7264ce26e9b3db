import type { MockLink } from '@apollo/client/testing';
import { ResolvePathQueryDocument } from '../../../gql/graphql.ts';

type GroupCrumb = { id: string; name: string; fullPath: string; avatarUrl: string | null };

/** The groups above `fullPath` (each segment but the last), named by `names` (else by the segment). */
function ancestorsOf(fullPath: string, names: readonly string[] = []): GroupCrumb[] {
  const segments = fullPath.split('/');
  return segments.slice(0, -1).map((segment, index) => ({
    id: `gid://gitlab/Group/${100 + index}`,
    name: names[index] ?? segment,
    fullPath: segments.slice(0, index + 1).join('/'),
    avatarUrl: null,
  }));
}

const asGroup = (crumb: GroupCrumb) => ({ __typename: 'Group' as const, ...crumb });

/**
 * ResolvePathQuery's answer for a group: `names` are the full name's parts from the top, the last
 * one the group's own; `adminGroup` whether the viewer may change its settings.
 */
export function resolvedGroup(
  fullPath: string,
  opts: { names?: readonly string[]; adminGroup?: boolean; avatarUrl?: string | null; id?: string } = {},
) {
  const names = opts.names ?? fullPath.split('/');
  return {
    __typename: 'Query',
    project: null,
    group: {
      __typename: 'Group',
      id: opts.id ?? 'gid://gitlab/Group/1',
      name: names.at(-1) ?? fullPath,
      fullName: names.join(' / '),
      fullPath,
      avatarUrl: opts.avatarUrl ?? null,
      userPermissions: { __typename: 'GroupPermissions', adminGroup: opts.adminGroup ?? false },
      ancestors: ancestorsOf(fullPath, names).map(asGroup),
    },
  };
}

/** ResolvePathQuery's answer for a project (`names` as resolvedGroup's; the last is the project's). */
export function resolvedProject(
  fullPath: string,
  opts: { names?: readonly string[]; adminProject?: boolean; avatarUrl?: string | null } = {},
) {
  const names = opts.names ?? fullPath.split('/');
  const groups = ancestorsOf(fullPath, names);
  const group = groups.at(-1);
  if (!group) throw new Error('A project lives in a group: give a path with at least two segments.');
  return {
    __typename: 'Query',
    group: null,
    project: {
      __typename: 'Project',
      id: 'gid://gitlab/Project/1',
      name: names.at(-1) ?? fullPath,
      fullPath,
      nameWithNamespace: names.join(' / '),
      avatarUrl: opts.avatarUrl ?? null,
      userPermissions: { __typename: 'ProjectPermissions', adminProject: opts.adminProject ?? false },
      group: { ...asGroup(group), ancestors: groups.slice(0, -1).map(asGroup) },
    },
  };
}

/** ResolvePathQuery's answer, as resolvedGroup and resolvedProject build it. */
export type ResolvedPathData = ReturnType<typeof resolvedGroup> | ReturnType<typeof resolvedProject>;

/** A mocked ResolvePathQuery answering `data` for `fullPath`. */
export function resolvePathMock(fullPath: string, data: ResolvedPathData): MockLink.MockedResponse {
  return { request: { query: ResolvePathQueryDocument, variables: { fullPath } }, result: { data } };
}
