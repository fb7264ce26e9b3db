import { roadmapFirstListArgs } from '@milepost/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Roadmap } from './roadmap.tsx';
import { prefetchRoadmapFirstPage, roadmapFirstPageRequest } from './roadmap-first-page.ts';
import { createTestClient, type Handler, renderWithClient, setUpRoadmapTests } from './test/render-roadmap.tsx';
import { buildRoadmapEpic } from './test/roadmap-fixtures.ts';

const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: 1000 };
const epic = buildRoadmapEpic({
  title: 'Mesh rollout',
  startDate: '2026-10-05',
  dueDate: '2026-11-30',
  labels: { __typename: 'LabelConnection', nodes: [] },
});
const connection = (nodes: unknown[]) => ({
  __typename: 'EpicConnection',
  count: nodes.length,
  nodes,
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
});

function handlers(firstDayOfWeek: number | null): Record<string, Handler> {
  const user = { __typename: 'CurrentUser', id: 'gid://gitlab/User/1' };
  const viewer = () => ({ currentUser: firstDayOfWeek === null ? null : { ...user, firstDayOfWeek } });
  const currentUser = () => ({
    currentUser:
      firstDayOfWeek === null
        ? null
        : { ...user, username: 'alice', name: 'Alice', avatarUrl: null, webPath: '/alice', admin: false },
  });
  return Object.fromEntries<Handler>([
    ['CurrentUserQuery', currentUser],
    ['RoadmapViewerQuery', viewer],
    [
      'RoadmapGroupPermissionsQuery',
      () => ({ group: { ...GROUP, userPermissions: { __typename: 'GroupPermissions', createEpic: true } } }),
    ],
    ['RoadmapGroupMilestonesQuery', () => ({ group: { ...GROUP, milestones: connection([]) } })],
    ['RoadmapGroupEpicsQuery', () => ({ group: { ...GROUP, epics: connection([epic]) } })],
    [
      'RoadmapEpicChildrenQuery',
      () => ({
        group: {
          ...GROUP,
          epic: { __typename: 'Epic', id: 'gid://gitlab/Epic/parent', children: connection([epic]) },
        },
      }),
    ],
    ['RoadmapDatedEpicsCountQuery', () => ({ group: { ...GROUP, epics: { __typename: 'EpicConnection', count: 1 } } })],
  ]);
}

setUpRoadmapTests();

describe('roadmapFirstPageRequest', () => {
  it('needs the first day of the week only for weekly columns', () => {
    const at = (search: string) => roadmapFirstPageRequest('acme', search, '2026-11-22', 0).dependsOnFirstDayOfWeek;
    expect(at('')).toBe(true);
    expect(at('?timeframe_range_type=CURRENT_YEAR&layout=WEEKS')).toBe(true);
    expect(at('?timeframe_range_type=CURRENT_YEAR&layout=MONTHS')).toBe(false);
    expect(at('?timeframe_range_type=THREE_YEARS&layout=QUARTERS')).toBe(false);
  });

  it('asks for one epic’s children when the URL filters by epic', () => {
    const request = roadmapFirstPageRequest('acme', '?epic_iid=7', '2026-11-22', 0);
    expect(request.kind).toBe('epic');
    expect(request.variables).toMatchObject({ fullPath: 'acme', iid: '7', first: 50 });
  });

  // The server starts building the list's position index when it serves the page, from the URL
  // through the shared `roadmapFirstListArgs` (decision 0096): the list it builds must be the one
  // this request asks for, or the build is wasted.
  it('asks for the list the server builds for the page’s URL', () => {
    const urls = [
      '',
      '?state=opened&sort=end_date_desc',
      '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&state=closed',
      '?timeframe_range_type=CURRENT_YEAR&layout=MONTHS&show_labels=true&show_milestones=false',
      '?label_name[]=backend&not[author_username]=bob&or[label_name][]=a&or[label_name][]=b&search=api',
      '?confidential=yes&milestone_title=M1&my_reaction_emoji=thumbsup&sort=title_desc',
      '?show_epic=4',
    ];
    for (const search of urls) {
      for (const [today, firstDay] of [
        ['2026-11-22', 0],
        ['2027-01-01', 1],
        ['2026-03-31', 6],
      ] as const) {
        const request = roadmapFirstPageRequest('acme', search, today, firstDay);
        const server = roadmapFirstListArgs(search, today, firstDay);
        expect(request.kind).toBe('group');
        const { fullPath, first, withLabels, withEpicPosition, showEpicIid, showEpicGroupPath, ...list } =
          request.variables as Record<string, unknown>;
        expect(fullPath).toBe('acme');
        expect(list).toEqual(server);
      }
    }
    // Another list than the page's group's: the server builds nothing for it.
    for (const search of ['?epic_iid=7', '?group_path=acme/sub']) {
      expect(roadmapFirstListArgs(search, '2026-11-22', 0)).toBeNull();
      const request = roadmapFirstPageRequest('acme', search, '2026-11-22', 0);
      expect(request.kind === 'epic' || request.variables.fullPath !== 'acme').toBe(true);
    }
  });
});

// Rendering the whole roadmap in jsdom is slow on a busy machine.
describe('the early first-page request', { timeout: 20_000 }, () => {
  it.each([
    ['the default view', ''],
    ['three years by months', '?timeframe_range_type=THREE_YEARS&layout=MONTHS'],
    [
      'filters, sort, state and labels',
      '?timeframe_range_type=CURRENT_YEAR&layout=MONTHS&label_name[]=Backend&not[author_username]=bob&or[label_name][]=UX&sort=TITLE_DESC&state=opened&show_labels=true&search=mesh',
    ],
    ['a group filter', '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&group_path=acme/platform'],
    ['an epic filter', '?timeframe_range_type=THREE_YEARS&layout=QUARTERS&epic_iid=7'],
    ['invalid values', '?timeframe_range_type=NEVER&layout=DAYS&sort=SIDEWAYS&state=maybe'],
  ])('is the request the page makes, so it is sent once: %s', async (_name, search) => {
    const { client, calls } = createTestClient(handlers(null));
    prefetchRoadmapFirstPage(client, 'acme', search);
    renderWithClient(<Roadmap groupFullPath="acme" />, `/groups/acme/-/roadmap${search}`, client);
    await screen.findByRole('listitem', { name: /Mesh rollout/ });

    const lists = calls.filter((c) => /^Roadmap(GroupEpics|EpicChildren)Query$/.test(c.operationName));
    expect(lists).toHaveLength(1);
    const request = roadmapFirstPageRequest('acme', search, '2026-11-22', 0);
    expect(lists[0]?.variables).toEqual(request.variables);
    // The milestones row's request (shown by default) leaves with it and is joined too.
    expect(calls.filter((c) => c.operationName === 'RoadmapGroupMilestonesQuery')).toHaveLength(1);
  });

  it('waits for the viewer’s first day of the week before asking for weekly columns', async () => {
    const { client, calls } = createTestClient(handlers(1));
    prefetchRoadmapFirstPage(client, 'acme', '');
    await vi.waitFor(() => expect(calls.some((c) => c.operationName === 'RoadmapGroupEpicsQuery')).toBe(true));

    const [viewer, epics] = [
      calls.findIndex((c) => c.operationName === 'RoadmapViewerQuery'),
      calls.findIndex((c) => c.operationName === 'RoadmapGroupEpicsQuery'),
    ];
    expect(viewer).toBeLessThan(epics);
    expect(calls[epics]?.variables).toEqual(roadmapFirstPageRequest('acme', '', '2026-11-22', 1).variables);
    // Weeks starting on Monday: this quarter's first week starts on Monday Sep 28.
    expect(calls[epics]?.variables.timeframe).toEqual({ start: '2026-09-28', end: '2027-01-03' });
  });

  it('asks for weekly columns at once when the page as served says the viewer’s first day', async () => {
    const meta = document.createElement('meta');
    meta.name = 'milepost-viewer';
    meta.content = JSON.stringify({ firstDayOfWeek: 1 });
    document.head.append(meta);
    try {
      // The viewer query answers Sunday: the request that left used the page's Monday, not its answer.
      const { client, calls } = createTestClient(handlers(0));
      prefetchRoadmapFirstPage(client, 'acme', '');
      await vi.waitFor(() => expect(calls.some((c) => c.operationName === 'RoadmapGroupEpicsQuery')).toBe(true));
      const epics = calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery');
      expect(epics).toHaveLength(1);
      expect(epics[0]?.variables).toEqual(roadmapFirstPageRequest('acme', '', '2026-11-22', 1).variables);
    } finally {
      meta.remove();
    }
  });
});

describe('the roadmap with weekly columns', { timeout: 20_000 }, () => {
  it('asks for its epics once, with the viewer’s first day of the week, joining the early request', async () => {
    const { client, calls } = createTestClient(handlers(1));
    prefetchRoadmapFirstPage(client, 'acme', '');
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    await screen.findByRole('listitem', { name: /Mesh rollout/ });

    const lists = calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery');
    expect(lists.map((c) => c.variables.timeframe)).toEqual([{ start: '2026-09-28', end: '2027-01-03' }]);
  });

  it('without the early request still asks once, after the viewer', async () => {
    const { client, calls } = createTestClient(handlers(6));
    renderWithClient(<Roadmap groupFullPath="acme" />, '/groups/acme/-/roadmap', client);
    await screen.findByRole('listitem', { name: /Mesh rollout/ });

    const lists = calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.variables).toEqual(roadmapFirstPageRequest('acme', '', '2026-11-22', 6).variables);
  });
});
