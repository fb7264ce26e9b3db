import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NamespacePage } from '../features/namespaces/namespace-page.tsx';
import { resolvedProject, resolvePathMock } from '../features/namespaces/test/resolve-path-data.ts';
import { ResolvePathQueryDocument } from '../gql/graphql.ts';
import { currentUserMock } from '../test/current-user-mock.ts';
import { AlertsProvider } from './alerts/alerts-context.tsx';
import { NotFoundPage } from './not-found-page.tsx';

const signedIn = (username: string | null) => currentUserMock(username);

function SignInProbe() {
  const location = useLocation();
  return (
    <p>
      Sign in page, back to {new URLSearchParams(location.search).get('redirect')}, flash{' '}
      {String((location.state as { flash?: string } | null)?.flash)}
    </p>
  );
}

function renderAt(path: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: 'users/sign_in', element: <SignInProbe /> },
      { path: '*', element: <NamespacePage /> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <MockedProvider mocks={mocks}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
}

describe('NotFoundPage', () => {
  it('says the page was not found and what to check, and names the tab', () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <NotFoundPage /> }])} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByText("Make sure the address is correct and the page hasn't moved.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your groups' }).getAttribute('href')).toBe('/dashboard/groups');
    expect(document.title).toBe('Page Not Found · Milepost');
  });
});

describe('NamespacePage (the catch-all route)', () => {
  const WEB_NAMES = ['Acme Corp', 'Platform', 'Web'];
  const nothingAt = (fullPath: string): MockLink.MockedResponse => ({
    request: { query: ResolvePathQueryDocument, variables: { fullPath } },
    result: { data: { group: null, project: null } },
  });

  it('shows a signed-in user the 404 page when the path is neither a group, a project nor a user', async () => {
    renderAt('/acme/secret-lab', [nothingAt('acme/secret-lab'), signedIn('erin')]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in and back, with the sign-in-required flash', async () => {
    renderAt('/acme/secret-lab/-/issues?state=all', [nothingAt('acme/secret-lab'), signedIn(null)]);
    expect(
      await screen.findByText('Sign in page, back to /acme/secret-lab/-/issues?state=all, flash sign_in_required'),
    ).toBeTruthy();
  });

  it('shows the 404 page to a signed-out visitor for an address that can never be a page', async () => {
    renderAt('/dashboard/nothing', [signedIn(null)]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it("shows a project's issues page for /<project>/-/issues", async () => {
    renderAt('/acme/platform/web/-/issues', [
      resolvePathMock('acme/platform/web', resolvedProject('acme/platform/web', { names: WEB_NAMES })),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Issues' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Platform' }).getAttribute('href')).toBe('/acme/platform');
  });

  it('shows the 404 page for an unknown sub-page of a project', async () => {
    renderAt('/acme/platform/web/-/wiki', [
      resolvePathMock('acme/platform/web', resolvedProject('acme/platform/web', { names: WEB_NAMES })),
    ]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });
});
