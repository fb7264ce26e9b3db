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
