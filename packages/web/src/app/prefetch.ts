import type { ApolloClient } from '@apollo/client';
import { groupSubPage, projectSubPage } from '@milepost/shared';
import { prefetchEpicPage } from '../features/epics/prefetch-epic-page.ts';
import { prefetchIssuePage } from '../features/issues/prefetch-issue-page.ts';
import { prefetchRoadmapFirstPage } from '../features/roadmap/roadmap-first-page.ts';
import { ResolvePathQueryDocument } from '../gql/graphql.ts';
import { parseNamespacePath } from '../lib/routes.ts';

/**
 * Starts the first URL's requests before React renders, in parallel with the page's code chunk: the
 * group/project lookup and, on a group roadmap, its first page of epics; on an issue or epic page,
 * the issue or epic and the first page of its activity. The pages' `useQuery` with
 * the same document and variables then joins the in-flight request or reads the cache; a failed
 * prefetch is ignored, the page asks again.
 */
export function prefetchInitialRoute(client: ApolloClient, pathname: string, search = ''): void {
  const location = parseNamespacePath(pathname);
  if (!location) return;
  client.query({ query: ResolvePathQueryDocument, variables: { fullPath: location.fullPath } }).catch(() => {});
  const groupPage = location.groupsPrefix ? groupSubPage(location.subPath) : null;
  if (groupPage?.page === 'roadmap') prefetchRoadmapFirstPage(client, location.fullPath, search);
  if (groupPage?.page === 'epic') prefetchEpicPage(client, location.fullPath, groupPage.iid);
  // `/<project>/-/issues/<iid>` is always a project's (a group's issues live under /groups/).
  const projectPage = location.groupsPrefix ? null : projectSubPage(location.subPath);
  if (projectPage?.page === 'issue' || projectPage?.page === 'incident') {
    prefetchIssuePage(client, location.fullPath, projectPage.iid);
  }
}
