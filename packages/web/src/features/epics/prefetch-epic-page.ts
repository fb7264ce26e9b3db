import { keepsCache, type PrefetchClient } from '../../app/prefetch-client.ts';
import { EpicPageQueryDocument } from '../../gql/graphql.ts';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';
import { prefetchEpicTreeFirstPage } from './child-items/tree-first-page.ts';

/**
 * The epic page's first requests on a first load, before React renders: the child-items tree's
 * first page first (the browser sends at most six requests to a server at once, and the shell's
 * come before), then the page's own query (the header, the sidebar and the linked items'
 * permission). Answers when both have settled (never rejects): what the app's first render waits
 * for (decision 0079).
 *
 * The activity, below them, is asked for by the early script once both have answered (or failed),
 * so it takes neither a connection nor the server's time from the first screen. The app's own run
 * (`main.tsx`, through Apollo) leaves it to the page, which asks once its first screen is painted:
 * taking its answers over then, not between the tree's answer and its first row (decision 0079).
 */
export function prefetchEpicPage(client: PrefetchClient, groupFullPath: string, iid: string): Promise<void> {
  const tree = prefetchEpicTreeFirstPage(client, groupFullPath, iid);
  const page = client
    .query({ query: EpicPageQueryDocument, variables: { fullPath: groupFullPath, iid } })
    .catch(() => undefined);
  const firstScreen = Promise.all([tree, page]).then(() => undefined);
  if (!keepsCache(client)) {
    void firstScreen.then(() => prefetchDiscussions(client, { type: 'Epic', fullPath: groupFullPath, iid }));
  }
  return firstScreen;
}
