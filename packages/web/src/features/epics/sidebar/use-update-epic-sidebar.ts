import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { type UpdateEpicInput, UpdateEpicSidebarMutationDocument } from '../../../gql/graphql.ts';

export type EpicSidebarInput = Omit<UpdateEpicInput, 'groupPath' | 'iid' | 'clientMutationId'>;

/**
 * Saves one sidebar attribute with `updateEpic`. A refusal shows the server's first error in a
 * danger alert (spec 001 §7), anything else `fallback`; resolves to whether it was saved.
 */
export function useUpdateEpicSidebar(fullPath: string, iid: string) {
  const { pushAlert } = useAlerts();
  const [mutate, { loading }] = useMutation(UpdateEpicSidebarMutationDocument);

  const save = async (input: EpicSidebarInput, fallback: string): Promise<boolean> => {
    try {
      const result = await mutate({ variables: { input: { ...input, groupPath: fullPath, iid } } });
      const payload = result.data?.updateEpic;
      if (payload?.epic && payload.errors.length === 0) return true;
      pushAlert({ variant: 'danger', message: payload?.errors[0] ?? fallback });
    } catch (error) {
      const message = CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
      pushAlert({ variant: 'danger', message: message ?? fallback });
    }
    return false;
  };

  return { save, isSaving: loading };
}
