import { ApolloClient, HttpLink, InMemoryCache, type TypePolicies } from '@apollo/client';
import { discussionsTypePolicies } from '../features/discussions/discussions-cache.ts';
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
      // The roadmap's paged lists and client-only settings; a noteable's discussions, paged into
      // one list per filter and sort (both add fields to Epic: their fields are merged).
      ...mergeTypePolicies(roadmapTypePolicies, discussionsTypePolicies),
    },
  });
}

/** Several features' type policies in one: the field policies of a type they share are combined. */
export function mergeTypePolicies(...all: TypePolicies[]): TypePolicies {
  const merged: TypePolicies = {};
  for (const policies of all) {
    for (const [type, policy] of Object.entries(policies)) {
      const before = merged[type];
      merged[type] = before ? { ...before, ...policy, fields: { ...before.fields, ...policy.fields } } : policy;
    }
  }
  return merged;
}
