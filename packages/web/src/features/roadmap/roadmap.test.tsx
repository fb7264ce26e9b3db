import { DEFAULT_DATE_PREFERENCES, getTimeframe } from '@milepost/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { setDatePreferences } from '../../lib/format-date.ts';
import { Roadmap } from './roadmap.tsx';
import { createTestClient, type Handler, renderWithClient, setUpRoadmapTests } from './test/render-roadmap.tsx';
import { buildRoadmapEpic, buildRoadmapMilestone } from './test/roadmap-fixtures.ts';
import type { RoadmapEpic } from './utils/roadmap-rows.ts';

const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: 1000 };

function epicsPage(nodes: RoadmapEpic[], { count = nodes.length, hasNextPage = false, endCursor = 'end' } = {}) {
  return {
    group: {
      ...GROUP,
      epics: {
        __typename: 'EpicConnection',
        count,
        nodes,
        pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor },
      },
    },
  };
}

function childrenPage(nodes: RoadmapEpic[], childrenCount = nodes.length) {
  return {
    group: {
      ...GROUP,
      epic: {
        __typename: 'Epic',
        id: 'gid://gitlab/Epic/parent',
        childrenCount,
        children: {
          __typename: 'EpicConnection',
          count: nodes.length,
          nodes,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      },
    },
  };
}

/** A server cursor (decision 0041) naming the row at `position` of a list of `total`. */
const cursorAt = (position: number, total: number) => btoa(`OffsetConnection:${position}:${total}:digest`);
/** Where the window after a cursor starts; null for the first page. */
const positionAfter = (after: unknown) =>
  typeof after === 'string' ? Number(/^OffsetConnection:(\d+)/.exec(atob(after))?.[1]) + 1 : null;

/** The window of 50 rows ('Row <position>') after `after` of a list of `total`. */
function windowAt(after: unknown, total: number) {
  const start = positionAfter(after) ?? 0;
  const nodes = Array.from({ length: Math.min(50, total - start) }, (_, i) =>
    buildRoadmapEpic({ id: `row-${start + i}`, title: `Row ${start + i}` }),
  );
  return epicsPage(nodes, { count: total, hasNextPage: start + 50 < total, endCursor: cursorAt(start + 49, total) });
}

/** Scrolls the roadmap so the row at `index` is at the top (rows are 50 px; jsdom has no layout). */
function scrollToRow(index: number) {
  const shell = screen.getByTestId('roadmap-shell');
  act(() => {
    shell.scrollTop = index * 50;
    shell.dispatchEvent(new Event('scroll'));
  });
}

const DEFAULT_HANDLERS: Record<string, Handler> = {
  currentUser: () => ({ currentUser: null }),
  viewer: () => ({ currentUser: null }),
  permissions: () => ({
    group: { ...GROUP, userPermissions: { __typename: 'GroupPermissions', createEpic: true } },
  }),
  milestones: () => ({
    group: {
      ...GROUP,
      milestones: {
        __typename: 'MilestoneConnection',
        count: 1,
        nodes: [buildRoadmapMilestone({ title: '2026 Q4', startDate: '2026-10-01', dueDate: '2026-12-31' })],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  }),
  epics: () => epicsPage([]),
  datedCount: () => ({ group: { ...GROUP, epics: { __typename: 'EpicConnection', count: 0 } } }),
};

/** The operation each short handler name answers. */
const OPERATIONS: Record<string, string> = {
  epics: 'RoadmapGroupEpicsQuery',
  children: 'RoadmapEpicChildrenQuery',
  milestones: 'RoadmapGroupMilestonesQuery',
  datedCount: 'RoadmapDatedEpicsCountQuery',
  permissions: 'RoadmapGroupPermissionsQuery',
  viewer: 'RoadmapViewerQuery',
  currentUser: 'CurrentUserQuery',
};

function handlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  const all = { ...DEFAULT_HANDLERS, ...overrides };
  return Object.fromEntries(Object.entries(all).map(([name, handler]) => [OPERATIONS[name] ?? name, handler]));
}

setUpRoadmapTests();

const quarter = getTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2026-11-22' });

// Rendering the whole roadmap in jsdom is slow on a busy machine.
describe('Roadmap', { timeout: 20_000 }, () => {
  it('shows the epics as rows with bars, the milestones row and the filter bar', async () => {
    const epic = buildRoadmapEpic({ title: 'Mesh rollout', startDate: '2026-10-05', dueDate: '2026-11-30' });
    const { client, calls } = createTestClient(handlers({ epics: () => epicsPage([epic]) }));
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);

    const list = await screen.findByRole('list', { name: 'Epics' });
    const row = within(list).getByRole('listitem', { name: /Mesh rollout/ });
    expect(row.getAttribute('aria-label')).toBe('Mesh rollout, Oct 5 – Nov 30, 2026, 40% weight completed');
    expect(within(row).getByRole('link', { name: 'Mesh rollout' }).getAttribute('href')).toBe(epic.webPath);
    expect(within(row).getByText('Oct 5 – Nov 30, 2026')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Milestones' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2026 Q4, Group milestone, Oct 1 – Dec 31, 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();

    const query = calls.find((c) => c.operationName === 'RoadmapGroupEpicsQuery');
    expect(query?.variables).toMatchObject({
      fullPath: 'acme',
      state: 'all',
      sort: 'START_DATE_ASC',
      timeframe: { start: quarter.start, end: quarter.end },
      first: 50,
      includeDescendantGroups: true,
      withLabels: false,
    });
  });

  it("counts today in the preferred time zone: the quarter shown is the zone's", async () => {
    // 31 Dec 2026 12:00 UTC is already 1 Jan 2027 on Kiritimati (UTC+14): the current quarter is 2027 Q1.
    vi.setSystemTime(new Date(Date.UTC(2026, 11, 31, 12)));
    setDatePreferences({ timeZone: 'Pacific/Kiritimati', dateFormat: 'mdy' });
    try {
      const { client, calls } = createTestClient(handlers({ epics: () => epicsPage([]) }));
      renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
      await waitFor(() => expect(calls.some((c) => c.operationName === 'RoadmapGroupEpicsQuery')).toBe(true));
      const next = getTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2027-01-01' });
      const query = calls.find((c) => c.operationName === 'RoadmapGroupEpicsQuery');
      expect(query?.variables).toMatchObject({ timeframe: { start: next.start, end: next.end } });
      // Not the quarter of the UTC day (2026 Q4), which the browser's own day would have given here.
      const utc = getTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today: '2026-12-31' });
      expect(next.start).not.toBe(utc.start);
    } finally {
      setDatePreferences(DEFAULT_DATE_PREFERENCES);
    }
  });

  it('fetches the windows of the rows scrolled to, by position, each once, and none before them', async () => {
    const { client, calls } = createTestClient(handlers({ epics: (variables) => windowAt(variables.after, 900) }));
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(await screen.findByRole('listitem', { name: /^Row 0,/ })).toBeTruthy();
    // Every row is there up front: 900 positions, the unloaded ones as skeletons.
    expect(screen.getByRole('listitem', { name: /^Row 0,/ }).getAttribute('aria-setsize')).toBe('900');

    scrollToRow(600);
    expect(await screen.findByRole('listitem', { name: /^Row 600,/ })).toBeTruthy();
    const asked = () =>
      calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery').map((c) => positionAfter(c.variables.after));
    // The first page, then the window holding row 600 (and the one before it, in the buffer).
    expect(asked()[0]).toBeNull();
    expect(asked()).toContain(600);
    expect(asked().every((start) => start === null || start >= 500)).toBe(true);
    expect(new Set(asked()).size).toBe(asked().length);
    expect(calls.find((c) => positionAfter(c.variables.after) === 600)?.variables).toMatchObject({
      first: 50,
      fullPath: 'acme',
    });
  });

  it('alerts when a window fails, keeping the epics already shown', async () => {
    const { client } = createTestClient(
      handlers({ epics: (variables) => (variables.after ? new Error('down') : windowAt(undefined, 900)) }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(await screen.findByRole('listitem', { name: /^Row 0,/ })).toBeTruthy();
    scrollToRow(700);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong while fetching epics');
    expect(screen.getAllByRole('listitem', { name: 'Loading epic' }).length).toBeGreaterThan(0);
    scrollToRow(0);
    expect(await screen.findByRole('listitem', { name: /^Row 0,/ })).toBeTruthy();
  });

  it('expands a parent once: its children are fetched on the first expand only', async () => {
    const user = userEvent.setup();
    const parent = buildRoadmapEpic({
      title: 'Parent',
      hasChildrenWithinTimeframe: true,
      childrenCount: 1,
      childrenCountWithinTimeframe: 1,
    });
    const child = buildRoadmapEpic({ title: 'Child epic' });
    const { client, calls } = createTestClient(
      handlers({
        epics: () => epicsPage([parent]),
        children: () => childrenPage([child]),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);

    await user.click(await screen.findByRole('button', { name: 'Expand' }));
    expect(await screen.findByRole('listitem', { name: /Child epic/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Collapse' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Child epic/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(await screen.findByRole('listitem', { name: /Child epic/ })).toBeTruthy();
    const childCalls = calls.filter((c) => c.operationName === 'RoadmapEpicChildrenQuery');
    expect(childCalls).toHaveLength(1);
    expect(childCalls[0]?.variables).toMatchObject({ fullPath: 'acme', iid: parent.iid });
  });

  it("says 'No child epics match applied filters' when filtered children are none", async () => {
    const user = userEvent.setup();
    const parent = buildRoadmapEpic({
      hasChildrenWithinTimeframe: true,
      childrenCount: 3,
      childrenCountWithinTimeframe: 3,
      descendantCounts: {
        __typename: 'EpicDescendantCount',
        openedEpics: 2,
        closedEpics: 1,
        openedIssues: 0,
        closedIssues: 0,
      },
    });
    const { client } = createTestClient(
      handlers({
        epics: () => epicsPage([parent]),
        children: () => childrenPage([]),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?label_name[]=bug', client);
    expect(await screen.findByText('3 child epics')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Some child epics may be hidden due to applied filters' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(await screen.findByText('No child epics match applied filters')).toBeTruthy();
  });

  it("alerts 'Something went wrong while fetching epics' and shows no timeline", async () => {
    const { client } = createTestClient(handlers({ epics: () => new GraphQLError('boom') }));
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong while fetching epics');
    expect(screen.queryByTestId('roadmap-shell')).toBeNull();
  });

  it("alerts 'Something went wrong while fetching milestones' and still shows the epics", async () => {
    const { client } = createTestClient(
      handlers({
        epics: () => epicsPage([buildRoadmapEpic({ title: 'Still here' })]),
        milestones: () => new Error('down'),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong while fetching milestones');
    expect(await screen.findByRole('listitem', { name: /Still here/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Milestones' })).toBeNull();
  });

  it('shows the empty state for a group without dated epics, with New epic for those who may create', async () => {
    const { client } = createTestClient(handlers());
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(
      await screen.findByRole('heading', { name: 'The roadmap shows the progress of your epics along a timeline' }),
    ).toBeTruthy();
    expect(
      await screen.findByText('To make your epics appear in the roadmap, add start or due dates to them.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View epics list' }).getAttribute('href')).toBe(
      '/groups/acme/-/epics?scope=all&state=all&sort=start_date_asc',
    );
    expect(await screen.findByRole('link', { name: 'New epic' })).toBeTruthy();
    // No epics and no filters: the filtered search hides, the settings stay reachable.
    expect(screen.queryByPlaceholderText('Search or filter results…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
  });

  it('names the date range when the group has dated epics outside it', async () => {
    const { client } = createTestClient(
      handlers({
        datedCount: () => ({ group: { ...GROUP, epics: { __typename: 'EpicConnection', count: 4 } } }),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(
      await screen.findByText(
        'To view the roadmap, add a start or due date to one of your epics in this group or its subgroups; from Sep 27, 2026 to Jan 2, 2027.',
      ),
    ).toBeTruthy();
  });

  it('says the search matched nothing when filters apply, without New epic', async () => {
    const { client } = createTestClient(handlers());
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?label_name[]=nothing', client);
    expect(await screen.findByRole('heading', { name: 'Sorry, no epics matched your search' })).toBeTruthy();
    expect(
      screen.getByText('To widen your search, change or remove filters; from Sep 27, 2026 to Jan 2, 2027.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New epic' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View epics list' })).toBeTruthy();
  });

  it('changes the date range in the settings drawer, resetting the layout, and writes the URL', async () => {
    const user = userEvent.setup();
    const { client, calls } = createTestClient(handlers({ epics: () => epicsPage([buildRoadmapEpic()]) }));
    const router = renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap?layout=WEEKS', client);
    await screen.findByRole('list', { name: 'Epics' });

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Roadmap settings' });
    await user.click(within(drawer).getByRole('button', { name: /This quarter/ }));
    await user.click(await screen.findByRole('option', { name: 'Within 3 years' }));
    await waitFor(() => expect(router.state.location.search).toBe('?timeframe_range_type=THREE_YEARS'));
    expect(within(drawer).getByRole('radio', { name: 'Quarters' })).toHaveProperty('checked', true);

    await user.click(within(drawer).getByRole('switch', { name: 'Display labels' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?timeframe_range_type=THREE_YEARS&show_labels=true'),
    );
    const three = getTimeframe({ rangeType: 'THREE_YEARS', presetType: 'QUARTERS', today: '2026-11-22' });
    await waitFor(() =>
      expect(calls.at(-1)?.variables).toMatchObject({
        timeframe: { start: three.start, end: three.end },
        withLabels: true,
      }),
    );
  });

  it('sorts by the chosen field and direction', async () => {
    const user = userEvent.setup();
    const { client } = createTestClient(handlers({ epics: () => epicsPage([buildRoadmapEpic()]) }));
    const router = renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    await screen.findByRole('list', { name: 'Epics' });
    await user.click(await screen.findByRole('button', { name: /Start date/ }));
    await user.click(await screen.findByRole('option', { name: 'Title' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=TITLE_ASC'));
    await user.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=TITLE_DESC'));
  });

  it('filters by a label when one is clicked', async () => {
    const user = userEvent.setup();
    const epic = buildRoadmapEpic({
      labels: {
        __typename: 'LabelConnection',
        nodes: [{ __typename: 'Label', id: 'l1', title: 'backend', color: '#5843ad', textColor: '#FFFFFF' }],
      },
    });
    const { client } = createTestClient(handlers({ epics: () => epicsPage([epic]) }));
    const router = renderWithClient(
      <Roadmap groupFullPath="acme" />,
      '/groups/acme/-/roadmap?show_labels=true',
      client,
    );
    await user.click(await screen.findByRole('button', { name: 'Filter by label backend' }));
    await waitFor(() => expect(router.state.location.search).toBe('?label_name%5B%5D=backend&show_labels=true'));
  });

  it('warns, dismissibly, when the group has more epics than the roadmap shows', async () => {
    const user = userEvent.setup();
    const { client } = createTestClient(
      handlers({
        epics: () => epicsPage([buildRoadmapEpic()], { count: 1200, hasNextPage: true }),
      }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(await screen.findByText('Some of your epics might not be visible')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Some of your epics might not be visible')).toBeNull();
  });

  it('takes the epics limit from the server: warns past it and asks for no page beyond it', async () => {
    const limited = (page: ReturnType<typeof epicsPage>) => ({ group: { ...page.group, roadmapEpicsLimit: 2 } });
    const first = [buildRoadmapEpic({ title: 'One' }), buildRoadmapEpic({ title: 'Two' })];
    const { client, calls } = createTestClient(
      handlers({ epics: () => limited(epicsPage(first, { count: 3, hasNextPage: true, endCursor: 'p1' })) }),
    );
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    expect(await screen.findByText('Some of your epics might not be visible')).toBeTruthy();
    expect(screen.getByText(/Roadmaps can display up to 2 epics/)).toBeTruthy();
    // Two loaded, the limit reached: the end of the list asks for no further page.
    expect(screen.queryByText('Loading epics')).toBeNull();
    expect(calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery')).toHaveLength(1);
  });

  it('mounted for one epic: shows its child epics and the range hiding others, without the filter bar', async () => {
    const child = buildRoadmapEpic({ title: 'Only child' });
    const { client, calls } = createTestClient(handlers({ children: () => childrenPage([child], 3) }));
    renderWithClient(<Roadmap groupFullPath="acme" epicIid="4" />, '/groups/acme/-/epics/4', client);
    const list = await screen.findByRole('list', { name: 'Child epics' });
    expect(within(list).getByRole('listitem', { name: /Only child/ })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByText(/2 of 3 child epics are outside this timeframe\./)).toBeTruthy();
    expect(calls.some((c) => c.operationName === 'RoadmapGroupEpicsQuery')).toBe(false);
    expect(calls.find((c) => c.operationName === 'RoadmapEpicChildrenQuery')?.variables).toMatchObject({
      fullPath: 'acme',
      iid: '4',
    });
  });

  it('mounted for one epic without dated children: asks to date a child epic', async () => {
    const { client } = createTestClient(handlers({ children: () => childrenPage([]) }));
    renderWithClient(<Roadmap groupFullPath="acme" epicIid="4" />, '/groups/acme/-/epics/4', client);
    const heading = await screen.findByRole('heading', {
      name: 'The roadmap shows the progress of your epics along a timeline',
    });
    const section = heading.closest('section') as HTMLElement;
    expect(section.textContent).toContain('To view the roadmap, add a start or due date to one of the child epics.');
    expect(within(section).getByRole('link', { name: 'child epics' }).getAttribute('href')).toBe(
      '/groups/acme/-/epics/4',
    );
    await act(async () => undefined);
  });
});
