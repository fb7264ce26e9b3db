import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ResolvePathQueryDocument, type ResolvePathQueryQuery } from '../../gql/graphql.ts';
import { type NamespaceLocation, parseNamespacePath } from '../../lib/routes.ts';

type GroupAtPath = NonNullable<ResolvePathQueryQuery['group']>;
type ProjectAtPath = NonNullable<ResolvePathQueryQuery['project']>;
/** What a group's pages take of it (the shell reads its permissions and ancestors from the context). */
export type ResolvedGroup = Omit<GroupAtPath, 'userPermissions' | 'ancestors'>;
/** What a project's pages take of it (the shell reads its permissions and groups from the context). */
export type ResolvedProject = Omit<ProjectAtPath, 'userPermissions' | 'group'>;

export type NamespaceContext =
  | { kind: 'none' }
  | { kind: 'loading'; location: NamespaceLocation }
  | { kind: 'error'; location: NamespaceLocation; error: unknown }
  | { kind: 'not-found'; location: NamespaceLocation }
  | { kind: 'group'; location: NamespaceLocation; group: GroupAtPath }
  | { kind: 'project'; location: NamespaceLocation; project: ProjectAtPath };

/**
 * What the current URL points at: a group, a project, or one of the app's own pages.
 * A path is a group or a project; `/groups/<path>` only ever names a group.
 */
export function useNamespaceContext(): NamespaceContext {
  const { pathname } = useLocation();
  const location = parseNamespacePath(pathname);
  const { data, error } = useQuery(ResolvePathQueryDocument, {
    variables: { fullPath: location?.fullPath ?? '' },
    skip: !location,
  });
  if (!location) return { kind: 'none' };
  if (!data) return error ? { kind: 'error', location, error } : { kind: 'loading', location };
  if (data.project && !location.groupsPrefix) return { kind: 'project', location, project: data.project };
  if (data.group) return { kind: 'group', location, group: data.group };
  return { kind: 'not-found', location };
}

/** A group or project of the current path's trail: what its breadcrumb's avatar shows. */
export type TrailNamespace = { id: string; name: string; fullPath: string; avatarUrl?: string | null };

/**
 * The current path's group or project and its ancestor groups, by full path (the breadcrumbs'
 * avatars). Read from the cache only: the page has asked for its path first (useNamespaceContext);
 * before that, or outside a group or project, the trail is empty.
 */
export function useNamespaceTrail(): ReadonlyMap<string, TrailNamespace> {
  const { pathname } = useLocation();
  const location = parseNamespacePath(pathname);
  const { data } = useQuery(ResolvePathQueryDocument, {
    variables: { fullPath: location?.fullPath ?? '' },
    skip: !location,
    fetchPolicy: 'cache-only',
  });
  const groupsPrefix = location?.groupsPrefix ?? false;
  return useMemo(() => {
    const trail = new Map<string, TrailNamespace>();
    const project = groupsPrefix ? null : (data?.project ?? null);
    const group = project ? project.group : (data?.group ?? null);
    for (const namespace of [...(group?.ancestors ?? []), group, project]) {
      if (namespace) trail.set(namespace.fullPath, namespace);
    }
    return trail;
  }, [data, groupsPrefix]);
}
