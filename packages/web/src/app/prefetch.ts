import type { ApolloClient } from '@apollo/client';
import { groupSubPage } from '@milepost/shared';
import { prefetchRoadmapFirstPage } from '../features/roadmap/roadmap-first-page.ts';
import { ResolvePathQueryDocument } from '../gql/graphql.ts';
import { parseNamespacePath } from '../lib/routes.ts';

/**
 * Starts the first URL's requests before React renders, in parallel with the page's code chunk: the
 * group/project lookup and, on a group roadmap, its first page of epics. The pages' `useQuery` with
 * the same document and variables then joins the in-flight request or reads the cache; a failed
 * prefetch is ignored, the page asks again.
 */
export function prefetchInitialRoute(client: ApolloClient, pathname: string, search = ''): void {
  const location = parseNamespacePath(pathname);
  if (!location) return;
  client.query({ query: ResolvePathQueryDocument, variables: { fullPath: location.fullPath } }).catch(() => {});
  if (location.groupsPrefix && groupSubPage(location.subPath)?.page === 'roadmap') {
    prefetchRoadmapFirstPage(client, location.fullPath, search);
  }
}
