import type { ApolloClient } from '@apollo/client';
import { ResolvePathQueryDocument } from '../gql/graphql.ts';
import { parseNamespacePath } from '../lib/routes.ts';

/**
 * Starts the group/project lookup for the first URL before React renders, in parallel with the
 * page's code chunk. The pages' `useQuery` with the same document and variables then joins the
 * in-flight request or reads the cache; a failed prefetch is ignored, the page asks again.
 */
export function prefetchInitialRoute(client: ApolloClient, pathname: string): void {
  const location = parseNamespacePath(pathname);
  if (!location) return;
  client.query({ query: ResolvePathQueryDocument, variables: { fullPath: location.fullPath } }).catch(() => {});
}
