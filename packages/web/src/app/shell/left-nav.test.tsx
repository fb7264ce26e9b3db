import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolvedGroup, resolvedProject, resolvePathMock } from '../../features/namespaces/test/resolve-path-data.ts';
import { currentUserMock } from '../../test/current-user-mock.ts';
import { LeftNav } from './left-nav.tsx';

function renderNav(path: string, mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={[...mocks, currentUserMock('alice')]}>
      <MemoryRouter initialEntries={[path]}>
        <LeftNav id="left-nav" />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe("LeftNav's Settings link", () => {
  it("shows a group's Owner the link to its Settings › General, last, as GitLab does", async () => {
    renderNav('/groups/acme/-/epics', [resolvePathMock('acme', resolvedGroup('acme', { adminGroup: true }))]);
    const nav = await screen.findByRole('navigation', { name: 'Group navigation' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/groups/acme/-/edit');
    expect(linkNames(nav).at(-1)).toBe('Settings');
  });

  it('hides it from those who may not change the group', async () => {
    renderNav('/groups/acme/-/epics', [resolvePathMock('acme', resolvedGroup('acme', { adminGroup: false }))]);
    const nav = await screen.findByRole('navigation', { name: 'Group navigation' });
    expect(within(nav).getByRole('link', { name: 'Epics' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
  });

  it("shows a project's Maintainer the link to /<project>/edit", async () => {
    renderNav('/acme/web/-/issues', [resolvePathMock('acme/web', resolvedProject('acme/web', { adminProject: true }))]);
    const nav = await screen.findByRole('navigation', { name: 'Project navigation' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/acme/web/edit');
  });

  it('hides it from a project reader who may not change it', async () => {
    renderNav('/acme/web/-/issues', [
      resolvePathMock('acme/web', resolvedProject('acme/web', { adminProject: false })),
    ]);
    const nav = await screen.findByRole('navigation', { name: 'Project navigation' });
    expect(within(nav).getByRole('link', { name: 'Issues' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
  });
});
