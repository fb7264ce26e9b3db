import type { PrefetchClient } from '../../app/prefetch-client.ts';
import { IssuePageQueryDocument } from '../../gql/graphql.ts';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';

/**
 * The issue page's first requests, all at once: the issue (header, title, description) and its
 * discussion section's (the viewer's filter and sort, then the first page of activity). Sent from
 * `app/prefetch.ts` for the first URL, before the page's code has loaded or the project has been
 * looked up; the page's queries then join them or read them from the cache. Settles when the issue
 * is answered or failed (what the app's first render waits for, decision 0080); the activity is not
 * waited for: it mounts after the first screen's paint.
 */
export function prefetchIssuePage(client: PrefetchClient, projectFullPath: string, iid: string): Promise<unknown> {
  const issue = client
    .query({ query: IssuePageQueryDocument, variables: { fullPath: projectFullPath, iid } })
    .catch(() => undefined);
  prefetchDiscussions(client, { type: 'Issue', fullPath: projectFullPath, iid });
  return issue;
}
