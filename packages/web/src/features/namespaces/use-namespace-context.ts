import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { ResolvePathQueryDocument, type ResolvePathQueryQuery } from '../../gql/graphql.ts';
import { type NamespaceLocation, parseNamespacePath } from '../../lib/routes.ts';

export type ResolvedGroup = NonNullable<ResolvePathQueryQuery['group']>;
export type ResolvedProject = NonNullable<ResolvePathQueryQuery['project']>;

export type NamespaceContext =
  | { kind: 'none' }
  | { kind: 'loading'; location: NamespaceLocation }
  | { kind: 'error'; location: NamespaceLocation; error: unknown }
  | { kind: 'not-found'; location: NamespaceLocation }
  | { kind: 'group'; location: NamespaceLocation; group: ResolvedGroup }
  | { kind: 'project'; location: NamespaceLocation; project: ResolvedProject };

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
