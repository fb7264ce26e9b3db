import { issuesListViewFromUrl } from '@milepost/shared';
import type { PrefetchClient } from '../../../app/prefetch-client.ts';
import {
  IssuesListContextQueryDocument,
  IssuesListCountsQueryDocument,
  IssuesListQueryDocument,
} from '../../../gql/graphql.ts';
import { issuesListVariables } from './use-issues-list.ts';
import { storedPageSize } from './use-issues-list-view.ts';

/**
 * The issue list's first requests for the first URL (`app/prefetch.ts`), before the page's code has
 * loaded: the page's context (the header's and the search bar's abilities: asked late, it reshaped
 * the search bar's suggestions under the pointer), its page of issues and the state tabs' counts,
 * with the variables the page derives from the same URL and stored page size, so the page's queries
 * find them in flight or answered. The issues of a view with an epic token are left to the page (the
 * epic's id is asked for first). Failures are ignored: the page asks again. The requests' promises
 * settle when each is answered or failed.
 */
export function prefetchIssuesList(
  client: PrefetchClient,
  fullPath: string,
  isProject: boolean,
  search: string,
): Promise<unknown>[] {
  const view = issuesListViewFromUrl(new URLSearchParams(search));
  const groupPath = isProject ? fullPath.split('/').slice(0, -1).join('/') : fullPath;
  const { variables, filterVariables, epicLookup } = issuesListVariables(
    { fullPath, isProject, groupPath },
    view,
    view.pageSize ?? storedPageSize(),
  );
  const context = client
    .query({ query: IssuesListContextQueryDocument, variables: { fullPath, isProject, groupPath } })
    .catch(() => undefined);
  if (epicLookup !== null) return [context];
  return [
    context,
    client.query({ query: IssuesListQueryDocument, variables }).catch(() => undefined),
    client.query({ query: IssuesListCountsQueryDocument, variables: filterVariables }).catch(() => undefined),
  ];
}
