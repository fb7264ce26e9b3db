import type { ApolloClient } from '@apollo/client';
import { EpicPageQueryDocument } from '../../gql/graphql.ts';
import { prefetchDiscussions } from '../discussions/prefetch-discussions.ts';

/** The epic page's first requests, all at once (see prefetchIssuePage): the epic and its activity. */
export function prefetchEpicPage(client: ApolloClient, groupFullPath: string, iid: string): void {
  client.query({ query: EpicPageQueryDocument, variables: { fullPath: groupFullPath, iid } }).catch(() => undefined);
  prefetchDiscussions(client, { type: 'Epic', fullPath: groupFullPath, iid });
}
