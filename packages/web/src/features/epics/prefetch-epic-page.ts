import type { ApolloClient } from '@apollo/client';
import { EpicPageQueryDocument } from '../../gql/graphql.ts';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';
import { prefetchEpicTreeFirstPage } from './child-items/tree-first-page.ts';

/**
 * The epic page's first requests, all at once (see prefetchIssuePage): the epic, the first page of
 * its child items (the tree's first rows) and its activity.
 */
export function prefetchEpicPage(client: ApolloClient, groupFullPath: string, iid: string): void {
  client.query({ query: EpicPageQueryDocument, variables: { fullPath: groupFullPath, iid } }).catch(() => undefined);
  prefetchEpicTreeFirstPage(client, groupFullPath, iid);
  prefetchDiscussions(client, { type: 'Epic', fullPath: groupFullPath, iid });
}
