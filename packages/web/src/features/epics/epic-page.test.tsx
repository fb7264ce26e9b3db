import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roadmapLocalSettingsVar } from '../roadmap/roadmap-local-settings.ts';
import { createTestClient, fakeLayout, renderWithClient } from '../roadmap/test/render-roadmap.tsx';
import { buildRoadmapEpic } from '../roadmap/test/roadmap-fixtures.ts';
import { EpicPage } from './epic-page.tsx';

const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: 1000 };
const group = {
  __typename: 'Group',
  id: GROUP.id,
  name: 'Acme Corp',
  fullName: 'Acme Corp',
  fullPath: 'acme',
  avatarUrl: null,
} as const;

const empty = { __typename: 'PageInfo', hasNextPage: false, endCursor: null };

function client(epic: { title: string } | null) {
  const child = buildRoadmapEpic({ title: 'Mesh pilot' });
  return createTestClient(
    Object.fromEntries<() => unknown>([
      ['CurrentUserQuery', () => ({ currentUser: null })],
      ['RoadmapViewerQuery', () => ({ currentUser: null })],
      [
        'RoadmapGroupPermissionsQuery',
        () => ({
          group: { ...GROUP, userPermissions: { __typename: 'GroupPermissions', createEpic: false } },
        }),
      ],
      [
        'RoadmapGroupMilestonesQuery',
        () => ({
          group: { ...GROUP, milestones: { __typename: 'MilestoneConnection', count: 0, nodes: [], pageInfo: empty } },
        }),
      ],
      [
        'EpicPageTitleQuery',
        () => ({
          group: {
            ...GROUP,
            epic: epic && { __typename: 'Epic', id: 'gid://gitlab/Epic/1', iid: '1', title: epic.title },
          },
        }),
      ],
      [
        'RoadmapEpicChildrenQuery',
        () => ({
          group: {
            ...GROUP,
            epic: {
              __typename: 'Epic',
              id: 'gid://gitlab/Epic/1',
              children: { __typename: 'EpicConnection', count: 1, nodes: [child], pageInfo: empty },
            },
          },
        }),
      ],
    ]),
  );
}

let restore: () => void;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12));
  restore = fakeLayout();
  roadmapLocalSettingsVar(null);
});
afterEach(() => {
  vi.useRealTimers();
  restore();
});

describe('EpicPage', { timeout: 20_000 }, () => {
  it("shows the epic's title, says the rest is coming, and a roadmap of its child epics", async () => {
    const { client: apollo } = client({ title: 'Platform modernisation' });
    renderWithClient(<EpicPage group={group} iid="1" />, '/groups/acme/-/epics/1', apollo);
    expect(await screen.findByRole('heading', { name: 'Platform modernisation', level: 1 })).toBeTruthy();
    expect(screen.getByText(/The rest of the epic page is coming/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Roadmap', level: 2 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Child epics' });
    expect(within(list).getByRole('listitem', { name: /^Mesh pilot,/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('is a 404 when the epic does not exist or is hidden', async () => {
    const { client: apollo } = client(null);
    renderWithClient(<EpicPage group={group} iid="99" />, '/groups/acme/-/epics/99', apollo);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
