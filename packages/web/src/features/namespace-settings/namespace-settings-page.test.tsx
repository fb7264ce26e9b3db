import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupOverviewQueryDocument, ProjectOverviewQueryDocument } from '../../gql/graphql.ts';
import { jsonResponse, renderAccountPage } from '../profile/account-test-utils.tsx';
import { GroupSettingsPage, ProjectSettingsPage } from './namespace-settings-page.tsx';

const AVATAR = '/uploads/-/system/group/avatar/3/0123456789abcdef0123456789abcdef/avatar.png';

const groupSettings = (adminGroup: boolean, avatarUrl: string | null = AVATAR): MockLink.MockedResponse => ({
  request: { query: GroupOverviewQueryDocument, variables: { fullPath: 'acme' } },
  result: {
    data: {
      group: {
        __typename: 'Group',
        id: 'gid://gitlab/Group/3',
        name: 'Acme Corp',
        fullName: 'Acme Corp',
        fullPath: 'acme',
        description: 'Everything Acme',
        visibility: 'public',
        avatarUrl,
        userPermissions: {
          __typename: 'GroupPermissions',
          createSubgroup: adminGroup,
          createProjects: adminGroup,
          adminGroupMember: adminGroup,
          adminGroup,
        },
        groupMembers: { __typename: 'GroupMemberConnection', count: 3 },
      },
    },
  },
  maxUsageCount: 5,
});

const projectSettings: MockLink.MockedResponse = {
  request: { query: ProjectOverviewQueryDocument, variables: { fullPath: 'acme/web' } },
  result: {
    data: {
      project: {
        __typename: 'Project',
        id: 'gid://gitlab/Project/9',
        name: 'Web',
        fullPath: 'acme/web',
        nameWithNamespace: 'Acme Corp / Web',
        description: '',
        visibility: 'private',
        avatarUrl: null,
        group: { __typename: 'Group', id: 'gid://gitlab/Group/3', name: 'Acme Corp', fullPath: 'acme' },
        projectMembers: { __typename: 'ProjectMemberConnection', count: 2 },
        userPermissions: { __typename: 'ProjectPermissions', adminProject: true },
      },
    },
  },
  maxUsageCount: 5,
};

describe('Settings › General of groups and projects', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the CSRF cookie the server would
    document.cookie = '_milepost_csrf=token';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the group's avatar and removes it with a blank `avatar`", async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(200, { id: 3, avatar_url: null }));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderAccountPage(<GroupSettingsPage fullPath="acme" />, '/groups/acme/-/edit', [
      groupSettings(true),
    ]);
    expect(await screen.findByRole('heading', { name: 'Group avatar' })).toBeTruthy();
    expect(container.querySelector(`img[src="${AVATAR}"]`)).toBeTruthy();

    // The same upload as the profile's (its checks are tested there), drawn square.
    expect(screen.getByRole('button', { name: 'Choose file…' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove avatar' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v4/groups/acme', 'PUT']);
    expect((init.body as FormData).get('avatar')).toBe('');
    expect(await screen.findByText('Avatar was successfully removed.')).toBeTruthy();
  });

  it("saves a project's name, description and visibility, and shows the server's words when it refuses", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(400, { message: { name: ['has already been taken'] } }))
      .mockResolvedValueOnce(jsonResponse(200, { id: 9, name: 'Web app' }));
    vi.stubGlobal('fetch', fetch);
    renderAccountPage(<ProjectSettingsPage fullPath="acme/web" />, '/acme/web/edit', [projectSettings]);
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Project name/);
    // No avatar yet: the initial shows and there is nothing to remove.
    expect(screen.getByRole('heading', { name: 'Project avatar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove avatar' })).toBeNull();
    await user.clear(name);
    await user.type(name, 'Web app');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name has already been taken')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Project 'Web app' was successfully updated.")).toBeTruthy();
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/v4/projects/acme%2Fweb', 'PUT']);
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Web app', description: '', visibility: 'private' });
  });

  it('is not found for those who may not edit the group', async () => {
    renderAccountPage(<GroupSettingsPage fullPath="acme" />, '/groups/acme/-/edit', [groupSettings(false)]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Group avatar' })).toBeNull();
  });
});
