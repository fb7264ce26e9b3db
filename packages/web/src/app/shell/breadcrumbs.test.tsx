import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

describe('namespaceBreadcrumbs', () => {
  it('pairs each path segment with its name', () => {
    expect(namespaceBreadcrumbs('acme/platform/web', 'Acme Corp / Platform / Web App')).toEqual([
      { label: 'Acme Corp', to: '/acme' },
      { label: 'Platform', to: '/acme/platform' },
      { label: 'Web App', to: '/acme/platform/web' },
    ]);
  });

  it('falls back to the path segments when the names do not line up', () => {
    expect(namespaceBreadcrumbs('acme/platform', 'Acme Corp')).toEqual([
      { label: 'acme', to: '/acme' },
      { label: 'platform', to: '/acme/platform' },
    ]);
  });
});

describe('Breadcrumbs', () => {
  it('renders a labelled trail of links, the last one marked as the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumbs
          items={[
            { label: 'Acme Corp', to: '/acme' },
            { label: 'Platform', to: '/acme/platform' },
            { label: 'Members', to: '/groups/acme/platform/-/group_members' },
          ]}
        />
      </MemoryRouter>,
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

  it('renders nothing for an empty trail', () => {
    const { container } = render(
      <MemoryRouter>
        <Breadcrumbs items={[]} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
