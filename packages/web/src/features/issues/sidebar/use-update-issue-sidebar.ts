import { useMutation } from '@apollo/client/react';
import { useSidebarSave } from '../../../components/planning/use-sidebar-save.ts';
import { type UpdateIssueInput, UpdateIssueSidebarMutationDocument } from '../../../gql/graphql.ts';

export type IssueSidebarInput = Omit<UpdateIssueInput, 'projectPath' | 'iid' | 'clientMutationId'>;

/** Saves one sidebar attribute with `updateIssue`; failures alert the server's error or `fallback`. */
export function useUpdateIssueSidebar(projectPath: string, iid: string) {
  const [mutate, { loading }] = useMutation(UpdateIssueSidebarMutationDocument);
  const save = useSidebarSave(async (input: IssueSidebarInput) => {
    const result = await mutate({ variables: { input: { ...input, projectPath, iid } } });
    const payload = result.data?.updateIssue;
    return payload ? { saved: Boolean(payload.issue), errors: payload.errors } : null;
  });
  return { save, isSaving: loading };
}
