import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { roadmapTypePolicies } from '../features/roadmap/roadmap-cache.ts';
import { csrfFetch } from '../lib/csrf.ts';
import { GRAPHQL_ENDPOINT, handOverFetch } from './first-requests.ts';

/**
 * The one GraphQL client. Every request carries the session cookie (same origin) and the
 * `X-CSRF-Token` header read from the `_milepost_csrf` cookie at request time. A query the early
 * script already sent for the first URL is answered from that request (`handOverFetch`).
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin', fetch: handOverFetch(csrfFetch) }),
    cache: createCache(),
  });
}

/** The app's cache (also under the component tests' clients, so they behave as the app does). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    // Fragments on an interface match its types only when the cache knows them (the schema's
    // `implements`); without this, `MemberRowFields` would write nothing for a GroupMember.
    possibleTypes: { MemberInterface: ['GroupMember', 'ProjectMember'] },
    typePolicies: {
      // Permissions are per viewer and per object: store them inside their object. Two queries may
      // ask for different abilities of one object (the epic page's header and its discussions):
      // their answers are merged, not replaced.
      GroupPermissions: { merge: true },
      ProjectPermissions: { merge: true },
      EpicPermissions: { merge: true },
      IssuePermissions: { merge: true },
      // A list of epics not paged by its arguments (an epic's ancestors): the epic page's header asks
      // for their nodes, its child-items tree for their count. Replaced, one answer erased the other's
      // fields, and the page asked for its query again.
      EpicConnection: { merge: true },
      // The roadmap's paged lists and client-only settings. (A noteable's discussions are kept in the
      // discussion section's own store, not here: decision 0067.)
      ...roadmapTypePolicies,
    },
  });
}
