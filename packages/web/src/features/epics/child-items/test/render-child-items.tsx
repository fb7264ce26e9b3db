/** Renders the child-items panel of epic acme&1 over a test client that answers by operation. */
import { createTestClient, type Handler, renderWithClient } from '../../../roadmap/test/render-roadmap.tsx';
import { ChildItemsPanel } from '../child-items-panel.tsx';

const OPERATIONS = {
  childItems: 'EpicChildItemsQuery',
  reorder: 'EpicTreeReorderMutation',
  createEpic: 'CreateChildEpicMutation',
  createIssue: 'CreateChildIssueMutation',
  projects: 'ChildItemsProjectsQuery',
  groups: 'ChildItemsGroupsQuery',
  suggestions: 'AddExistingSuggestionsQuery',
} as const;

/** Test answers by operation (camel-case keys, so the linter does not take them for components). */
export type Answers = Partial<Record<keyof typeof OPERATIONS, Handler>>;

function byOperation(answers: Answers): Record<string, Handler> {
  return Object.fromEntries(
    Object.entries(answers).map(([key, handler]) => [OPERATIONS[key as keyof typeof OPERATIONS], handler as Handler]),
  );
}

/** Renders the panel; returns the requests the client received. */
export function renderChildItemsPanel(answers: Answers) {
  const { client, calls } = createTestClient(byOperation(answers));
  renderWithClient(<ChildItemsPanel groupFullPath="acme" iid="1" />, '/groups/acme/-/epics/1', client);
  return calls;
}
