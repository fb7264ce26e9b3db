import { useQuery } from '@apollo/client/react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { AccountQueryDocument } from '../../gql/graphql.ts';

/** The signed-in user's account data (null while loading or signed out) and whether the server sends email. */
export function useAccount() {
  const { data, error, refetch } = useQuery(AccountQueryDocument);
  useErrorAlert(error, 'Something went wrong while loading your account.');
  return {
    account: data?.currentUser ?? null,
    sendsEmail: data?.sendsEmail ?? false,
    loaded: data !== undefined,
    refetch,
  };
}
