import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HIDDEN_ANCESTOR } from '../../../components/planning/sidebar-ancestors.tsx';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { IssueSidebar } from './issue-sidebar.tsx';

const TODAY = '2026-11-25';
const ISSUE_ID = 'gid://gitlab/Issue/40';
const PROJECT_ID = 'gid://gitlab/Project/3';

function buildIssue(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Issue',
    id: ISSUE_ID,
    iid: '12',
    state: 'opened',
    confidential: false,
    discussionLocked: false,
    subscribed: false,
    weight: 5,
    dueDate: '2026-11-26',
    healthStatus: 'needsAttention',
    reference: 'acme/web#12',
    timeEstimate: 57600,
    humanTimeEstimate: '2d',
    totalTimeSpent: 14400,
    humanTotalTimeSpent: '4h',
    hasEpic: false,
    assignees: { __typename: 'UserCoreConnection', nodes: [] },
    participants: { __typename: 'UserCoreConnection', nodes: [] },
    labels: { __typename: 'LabelConnection', nodes: [] },
    milestone: null,
    epic: null,
    userPermissions: { __typename: 'IssuePermissions', updateIssue: true, adminIssue: true },
    ...overrides,
  };
}

type Issue = ReturnType<typeof buildIssue>;

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  CurrentUserQuery: 'CurrentUserQuery',
  IssueSidebarQuery: 'IssueSidebarQuery',
  TimelogCreateMutation: 'TimelogCreateMutation',
  UpdateIssueSidebarMutation: 'UpdateIssueSidebarMutation',
} as const;

const ALICE = {
  __typename: 'CurrentUser',
  id: 'gid://gitlab/User/2',
  username: 'alice',
  name: 'Alice Anderson',
  avatarUrl: null,
  webPath: '/alice',
  admin: false,
};

function setup(issue: Issue, handlers: Record<string, Handler> = {}) {
  const { client, calls } = createTestClient({
    [op.IssueSidebarQuery]: () => ({
      project: {
        __typename: 'Project',
        id: PROJECT_ID,
        group: { __typename: 'Group', id: 'gid://gitlab/Group/1', fullPath: 'acme' },
        issue,
      },
    }),
    [op.CurrentUserQuery]: () => ({ currentUser: ALICE }),
    ...handlers,
  });
  renderWithClient(
    <ToastProvider>
      <IssueSidebar projectPath="acme/web" iid="12" today={TODAY} />
    </ToastProvider>,
    '/acme/web/-/issues/12',
    client,
  );
  return { calls, user: userEvent.setup() };
}

const region = (name: string) => screen.getByRole('region', { name });
const updated = (issue: Issue, errors: string[] = []) => ({
  updateIssue: { __typename: 'UpdateIssuePayload', issue: errors.length ? null : issue, errors },
});

describe('IssueSidebar', () => {
  it('shows the sections in order with their values', async () => {
    setup(buildIssue());
    await screen.findByRole('region', { name: 'Weight' });
    const sections = screen.getAllByRole('region').filter((r) => r.hasAttribute('data-section'));
    const name = (r: HTMLElement) =>
      r.getAttribute('aria-label') ?? document.getElementById(r.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(sections.map(name)).toEqual([
      'To-do item',
      'Assignees',
      'Labels',
      'Milestone',
      'Iteration',
      'Weight',
      'Due date',
      'Health status',
      'Epic',
      'Time tracking',
      'Confidentiality',
      'Lock discussion',
      'Participants',
      'Notifications',
      'Reference',
    ]);
    expect(region('Due date').textContent).toContain('Tomorrow');
    expect(region('Health status').textContent).toContain('Needs attention');
    expect(region('Time tracking').textContent).toContain('4h');
    expect(region('Time tracking').textContent).toContain('2d');
    expect(screen.getByRole('progressbar', { name: 'Time spent of the estimate' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(region('Reference').textContent).toContain('acme/web#12');
  });

  it('marks a past due date of an open issue as overdue, but not of a closed one', async () => {
    setup(buildIssue({ dueDate: '2026-11-01' }));
    await waitFor(() => expect(region('Due date').textContent).toContain('(Overdue)'));
  });

  it('says when the epic is hidden from the viewer', async () => {
    setup(buildIssue({ hasEpic: true, epic: null }));
    await waitFor(() => expect(region('Epic').textContent).toContain(HIDDEN_ANCESTOR));
  });

  it('refuses a weight over 99999 before saving, then saves a valid one', async () => {
    const { calls, user } = setup(buildIssue(), {
      [op.UpdateIssueSidebarMutation]: (v) => updated(buildIssue({ weight: (v.input as { weight: number }).weight })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit weight' }));
    const box = screen.getByRole('textbox', { name: 'Weight' });
    await user.clear(box);
    await user.type(box, '100000{Enter}');
    expect(region('Weight').textContent).toContain('Weight must be 99999 or less.');
    expect(calls.some((c) => c.operationName === 'UpdateIssueSidebarMutation')).toBe(false);
    await user.clear(box);
    await user.type(box, '13{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit weight' })));
    expect(region('Weight').textContent).toContain('13');
    expect(calls.find((c) => c.operationName === 'UpdateIssueSidebarMutation')?.variables).toEqual({
      input: { weight: 13, projectPath: 'acme/web', iid: '12' },
    });
  });

  it("alerts the spec's health status error when setting it fails", async () => {
    const { user } = setup(buildIssue(), { [op.UpdateIssueSidebarMutation]: () => new Error('network') });
    await user.click(await screen.findByRole('button', { name: 'Edit health status' }));
    await user.click(screen.getByRole('button', { name: /Health status/ }));
    await user.click(screen.getByRole('option', { name: 'At risk' }));
    expect(await screen.findByText('Something went wrong while setting issue health status.')).toBeTruthy();
  });

  it("checks the estimate's format, then sends GitLab's duration text", async () => {
    const { calls, user } = setup(buildIssue(), {
      [op.UpdateIssueSidebarMutation]: () => updated(buildIssue({ timeEstimate: 230400, humanTimeEstimate: '1w 3h' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit estimate' }));
    const box = screen.getByRole('textbox', { name: 'Estimate' });
    expect((box as HTMLInputElement).value).toBe('2d');
    await user.clear(box);
    await user.type(box, 'soon{Enter}');
    expect(region('Time tracking').textContent).toContain('Enter a time such as 1h 30m.');
    await user.clear(box);
    await user.type(box, '1w 3h{Enter}');
    await waitFor(() => expect(region('Time tracking').textContent).toContain('1w 3h'));
    expect(calls.find((c) => c.operationName === 'UpdateIssueSidebarMutation')?.variables).toEqual({
      input: { timeEstimate: '1w 3h', projectPath: 'acme/web', iid: '12' },
    });
  });

  it("shows the server's reason when logging time is refused", async () => {
    const { user } = setup(buildIssue(), {
      [op.TimelogCreateMutation]: () => ({
        timelogCreate: {
          __typename: 'TimelogCreatePayload',
          timelog: null,
          errors: ['Time to subtract exceeds the total time spent'],
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add time spent' }));
    await user.type(screen.getByRole('textbox', { name: 'Time spent' }), '-8h{Enter}');
    expect(await screen.findByText('Time to subtract exceeds the total time spent')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Time spent' }) as HTMLInputElement).value).toBe('-8h');
  });

  it('is read-only without adminIssue', async () => {
    setup(buildIssue({ userPermissions: { __typename: 'IssuePermissions', updateIssue: true, adminIssue: false } }));
    await screen.findByRole('region', { name: 'Weight' });
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add time spent' })).toBeNull();
  });
});
