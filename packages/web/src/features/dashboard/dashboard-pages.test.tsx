import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import {
  DashboardActivityQueryDocument,
  DashboardMilestonesQueryDocument,
  DashboardProjectsQueryDocument,
} from '../../gql/graphql.ts';
import { DashboardActivityPage, eventActionText } from './dashboard-activity-page.tsx';
import { DashboardMilestonesPage, milestoneProgressText } from './dashboard-milestones-page.tsx';
import { DashboardProjectsPage } from './dashboard-projects-page.tsx';

const PAGE_INFO = { __typename: 'PageInfo' as const, hasNextPage: false, endCursor: null };
const USER_ID = 'gid://gitlab/User/1';

function renderAt(url: string, page: ReactNode, mocks: MockLink.MockedResponse[]) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <MockedProvider mocks={mocks}>
        <AlertsProvider>
          <AlertsArea />
          {page}
        </AlertsProvider>
      </MockedProvider>
    </MemoryRouter>,
  );
}

const project = (id: number, name: string) => ({
  __typename: 'Project' as const,
  id: `gid://gitlab/Project/${id}`,
  name,
  fullPath: `acme/${name.toLowerCase()}`,
  nameWithNamespace: `Acme / ${name}`,
  description: '',
  visibility: 'private',
  lastActivityAt: '2026-11-20T10:00:00Z',
});

describe('DashboardProjectsPage', () => {
  it('lists the member projects by the sort in the URL, with both tabs’ counts', async () => {
    renderAt('/dashboard/projects/member?sort=name_asc', <DashboardProjectsPage />, [
      {
        request: {
          query: DashboardProjectsQueryDocument,
          variables: { contributed: false, search: null, sort: 'name_asc', contributedSort: 'NAME_ASC', first: 20 },
        },
        result: {
          data: {
            currentUser: {
              __typename: 'CurrentUser',
              id: USER_ID,
              contributedCount: { __typename: 'ProjectConnection', count: 1 },
            },
            projects: {
              __typename: 'ProjectConnection',
              count: 2,
              nodes: [project(1, 'Api'), project(2, 'Web')],
              pageInfo: PAGE_INFO,
            },
          },
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Projects' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Acme / Api', 'Acme / Web']);
    expect(within(list).getByRole('link', { name: 'Acme / Web' }).getAttribute('href')).toBe('/acme/web');
    const tabs = screen.getByRole('navigation', { name: 'Your projects' });
    expect(
      within(tabs)
        .getByRole('link', { name: /Member/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(within(tabs).getByRole('link', { name: /Member/ }).textContent).toBe('Member 2');
    expect(within(tabs).getByRole('link', { name: /Contributed/ }).textContent).toBe('Contributed 1');
    // The tab links keep the sort.
    expect(
      within(tabs)
        .getByRole('link', { name: /Contributed/ })
        .getAttribute('href'),
    ).toBe('/dashboard/projects?sort=name_asc');
  });

  it('says where to go when you contributed to nothing yet', async () => {
    renderAt('/dashboard/projects', <DashboardProjectsPage />, [
      {
        request: {
          query: DashboardProjectsQueryDocument,
          variables: {
            contributed: true,
            search: null,
            sort: 'latest_activity_desc',
            contributedSort: 'LATEST_ACTIVITY_DESC',
            first: 20,
          },
        },
        result: {
          data: {
            currentUser: {
              __typename: 'CurrentUser',
              id: USER_ID,
              contributedProjects: { __typename: 'ProjectConnection', count: 0, nodes: [], pageInfo: PAGE_INFO },
            },
            memberCount: { __typename: 'ProjectConnection', count: 3 },
          },
        },
      },
    ]);
    expect(await screen.findByText("You haven't contributed to any projects yet")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Projects you're a member of" }).getAttribute('href')).toBe(
      '/dashboard/projects/member',
    );
    expect(screen.getByRole('link', { name: /Member/ }).textContent).toBe('Member 3');
  });
});

const author = {
  __typename: 'UserCore' as const,
  id: USER_ID,
  name: 'Alice Anders',
  username: 'alice',
  avatarUrl: null,
  webPath: '/alice',
};
const event = (id: number, fields: Record<string, unknown>) => ({
  __typename: 'Event' as const,
  id: `gid://gitlab/Event/${id}`,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  noteableType: null,
  noteBody: null,
  resourceParentFullPath: 'acme/web',
  resourceParentWebPath: '/acme/web',
  author,
  ...fields,
});

describe('DashboardActivityPage', () => {
  it('shows the events of the scope and filter in the URL: who did what, where, when', async () => {
    renderAt('/dashboard/activity?scope=your_activity&filter=comments', <DashboardActivityPage />, [
      {
        request: {
          query: DashboardActivityQueryDocument,
          variables: { scope: 'OWN', filter: 'COMMENTS', first: 20 },
        },
        result: {
          data: {
            currentUser: {
              __typename: 'CurrentUser',
              id: USER_ID,
              activity: {
                __typename: 'EventConnection',
                pageInfo: PAGE_INFO,
                nodes: [
                  event(2, {
                    action: 'COMMENTED',
                    targetType: 'Note',
                    noteableType: 'Issue',
                    targetTitle: 'Login fails',
                    targetReference: '#4',
                    targetWebPath: '/acme/web/-/issues/4#note_9',
                    noteBody: 'Fixed on main',
                  }),
                ],
              },
            },
          },
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Events' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row?.textContent).toContain('Alice Anders commented on issue #4 Login fails at acme/web');
    expect(row?.textContent).toContain('Fixed on main');
    expect(row?.textContent).toContain('3 days ago');
    expect(
      within(row as HTMLElement)
        .getByRole('link', { name: '#4 Login fails' })
        .getAttribute('href'),
    ).toBe('/acme/web/-/issues/4#note_9');
    const scopes = screen.getByRole('navigation', { name: 'Whose activity' });
    expect(within(scopes).getByRole('link', { name: 'Your activity' }).getAttribute('aria-current')).toBe('page');
    const kinds = screen.getByRole('navigation', { name: 'Event type' });
    expect(within(kinds).getByRole('link', { name: 'Comments' }).getAttribute('aria-current')).toBe('page');
    // Switching scope keeps the filter; 'Your projects' is the default (no parameter).
    expect(within(scopes).getByRole('link', { name: 'Your projects' }).getAttribute('href')).toBe(
      '/dashboard/activity?filter=comments',
    );
  });

  it('words each action', () => {
    expect(eventActionText({ action: 'CREATED', targetType: 'Issue', noteableType: null })).toBe('opened issue');
    expect(eventActionText({ action: 'CLOSED', targetType: 'Epic', noteableType: null })).toBe('closed epic');
    expect(eventActionText({ action: 'REOPENED', targetType: 'Milestone', noteableType: null })).toBe(
      'reactivated milestone',
    );
    expect(eventActionText({ action: 'CREATED', targetType: 'Milestone', noteableType: null })).toBe(
      'created milestone',
    );
    expect(eventActionText({ action: 'COMMENTED', targetType: 'Note', noteableType: 'Epic' })).toBe(
      'commented on epic',
    );
  });
});

describe('DashboardMilestonesPage', () => {
  const count = (n: number) => ({ __typename: 'MilestoneConnection' as const, count: n });
  it('lists the milestones of the tab with where they live, dates, status and progress', async () => {
    renderAt('/dashboard/milestones?state=all&search=v1', <DashboardMilestonesPage />, [
      {
        request: {
          query: DashboardMilestonesQueryDocument,
          variables: { state: null, searchTitle: 'v1', first: 20 },
        },
        result: {
          data: {
            currentUser: {
              __typename: 'CurrentUser',
              id: USER_ID,
              milestones: {
                __typename: 'MilestoneConnection',
                pageInfo: PAGE_INFO,
                nodes: [
                  {
                    __typename: 'Milestone',
                    id: 'gid://gitlab/Milestone/1',
                    iid: '1',
                    title: 'v1.0',
                    state: 'closed',
                    expired: false,
                    upcoming: false,
                    startDate: '2026-10-01',
                    dueDate: '2026-10-31',
                    webPath: '/groups/acme/-/milestones/1',
                    project: null,
                    group: { __typename: 'Group', id: 'gid://gitlab/Group/1', fullName: 'Acme', fullPath: 'acme' },
                    stats: { __typename: 'MilestoneStats', totalIssuesCount: 4, closedIssuesCount: 3 },
                  },
                ],
              },
              opened: count(0),
              closed: count(1),
              all: count(1),
            },
          },
        },
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Milestones' });
    const [row] = within(list).getAllByRole('listitem');
    expect(
      within(row as HTMLElement)
        .getByRole('link', { name: 'v1.0' })
        .getAttribute('href'),
    ).toBe('/groups/acme/-/milestones/1');
    expect(
      within(row as HTMLElement)
        .getByRole('link', { name: 'Acme' })
        .getAttribute('href'),
    ).toBe('/acme');
    expect(row?.textContent).toContain('3 of 4 issues closed (75%)');
    expect(row?.textContent).toContain('Closed');
    const tabs = screen.getByRole('navigation', { name: 'Milestone state' });
    expect(within(tabs).getByRole('link', { name: /All/ }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: /Open/ }).textContent).toBe('Open 0');
    expect(within(tabs).getByRole('link', { name: /Open/ }).getAttribute('href')).toBe(
      '/dashboard/milestones?search=v1',
    );
  });

  it('words progress', () => {
    expect(milestoneProgressText(null)).toBe('No issues');
    expect(milestoneProgressText({ totalIssuesCount: 0, closedIssuesCount: 0 })).toBe('No issues');
    expect(milestoneProgressText({ totalIssuesCount: 3, closedIssuesCount: 1 })).toBe('1 of 3 issues closed (33%)');
  });
});
