import { CombinedGraphQLErrors } from '@apollo/client';
import { useAlerts } from '../../app/alerts/use-alerts.ts';

/** What a sidebar mutation answered: its payload's errors, or no payload at all. */
export type SidebarSaveResult = { saved: boolean; errors: readonly string[] } | null;

/**
 * Wraps one sidebar mutation: a refusal shows the server's first error in a danger alert, anything
 * else `fallback`; resolves to whether it was saved. Shared by the epic and the issue sidebar.
 */
export function useSidebarSave<Input>(run: (input: Input) => Promise<SidebarSaveResult>) {
  const { pushAlert } = useAlerts();
  return async (input: Input, fallback: string): Promise<boolean> => {
    try {
      const result = await run(input);
      if (result?.saved && result.errors.length === 0) return true;
      pushAlert({ variant: 'danger', message: result?.errors[0] ?? fallback });
    } catch (error) {
      const message = CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
      pushAlert({ variant: 'danger', message: message ?? fallback });
    }
    return false;
  };
}
