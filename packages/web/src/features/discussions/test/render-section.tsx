// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { DiscussionSection } from '../discussion-section.tsx';
import { ALICE, viewer } from './discussion-fixtures.ts';

/** The noteable the section's component tests show: issue #7 of acme/app. */
export const NOTEABLE = { type: 'Issue', fullPath: 'acme/app', iid: '7' } as const;

/**
 * The discussion section of issue #7 on its page, signed in as Alice (her saved filter and sort are
 * GitLab's defaults), every other operation answered by `handlers`; answers the test client's
 * recorded calls and a user-event session.
 */
export function renderDiscussionSection(handlers: Record<string, Handler>) {
  const { client, calls } = createTestClient({
    CurrentUserQuery: () => viewer(ALICE),
    NotesPreferencesQuery: () => viewer(ALICE),
    ...handlers,
  });
  renderWithClient(
    <ToastProvider>
      <DiscussionSection noteable={NOTEABLE} />
    </ToastProvider>,
    '/acme/app/-/issues/7',
    client,
  );
  return { client, calls, user: userEvent.setup() };
}
