import { useMutation } from '@apollo/client/react';
import { useSidebarSave } from '../../../components/planning/use-sidebar-save.ts';
import { type UpdateEpicInput, UpdateEpicSidebarMutationDocument } from '../../../gql/graphql.ts';

export type EpicSidebarInput = Omit<UpdateEpicInput, 'groupPath' | 'iid' | 'clientMutationId'>;

/**
 * Saves one sidebar attribute with `updateEpic`. A refusal shows the server's first error in a
 * danger alert (spec 001 §7), anything else `fallback`; resolves to whether it was saved.
 */
export function useUpdateEpicSidebar(fullPath: string, iid: string) {
  const [mutate, { loading }] = useMutation(UpdateEpicSidebarMutationDocument);
  const save = useSidebarSave(async (input: EpicSidebarInput) => {
    const result = await mutate({ variables: { input: { ...input, groupPath: fullPath, iid } } });
    const payload = result.data?.updateEpic;
    return payload ? { saved: payload.epic !== null && payload.epic !== undefined, errors: payload.errors } : null;
  });
  return { save, isSaving: loading };
}
