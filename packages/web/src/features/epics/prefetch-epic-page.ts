import type { PrefetchClient } from '../../app/prefetch-client.ts';
import { EpicPageQueryDocument } from '../../gql/graphql.ts';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';
import { prefetchEpicTreeFirstPage } from './child-items/tree-first-page.ts';

/**
 * The epic page's first requests on a first load, before React renders: the child-items tree's
 * first page first (the browser sends at most six requests to a server at once, and the shell's
 * come before), then the page's own query (the header, the sidebar and the linked items'
 * permission). The activity, below them, is asked for once both have answered (or failed), so it
 * takes neither a connection nor the server's time from the first screen.
 */
export function prefetchEpicPage(client: PrefetchClient, groupFullPath: string, iid: string): void {
  const tree = prefetchEpicTreeFirstPage(client, groupFullPath, iid);
  const page = client
    .query({ query: EpicPageQueryDocument, variables: { fullPath: groupFullPath, iid } })
    .catch(() => undefined);
  void Promise.all([tree, page]).then(() =>
    prefetchDiscussions(client, { type: 'Epic', fullPath: groupFullPath, iid }),
  );
}
