import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confidentialText } from '../../../components/planning/sidebar-confidentiality.tsx';
import { clearCookies, setCookie } from '../../../test/cookies.ts';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { EpicSidebar } from './epic-sidebar.tsx';

const CONFIDENTIAL_TEXT = confidentialText('epic');

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  CurrentUserQuery: 'CurrentUserQuery',
  EpicParticipantsQuery: 'EpicParticipantsQuery',
  EpicSetSubscriptionMutation: 'EpicSetSubscriptionMutation',
  EpicSidebarQuery: 'EpicSidebarQuery',
  LabelPickerLabelsQuery: 'LabelPickerLabelsQuery',
  UpdateEpicSidebarMutation: 'UpdateEpicSidebarMutation',
} as const;

const GROUP_ID = 'gid://gitlab/Group/1';
const EPIC_ID = 'gid://gitlab/Epic/7';

const label = (id: string, title: string, color = '#428bca') => ({
  __typename: 'Label',
  id: `gid://gitlab/GroupLabel/${id}`,
  title,
  color,
  textColor: '#FFFFFF',
  description: null,
});

function buildEpic(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Epic',
    id: EPIC_ID,
    iid: '7',
    confidential: false,
    subscribed: false,
    color: '#1068bf',
    textColor: '#FFFFFF',
    hasParent: true,
    startDate: '2026-03-02',
    startDateIsFixed: false,
    startDateFixed: null,
    startDateFromInheritedSource: '2026-03-02',
    startDateSourcingMilestone: {
      __typename: 'Milestone',
      id: 'gid://gitlab/Milestone/3',
      title: 'Release 3',
      webPath: '/groups/acme/-/milestones/3',
    },
    startDateSourcingEpic: null,
    dueDate: '2026-06-30',
    dueDateIsFixed: true,
    dueDateFixed: '2026-06-30',
    dueDateFromInheritedSource: '2026-05-31',
    dueDateSourcingMilestone: null,
    dueDateSourcingEpic: {
      __typename: 'Epic',
      id: 'gid://gitlab/Epic/9',
      iid: '9',
      title: 'Child work',
      webPath: '/groups/acme/-/epics/9',
    },
    labels: { __typename: 'LabelConnection', nodes: [label('1', 'bug', '#d9534f'), label('2', 'priority::high')] },
    ancestors: {
      __typename: 'EpicConnection',
      nodes: [
        {
          __typename: 'Epic',
          id: 'gid://gitlab/Epic/1',
          iid: '1',
          title: 'Platform modernization',
          webPath: '/groups/acme/-/epics/1',
          confidential: false,
          group: { __typename: 'Group', id: GROUP_ID, fullPath: 'acme' },
        },
        {
          __typename: 'Epic',
          id: 'gid://gitlab/Epic/4',
          iid: '4',
          title: 'Observability',
          webPath: '/groups/acme/-/epics/4',
          confidential: true,
          group: { __typename: 'Group', id: GROUP_ID, fullPath: 'acme' },
        },
      ],
    },
    userPermissions: { __typename: 'EpicPermissions', updateEpic: true, adminEpic: true },
    ...overrides,
  };
}

type Epic = ReturnType<typeof buildEpic>;

const ALICE = {
  __typename: 'CurrentUser',
  id: 'gid://gitlab/User/2',
  username: 'alice',
  name: 'Alice Anderson',
  avatarUrl: null,
  webPath: '/alice',
  admin: false,
};

const participants = () => ({
  group: {
    __typename: 'Group',
    id: GROUP_ID,
    epic: {
      __typename: 'Epic',
      id: EPIC_ID,
      participants: {
        __typename: 'UserCoreConnection',
        nodes: [
          {
            __typename: 'UserCore',
            id: 'gid://gitlab/User/2',
            name: 'Alice Anderson',
            username: 'alice',
            avatarUrl: null,
            webPath: '/alice',
          },
          {
            __typename: 'UserCore',
            id: 'gid://gitlab/User/3',
            name: 'Bob Brown',
            username: 'bob',
            avatarUrl: null,
            webPath: '/bob',
          },
        ],
      },
    },
  },
});

const sidebarResult = (epic: Epic) => ({ group: { __typename: 'Group', id: GROUP_ID, epic } });
const updated = (epic: Epic, errors: string[] = []) => ({
  updateEpic: { __typename: 'UpdateEpicPayload', epic, errors },
});

function setup(epic: Epic, handlers: Record<string, Handler> = {}, { signedIn = true }: { signedIn?: boolean } = {}) {
  const { client, calls } = createTestClient({
    [op.EpicSidebarQuery]: () => sidebarResult(epic),
    [op.EpicParticipantsQuery]: participants,
    [op.CurrentUserQuery]: () => ({ currentUser: signedIn ? ALICE : null }),
    ...handlers,
  });
  renderWithClient(<EpicSidebar groupFullPath="acme" iid="7" />, '/groups/acme/-/epics/7', client);
  return { calls, user: userEvent.setup() };
}

const region = (name: string) => screen.getByRole('region', { name });
const mutationCalls = (calls: { operationName: string; variables: Record<string, unknown> }[], name: string) =>
  calls.filter((c) => c.operationName === name).map((c) => c.variables);

/** Gives `window.matchMedia` a width: queries of the form (max-width: Npx) match below it. */
function setWidth(width: number) {
  window.matchMedia = vi.fn((query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return {
      matches: width <= max,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

beforeEach(() => {
  clearCookies();
  setWidth(1440);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EpicSidebar: sections', () => {
  it('shows every section in order, with values, sources and ancestors', async () => {
    setup(buildEpic());
    await screen.findByRole('region', { name: 'Start date' });
    const sidebar = screen.getByRole('complementary', { name: 'Epic details' });
    const titles = within(sidebar)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(titles).toEqual([
      'To-do item',
      'Notifications',
      'Start date',
      'Due date',
      'Labels',
      'Color',
      'Confidentiality',
      'Ancestors',
      'Participants',
    ]);
    expect(region('Start date').textContent).toContain('Mar 2, 2026');
    expect(region('Start date').textContent).toContain('Inherited from milestone Release 3');
    expect(within(region('Start date')).getByRole('link', { name: 'Release 3' }).getAttribute('href')).toBe(
      '/groups/acme/-/milestones/3',
    );
    expect(region('Due date').textContent).toContain('Jun 30, 2026');
    expect(region('Due date').textContent).toContain('Fixed');
    expect(within(region('Labels')).getAllByRole('listitem')).toHaveLength(2);
    expect(region('Color').textContent).toContain('Blue');
    expect(region('Confidentiality').textContent).toContain('Not confidential');
    const ancestors = within(region('Ancestors')).getAllByRole('link');
    expect(ancestors.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Platform modernization', '/groups/acme/-/epics/1'],
      ['Observability', '/groups/acme/-/epics/4'],
    ]);
    expect(within(region('Ancestors')).getByRole('img', { name: 'Confidential' })).toBeTruthy();
  });

  it("says 'None' for empty dates and hides Ancestors without a parent", async () => {
    setup(
      buildEpic({
        hasParent: false,
        startDate: null,
        startDateFromInheritedSource: null,
        startDateSourcingMilestone: null,
        dueDate: null,
        dueDateIsFixed: false,
        dueDateFixed: null,
        dueDateFromInheritedSource: null,
        dueDateSourcingEpic: null,
      }),
    );
    await screen.findByRole('region', { name: 'Start date' });
    expect(region('Start date').textContent).toBe('Start dateEditNone');
    expect(region('Due date').textContent).toBe('Due dateEditNone');
    expect(screen.queryByRole('region', { name: 'Ancestors' })).toBeNull();
  });

  it("participants: avatars linking to each user's page, named in the count", async () => {
    setup(buildEpic());
    const link = await screen.findByRole('link', { name: 'Bob Brown' });
    expect(link.getAttribute('href')).toBe('/bob');
    expect(within(region('Participants')).getByRole('heading').textContent).toBe('2 Participants');
  });

  it("participants that cannot be fetched: 'There was an error getting the epic participants.'", async () => {
    setup(buildEpic(), { [op.EpicParticipantsQuery]: () => new Error('boom') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error getting the epic participants.');
    expect(region('Participants').textContent).toContain('There was an error getting the epic participants.');
  });

  it('read-only without update permission: no Edit buttons; signed out: no Notifications', async () => {
    setup(
      buildEpic({ userPermissions: { __typename: 'EpicPermissions', updateEpic: false, adminEpic: false } }),
      {},
      {
        signedIn: false,
      },
    );
    await screen.findByRole('region', { name: 'Start date' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull());
    expect(screen.queryAllByRole('button', { name: /^Edit/ })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Remove label/ })).toBeNull();
    expect(region('Labels').textContent).toContain('bug');
  });
});

describe('EpicSidebar: notifications', () => {
  it('subscribes with epicSetSubscription', async () => {
    const { calls, user } = setup(buildEpic(), {
      [op.EpicSetSubscriptionMutation]: () => ({
        epicSetSubscription: {
          __typename: 'EpicSetSubscriptionPayload',
          epic: { __typename: 'Epic', id: EPIC_ID, subscribed: true },
          errors: [],
        },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Notifications' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(mutationCalls(calls, 'EpicSetSubscriptionMutation')).toEqual([
      { input: { groupPath: 'acme', iid: '7', subscribedState: true } },
    ]);
  });

  it('alerts when subscribing fails and keeps the state', async () => {
    const { user } = setup(buildEpic(), { [op.EpicSetSubscriptionMutation]: () => new Error('down') });
    const toggle = await screen.findByRole('switch', { name: 'Notifications' });
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while subscribing to notifications.',
    );
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });
});

describe('EpicSidebar: dates', () => {
  it('saves a fixed start date with updateEpic', async () => {
    const saved = buildEpic({ startDate: '2026-04-01', startDateIsFixed: true, startDateFixed: '2026-04-01' });
    const { calls, user } = setup(buildEpic(), { [op.UpdateEpicSidebarMutation]: () => updated(saved) });
    await user.click(await screen.findByRole('button', { name: 'Edit start date' }));
    const start = region('Start date');
    expect(within(start).getByRole('radio', { name: /Inherited/ })).toHaveProperty('checked', true);
    await user.click(within(start).getByRole('radio', { name: 'Fixed' }));
    const input = within(start).getByRole('textbox', { name: 'Fixed start date' });
    await user.type(input, '2026-04-01{Enter}');
    await user.click(within(start).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(region('Start date').textContent).toContain('Apr 1, 2026'));
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([
      { input: { startDateIsFixed: true, startDateFixed: '2026-04-01', groupPath: 'acme', iid: '7' } },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit start date' })));
  });

  it('switches the due date to inherited, showing where it comes from', async () => {
    const saved = buildEpic({ dueDate: '2026-05-31', dueDateIsFixed: false });
    const { calls, user } = setup(buildEpic(), { [op.UpdateEpicSidebarMutation]: () => updated(saved) });
    await user.click(await screen.findByRole('button', { name: 'Edit due date' }));
    const due = region('Due date');
    expect(due.textContent).toContain('May 31, 2026');
    expect(within(due).getByRole('link', { name: '&9 Child work' })).toBeTruthy();
    await user.click(within(due).getByRole('radio', { name: /Inherited/ }));
    await user.click(within(due).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(region('Due date').textContent).toContain('Inherited from child epic &9 Child work'));
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([
      { input: { dueDateIsFixed: false, groupPath: 'acme', iid: '7' } },
    ]);
  });

  it('refuses a due date before the start date, saving nothing', async () => {
    const { calls, user } = setup(buildEpic());
    await user.click(await screen.findByRole('button', { name: 'Edit due date' }));
    const due = region('Due date');
    const input = within(due).getByRole('textbox', { name: 'Fixed due date' });
    await user.clear(input);
    await user.type(input, '2026-02-01{Enter}');
    await user.click(within(due).getByRole('button', { name: 'Save' }));
    expect(within(due).getByRole('alert').textContent).toBe(
      'The due date must be on or after the start date (Mar 2, 2026).',
    );
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([]);
  });

  it("alerts the server's first error when it refuses, and keeps the form", async () => {
    const { user } = setup(buildEpic(), {
      [op.UpdateEpicSidebarMutation]: () =>
        updated(buildEpic(), ['start_date_fixed must be on or before the due date']),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit start date' }));
    const start = region('Start date');
    await user.click(within(start).getByRole('radio', { name: 'Fixed' }));
    await user.type(within(start).getByRole('textbox', { name: 'Fixed start date' }), '2026-03-05{Enter}');
    await user.click(within(start).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'start_date_fixed must be on or before the due date',
    );
    expect(within(region('Start date')).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('EpicSidebar: labels', () => {
  it('saves the labels added and removed when the picker closes', async () => {
    const labels = { __typename: 'LabelConnection', nodes: [label('1', 'bug', '#d9534f'), label('3', 'ux')] };
    const { calls, user } = setup(buildEpic(), {
      [op.LabelPickerLabelsQuery]: () => ({
        group: {
          __typename: 'Group',
          id: GROUP_ID,
          labels: {
            __typename: 'LabelConnection',
            nodes: [label('1', 'bug', '#d9534f'), label('2', 'priority::high'), label('3', 'ux')],
          },
        },
      }),
      [op.UpdateEpicSidebarMutation]: () => updated(buildEpic({ labels })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit labels' }));
    await user.click(await screen.findByRole('option', { name: 'ux' }));
    await user.click(screen.getByRole('option', { name: 'priority::high' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(region('Labels')).getAllByRole('listitem')).toHaveLength(2));
    expect(region('Labels').textContent).toContain('ux');
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([
      {
        input: {
          addLabelIds: ['gid://gitlab/GroupLabel/3'],
          removeLabelIds: ['gid://gitlab/GroupLabel/2'],
          groupPath: 'acme',
          iid: '7',
        },
      },
    ]);
  });
});

describe('EpicSidebar: confidentiality', () => {
  it('turns confidentiality on after a confirmation', async () => {
    const { calls, user } = setup(buildEpic(), {
      [op.UpdateEpicSidebarMutation]: () => updated(buildEpic({ confidential: true })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit confidentiality' }));
    expect(region('Confidentiality').textContent).toContain("You're about to turn on the confidentiality.");
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(region('Confidentiality').textContent).toContain(CONFIDENTIAL_TEXT));
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([
      { input: { confidential: true, groupPath: 'acme', iid: '7' } },
    ]);
  });

  it("shows the server's reason when it refuses", async () => {
    const reason = 'Cannot make the epic confidential if it contains non-confidential child epics';
    const { user } = setup(buildEpic(), { [op.UpdateEpicSidebarMutation]: () => updated(buildEpic(), [reason]) });
    await user.click(await screen.findByRole('button', { name: 'Edit confidentiality' }));
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect(region('Confidentiality').textContent).toContain("You're about to turn on the confidentiality.");
  });

  it('Cancel leaves it as it was', async () => {
    const { calls, user } = setup(buildEpic({ confidential: true }));
    await user.click(await screen.findByRole('button', { name: 'Edit confidentiality' }));
    expect(region('Confidentiality').textContent).toContain("You're about to turn off the confidentiality.");
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(region('Confidentiality').textContent).toContain(CONFIDENTIAL_TEXT);
    expect(mutationCalls(calls, 'UpdateEpicSidebarMutation')).toEqual([]);
  });
});

describe('EpicSidebar: collapsing', () => {
  it('collapses to a rail and keeps the choice in the collapsed_gutter cookie', async () => {
    const { user } = setup(buildEpic());
    await screen.findByRole('region', { name: 'Start date' });
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByRole('region', { name: 'Start date' })).toBeNull();
    expect(document.cookie).toContain('collapsed_gutter=true');
    expect(screen.getByRole('button', { name: 'Labels: bug +1 more' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(document.cookie).toContain('collapsed_gutter=false');
    expect(await screen.findByRole('region', { name: 'Start date' })).toBeTruthy();
  });

  it('starts collapsed when the cookie says so', async () => {
    setCookie('collapsed_gutter', 'true');
    setup(buildEpic());
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Start date' })).toBeNull();
  });

  it('on a narrow screen starts collapsed, whatever the cookie, and opens as a drawer', async () => {
    setCookie('collapsed_gutter', 'false');
    setWidth(390);
    const { user } = setup(buildEpic());
    const open = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(screen.queryByRole('region', { name: 'Start date' })).toBeNull();
    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Epic details' });
    expect(await within(drawer).findByRole('region', { name: 'Start date' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a small screen the cookie is set to collapsed when the page is left', async () => {
    setWidth(1000);
    setup(buildEpic());
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    window.dispatchEvent(new Event('pagehide'));
    expect(document.cookie).toContain('collapsed_gutter=true');
  });
});

describe('EpicSidebar: failures', () => {
  it("alerts 'An error occurred while saving the due date.' when the request fails", async () => {
    const { user } = setup(buildEpic(), { [op.UpdateEpicSidebarMutation]: () => new Error('network down') });
    await user.click(await screen.findByRole('button', { name: 'Edit due date' }));
    await user.click(within(region('Due date')).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while saving the due date.');
  });

  it('says so when the sidebar cannot be fetched', async () => {
    setup(buildEpic(), { [op.EpicSidebarQuery]: () => new Error('down') });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something went wrong while fetching the epic sidebar.',
    );
  });
});
