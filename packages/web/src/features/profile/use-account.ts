import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { AccountQueryDocument } from '../../gql/graphql.ts';

/** The signed-in user's account data (null while loading or signed out), for the account pages. */
export function useAccount() {
  const { data, error, refetch } = useQuery(AccountQueryDocument);
  useErrorAlert(error, 'Something went wrong while loading your account.');
  return { account: data?.currentUser ?? null, loaded: data !== undefined, refetch };
}
