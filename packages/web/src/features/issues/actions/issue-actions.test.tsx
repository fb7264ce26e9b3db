/** The issue's actions menu (spec 002 §2.1, §4.1, §4.4, §6, §8): who sees which item, and what each does. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderDetailPage } from '../../issuables/test/render-detail-page.tsx';
import type { Handler } from '../../roadmap/test/render-roadmap.tsx';
import { IssueActions } from './issue-actions.tsx';
import { ISSUABLE_CHANGE_EVENT, PROMOTE_ERROR, STATE_ERROR } from './use-issue-actions.ts';

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  CurrentUserQuery: 'CurrentUserQuery',
  IssueActionsUpdateMutation: 'IssueActionsUpdateMutation',
  IssuePromoteToEpicMutation: 'IssuePromoteToEpicMutation',
} as const;

const ALL = {
  __typename: 'IssuePermissions',
  updateIssue: true,
  reopenIssue: true,
  destroyIssue: true,
  promoteToEpic: true,
  reportSpam: true,
  adminIssue: true,
} as const;
const NONE = Object.fromEntries(Object.entries(ALL).map(([k, v]) => [k, k === '__typename' ? v : false]));

const VIEWER = {
  __typename: 'CurrentUser',
  id: 'gid://gitlab/User/9',
  name: 'Root',
  username: 'root',
  avatarUrl: null,
  webPath: '/root',
  admin: true,
};

function buildIssue(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Issue',
    id: 'gid://gitlab/Issue/40',
    iid: '12',
    state: 'opened',
    type: 'ISSUE',
    hidden: false,
    discussionLocked: false,
    subscribed: false,
    createNoteEmail: 'incoming+acme-platform-3-abc-issue-12@plan.example.com',
    webPath: '/acme/platform/-/issues/12',
    fullReference: 'acme/platform#12',
    author: { __typename: 'UserCore', id: 'gid://gitlab/User/2' },
    blockedByIssues: { __typename: 'IssueConnection', count: 0, nodes: [] },
    userPermissions: ALL,
    ...overrides,
  };
}

function setup(
  issue: ReturnType<typeof buildIssue>,
  handlers: Record<string, Handler> = {},
  viewer: typeof VIEWER | null = VIEWER,
) {
  return renderDetailPage(
    <IssueActions projectFullPath="acme/platform" iid="12" onEdit={() => undefined} />,
    '/acme/platform/-/issues/12',
    [
      'IssueActionsQuery',
      {
        project: {
          __typename: 'Project',
          id: 'gid://gitlab/Project/3',
          userPermissions: { __typename: 'ProjectPermissions', createIssue: true },
          issue,
        },
      },
    ],
    { [op.CurrentUserQuery]: () => ({ currentUser: viewer }), ...handlers },
  );
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Issue actions' }));
  return await screen.findByRole('menu', { name: 'Issue actions' });
}
const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

// Several menu and dialog round trips per test: slow on a busy machine.
describe('IssueActions', { timeout: 20_000 }, () => {
  it('offers every action to an administrator who may do everything (but not report their own… other’s issue)', async () => {
    const user = userEvent.setup();
    setup(buildIssue());
    const menu = await openMenu(user);
    await waitFor(() => expect(itemNames(menu)).toContain('Turn on notifications'));
    expect(itemNames(menu)).toEqual([
      'Close issue',
      'New related issue',
      'Promote to epic',
      'Lock discussion',
      'Turn on notifications',
      'Copy reference',
      'Copy email address',
      'Report abuse',
      'Submit as spam',
      'Delete issue',
    ]);
  });

  it('offers a signed-out visitor only Copy reference', async () => {
    const user = userEvent.setup();
    const { calls } = setup(buildIssue({ userPermissions: NONE, createNoteEmail: null }), {}, null);
    await waitFor(() => expect(calls.some((c) => c.operationName === 'CurrentUserQuery')).toBe(true));
    const menu = await openMenu(user);
    expect(itemNames(menu)).toEqual(['New related issue', 'Copy reference']);
  });

  it('reopens a closed issue with Reopen (its own flag), and announces the new state on the document', async () => {
    const user = userEvent.setup();
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as CustomEvent).detail);
    document.addEventListener(ISSUABLE_CHANGE_EVENT, listener);
    const { calls } = setup(buildIssue({ state: 'closed', userPermissions: { ...NONE, reopenIssue: true } }), {
      [op.IssueActionsUpdateMutation]: () => ({
        updateIssue: {
          __typename: 'UpdateIssuePayload',
          errors: [],
          issue: {
            __typename: 'Issue',
            id: 'gid://gitlab/Issue/40',
            state: 'opened',
            discussionLocked: false,
            lockVersion: 3,
            userPermissions: {
              __typename: 'IssuePermissions',
              updateIssue: false,
              reopenIssue: true,
              promoteToEpic: false,
            },
          },
        },
      }),
    });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Reopen issue' }));
    await waitFor(() =>
      expect(events).toEqual([{ data: { id: 'gid://gitlab/Issue/40', state: 'opened' }, isClosed: false }]),
    );
    expect(calls.find((c) => c.operationName === 'IssueActionsUpdateMutation')?.variables).toEqual({
      input: { projectPath: 'acme/platform', iid: '12', stateEvent: 'REOPEN' },
    });
    document.removeEventListener(ISSUABLE_CHANGE_EVENT, listener);
  });

  it('asks before closing a blocked issue, listing its blockers, and says when the status change fails', async () => {
    const user = userEvent.setup();
    const blocker = {
      __typename: 'Issue',
      id: 'gid://gitlab/Issue/41',
      iid: '3',
      title: 'Payment API',
      webUrl: 'http://x/acme/platform/-/issues/3',
      fullReference: 'acme/platform#3',
    };
    const { calls } = setup(
      buildIssue({ blockedByIssues: { __typename: 'IssueConnection', count: 2, nodes: [blocker] } }),
      {
        [op.IssueActionsUpdateMutation]: () => new GraphQLError('boom'),
      },
    );
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Close issue' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('This issue is currently blocked by the following issues:');
    expect(within(dialog).getByRole('link', { name: 'acme/platform#3' })).toBeTruthy();
    expect(dialog.textContent).toContain('+ 1 more');
    expect(calls.some((c) => c.operationName === 'IssueActionsUpdateMutation')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close issue' }));
    expect((await screen.findByRole('alert')).textContent).toContain(STATE_ERROR);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('copies the reference and the email address with their toasts', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    setup(buildIssue());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Copy reference' }));
    expect(await screen.findByText('Reference copied')).toBeTruthy();
    const menu = await openMenu(user);
    await waitFor(() => expect(itemNames(menu)).toContain('Copy email address'));
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy email address' }));
    expect(await screen.findByText('Email address copied')).toBeTruthy();
    expect(writeText.mock.calls).toEqual([
      ['acme/platform#12'],
      ['incoming+acme-platform-3-abc-issue-12@plan.example.com'],
    ]);
  });

  it('says so when promoting fails', async () => {
    const user = userEvent.setup();
    setup(buildIssue(), {
      [op.IssuePromoteToEpicMutation]: () => ({
        promoteToEpic: { __typename: 'PromoteToEpicPayload', errors: ['nope'], epic: null, issue: null },
      }),
    });
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Promote to epic' }));
    expect((await screen.findByRole('alert')).textContent).toContain(PROMOTE_ERROR);
  });

  it('puts Edit in the menu on narrow screens', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: () => undefined, removeEventListener: () => undefined })),
    );
    setup(buildIssue({ userPermissions: { ...NONE, updateIssue: true } }), {}, null);
    const menu = await openMenu(user);
    expect(itemNames(menu).slice(0, 2)).toEqual(['Edit', 'Close issue']);
  });
});
