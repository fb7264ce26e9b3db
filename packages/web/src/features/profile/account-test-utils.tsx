import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';

/** Renders an account page at `path` with the alerts it pushes shown above it. */
export function renderAccountPage(page: ReactNode, path: string, mocks: MockLink.MockedResponse[] = []) {
  const element = (
    <>
      <AlertsArea />
      {page}
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <MockedProvider mocks={mocks}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
}

/** A JSON answer of the server, for a stubbed `fetch`. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
