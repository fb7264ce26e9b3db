import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { roadmapTypePolicies } from '../features/roadmap/roadmap-cache.ts';
import { csrfFetch } from '../lib/csrf.ts';

export const GRAPHQL_ENDPOINT = '/api/graphql';

/**
 * The one GraphQL client. Every request carries the session cookie (same origin) and the
 * `X-CSRF-Token` header read from the `_milepost_csrf` cookie at request time.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin', fetch: csrfFetch }),
    cache: new InMemoryCache({
      // Fragments on an interface match its types only when the cache knows them (the schema's
      // `implements`); without this, `MemberRowFields` would write nothing for a GroupMember.
      possibleTypes: { MemberInterface: ['GroupMember', 'ProjectMember'] },
      typePolicies: {
        // Permissions are per viewer and per object: store them inside their object, replacing wholesale.
        GroupPermissions: { merge: true },
        ProjectPermissions: { merge: true },
        // The roadmap's paged lists and client-only settings.
        ...roadmapTypePolicies,
      },
    }),
  });
}
