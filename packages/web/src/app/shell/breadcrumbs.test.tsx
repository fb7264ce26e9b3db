import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  type ResolvedPathData,
  resolvedGroup,
  resolvedProject,
} from '../../features/namespaces/test/resolve-path-data.ts';
import { ResolvePathQueryDocument } from '../../gql/graphql.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { createCache } from '../apollo-client.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('namespaceBreadcrumbs', () => {
  it('pairs each path segment with its name', () => {
    expect(namespaceBreadcrumbs('acme/platform/web', 'Acme Corp / Platform / Web App')).toEqual([
      { label: 'Acme Corp', to: '/acme', namespace: 'acme' },
      { label: 'Platform', to: '/acme/platform', namespace: 'acme/platform' },
      { label: 'Web App', to: '/acme/platform/web', namespace: 'acme/platform/web' },
    ]);
  });

  it('falls back to the path segments when the names do not line up', () => {
    expect(namespaceBreadcrumbs('acme/platform', 'Acme Corp')).toEqual([
      { label: 'acme', to: '/acme', namespace: 'acme' },
      { label: 'platform', to: '/acme/platform', namespace: 'acme/platform' },
    ]);
  });
});

/** Renders at `path` with the path's ResolvePathQuery answer already in the cache (as the pages leave it). */
function renderAt(path: string, ui: ReactNode, resolved?: { fullPath: string; data: ResolvedPathData }) {
  const cache = createCache();
  if (resolved) {
    cache.writeQuery({
      query: ResolvePathQueryDocument,
      variables: { fullPath: resolved.fullPath },
      data: resolved.data,
    });
  }
  return render(
    <MockedProvider cache={cache}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MockedProvider>,
  );
}

/** The avatar a crumb's link shows: its picture's address, its initial, or null for none. */
function avatarOf(link: HTMLElement): string | null {
  const avatar = link.querySelector('[aria-hidden="true"]');
  if (!avatar) return null;
  return avatar.querySelector('img')?.getAttribute('src') ?? avatar.textContent;
}

describe('Breadcrumbs', () => {
  it('renders a labelled trail of links, the last one marked as the current page', () => {
    renderAt(
      '/',
      <Breadcrumbs
        items={[
          { label: 'Acme Corp', to: '/acme' },
          { label: 'Platform', to: '/acme/platform' },
          { label: 'Members', to: '/groups/acme/platform/-/group_members' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Acme Corp', 'Platform', 'Members']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/acme',
      '/acme/platform',
      '/groups/acme/platform/-/group_members',
    ]);
    expect(links[2]?.getAttribute('aria-current')).toBe('page');
    expect(links[0]?.getAttribute('aria-current')).toBeNull();
  });

  it("shows the avatars of a project and its groups before their names, none on the page's own crumb", () => {
    const fullPath = 'acme/platform/web';
    const data = resolvedProject(fullPath, {
      names: ['Acme Corp', 'Platform', 'Web'],
      avatarUrl: '/uploads/-/system/project/avatar/1/abc/avatar.png',
    });
    renderAt(
      '/acme/platform/web/-/issues',
      <Breadcrumbs
        items={[
          ...namespaceBreadcrumbs(fullPath, 'Acme Corp / Platform / Web'),
          { label: 'Issues', to: '/acme/platform/web/-/issues' },
        ]}
      />,
      { fullPath, data },
    );
    const links = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(links.map(avatarOf)).toEqual(['A', 'P', '/uploads/-/system/project/avatar/1/abc/avatar.png', null]);
    // The avatar is decoration: each link is named by its crumb alone.
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/acme',
      '/acme/platform',
      '/acme/platform/web',
      '/acme/platform/web/-/issues',
    ]);
    expect(screen.getByRole('link', { name: 'Platform' })).toBe(links[1]);
  });

  it("shows a group's and its ancestors' avatars on a /groups/ page", () => {
    const fullPath = 'acme/lab';
    const data = resolvedGroup(fullPath, {
      names: ['Acme Corp', 'Lab'],
      avatarUrl: '/uploads/-/system/group/avatar/2/def/avatar.png',
    });
    renderAt(
      '/groups/acme/lab/-/epics',
      <Breadcrumbs
        items={[
          ...namespaceBreadcrumbs(fullPath, 'Acme Corp / Lab'),
          { label: 'Epics', to: '/groups/acme/lab/-/epics' },
        ]}
      />,
      { fullPath, data },
    );
    const links = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(links.map(avatarOf)).toEqual(['A', '/uploads/-/system/group/avatar/2/def/avatar.png', null]);
  });

  it('draws no avatar for a namespace the cache does not hold yet', () => {
    renderAt('/groups/acme/-/epics', <Breadcrumbs items={namespaceBreadcrumbs('acme', 'Acme Corp')} />);
    const [link] = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link');
    expect(link?.textContent).toBe('Acme Corp');
    expect(link && avatarOf(link)).toBeNull();
  });

  it('renders nothing for an empty trail', () => {
    const { container } = renderAt('/', <Breadcrumbs items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
