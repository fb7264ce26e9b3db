import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, vi } from 'vitest';
import { AlertsArea } from '../../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../../app/alerts/alerts-context.tsx';
import { createCache } from '../../../app/apollo-client.ts';
import { roadmapLocalSettingsVar } from '../roadmap-local-settings.ts';

export type OperationCall = { operationName: string; variables: Record<string, unknown> };
/** Answers one operation: data, or an Error for a failed request. */
export type Handler = (variables: Record<string, unknown>) => unknown;

/**
 * An Apollo client whose link answers each operation by name from `handlers` (a missing handler
 * fails the request), recording every call; with the app's cache policies.
 */
export function createTestClient(handlers: Record<string, Handler>) {
  const calls: OperationCall[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName = '', variables } = operation;
        calls.push({ operationName, variables: variables as Record<string, unknown> });
        const handler = handlers[operationName];
        queueMicrotask(() => {
          try {
            if (!handler) throw new Error(`No handler for ${operationName}`);
            const result = handler(variables as Record<string, unknown>);
            if (result instanceof Error) throw result;
            observer.next({ data: result as Record<string, unknown> });
            observer.complete();
          } catch (error) {
            if (error instanceof GraphQLError) observer.next({ errors: [error] });
            observer.error(error);
          }
        });
      }),
  );
  const client = new ApolloClient({ link, cache: createCache() });
  return { client, calls };
}

/** Renders `element` at `url` inside the router, alerts and the test client; returns the router. */
export function renderWithClient(element: ReactNode, url: string, client: ApolloClient, path = '*') {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <>
            <AlertsArea />
            {element}
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ApolloProvider client={client}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </ApolloProvider>,
  );
  return router;
}

/** jsdom has no layout: give every element a size so the virtualised list renders rows. */
export function fakeLayout(width = 1200, height = 700) {
  const proto = HTMLElement.prototype;
  const saved = {
    offsetWidth: Object.getOwnPropertyDescriptor(proto, 'offsetWidth'),
    offsetHeight: Object.getOwnPropertyDescriptor(proto, 'offsetHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
  };
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get: () => width });
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => height });
  Object.defineProperty(Element.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => height });
  return () => {
    for (const [key, descriptor] of Object.entries(saved)) {
      const target = key.startsWith('client') ? Element.prototype : proto;
      if (descriptor) Object.defineProperty(target, key, descriptor);
      else delete (target as unknown as Record<string, unknown>)[key];
    }
  };
}

/**
 * Every roadmap test's set-up, around each test: today is 22 November 2026 (noon, local time), the
 * shell has a size (`fakeLayout`), and no settings are left from the test before.
 */
export function setUpRoadmapTests(): void {
  let restoreLayout: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 12));
    restoreLayout = fakeLayout();
    roadmapLocalSettingsVar(null);
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    restoreLayout();
  });
}
