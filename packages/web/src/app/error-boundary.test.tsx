import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, RouteErrorPage } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('Cannot read the roadmap settings');
}

describe('error boundaries', () => {
  it('shows a readable message with the error when a page crashes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByText('Cannot read the roadmap settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });

  it('treats a route 404 as Page Not Found', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw new Response('missing', { status: 404 });
          },
          element: <p>never shown</p>,
          errorElement: <RouteErrorPage />,
        },
      ],
      { hydrationData: {} },
    );
    render(<RouterProvider router={router} />);
    return screen.findByRole('heading', { name: 'Page Not Found' });
  });

  it('catches errors outside the router too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Cannot read the roadmap settings')).toBeTruthy();
  });
});
