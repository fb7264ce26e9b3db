import { useQuery } from '@apollo/client/react';
import { CurrentUserQueryDocument, type CurrentUserQueryQuery } from '../gql/graphql.ts';

export type CurrentUser = NonNullable<CurrentUserQueryQuery['currentUser']>;

/** The signed-in user (null when signed out), from the GraphQL cache. */
export function useCurrentUser() {
  const { data, loading, error } = useQuery(CurrentUserQueryDocument);
  return { currentUser: data?.currentUser ?? null, loading: loading && !data, error };
}
