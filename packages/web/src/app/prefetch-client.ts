import type { ApolloClient } from '@apollo/client';

/**
 * What the first URL's prefetch functions (`app/prefetch.ts`, `features/…/prefetch-*.ts`) ask through:
 * the app's Apollo client, or — before the app's code has loaded — the early script's
 * (`app/first-requests.ts`), which sends the same requests and keeps no cache.
 */
export type PrefetchClient = Pick<ApolloClient, 'query'> & { readonly cache?: ApolloClient['cache'] };

/** Whether the client keeps a cache (the app's Apollo client): work that writes into it runs only then. */
export function keepsCache(client: PrefetchClient): client is ApolloClient {
  return client.cache !== undefined;
}

/**
 * Asked with `context: { [FIRST_BATCH]: true }`: the early script (`first-requests.ts`) sends such
 * queries of one task together, as one POST of a JSON array (GitLab's multiplexed queries; the
 * server's Yoga batches), not one each. The shell's small queries and the path lookup
 * (`app/prefetch.ts`) are: as five requests they held five of the browser's six connections to the
 * server, which the page's files then waited for, and cost five session lookups on the server.
 * Apollo's link ignores the key: the app sends each query alone, as before.
 */
export const FIRST_BATCH = 'milepostFirstBatch';
