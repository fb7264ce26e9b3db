import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { UserProfileQueryDocument } from '../../gql/graphql.ts';
import { UserProfilePage } from './user-profile-page.tsx';

const profile = (user: unknown): MockLink.MockedResponse => ({
  request: { query: UserProfileQueryDocument, variables: { username: 'carol' } },
  result: { data: { user } },
});

function renderProfile(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '*', element: <UserProfilePage username="carol" /> }], {
    initialEntries: ['/carol'],
  });
  return render(
    <MockedProvider mocks={mocks}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
}

const carol = (overrides: Record<string, unknown>) => ({
  __typename: 'UserCore',
  id: 'gid://gitlab/User/4',
  username: 'carol',
  name: 'Carol Chen',
  avatarUrl: null,
  webPath: '/carol',
  state: 'active',
  bio: '',
  publicEmail: null,
  createdAt: '2025-01-02T10:00:00Z',
  profileGroups: [],
  recentActivity: [],
  ...overrides,
});

describe('UserProfilePage', () => {
  it('shows the name, username, groups and activity, each linking to its page', async () => {
    renderProfile([
      profile(
        carol({
          bio: 'Builds the web app.',
          publicEmail: 'carol@example.com',
          profileGroups: [
            {
              __typename: 'Group',
              id: 'gid://gitlab/Group/1',
              name: 'Acme Corp',
              fullName: 'Acme Corp',
              fullPath: 'acme',
              description: '',
              visibility: 'public',
              avatarUrl: null,
            },
          ],
          recentActivity: [
            {
              __typename: 'UserActivity',
              id: 'a1',
              action: 'commented on',
              targetType: 'Issue',
              targetTitle: 'Fix the login',
              targetReference: 'acme/web#3',
              targetWebPath: '/acme/web/-/issues/3',
              createdAt: '2025-03-02T10:00:00Z',
            },
            {
              __typename: 'UserActivity',
              id: 'a2',
              action: 'opened',
              targetType: 'Epic',
              targetTitle: 'Launch',
              targetReference: 'acme&1',
              targetWebPath: '/groups/acme/-/epics/1',
              createdAt: '2025-03-01T10:00:00Z',
            },
          ],
        }),
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Carol Chen' })).toBeTruthy();
    expect(screen.getByText('@carol')).toBeTruthy();
    expect(screen.getByText('Builds the web app.')).toBeTruthy();
    // The public email chosen on /-/profile shows here.
    expect(screen.getByRole('link', { name: 'carol@example.com' }).getAttribute('href')).toBe(
      'mailto:carol@example.com',
    );
    expect(screen.getByRole('link', { name: 'acme/web#3' }).getAttribute('href')).toBe('/acme/web/-/issues/3');
    expect(screen.getByRole('link', { name: 'acme&1' }).getAttribute('href')).toBe('/groups/acme/-/epics/1');
    const groups = screen.getByRole('list', { name: 'Groups' });
    expect(groups.querySelector('a')?.getAttribute('href')).toBe('/acme');
    const items = screen.getByRole('list', { name: 'Recent activity' }).querySelectorAll('li');
    expect(items[0]?.textContent).toContain('Commented on issue');
    expect(items[1]?.textContent).toContain('Opened epic');
  });

  it('says so when there is nothing the viewer may see', async () => {
    renderProfile([profile(carol({ state: 'blocked' }))]);
    expect(await screen.findByText('No recent activity you can see.')).toBeTruthy();
    expect(screen.getByText('No groups you can see.')).toBeTruthy();
    expect(screen.getByText('Blocked')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });
});
