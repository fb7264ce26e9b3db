import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AlertsProvider } from '../../../app/alerts/alerts-context.tsx';
import { createCache } from '../../../app/apollo-client.ts';
import { buildChildIssue, childItemsAnswer } from './test/child-items-fixtures.ts';
import { ROOT, useEpicTree } from './use-epic-tree.ts';

/** A client whose answers the test sends, one request at a time and in any order. */
function heldClient() {
  const held: { send: (data: unknown) => void }[] = [];
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        held.push({
          send: (data) => {
            observer.next({ data: data as Record<string, unknown> });
            observer.complete();
          },
        });
      }),
  );
  return { client: new ApolloClient({ link, cache: createCache() }), held };
}

const page = (...titles: string[]) =>
  childItemsAnswer('1', { nodes: [] }, { nodes: titles.map((title) => buildChildIssue({ title })) });

describe('useEpicTree', () => {
  it('keeps the newest answer for a branch when an older one arrives after it', async () => {
    const { client, held } = heldClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApolloProvider client={client}>
        <AlertsProvider>{children}</AlertsProvider>
      </ApolloProvider>
    );
    const { result } = renderHook(() => useEpicTree('acme', '1'), { wrapper });
    const titles = () => result.current.branches[ROOT]?.branch?.issues.map((issue) => issue.title);
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]?.send(page('First')));
    await waitFor(() => expect(titles()).toEqual(['First']));

    // Two reloads of the same branch (as after a move, while an expand's request is on its way): two
    // requests, and the first one asked answers last, with the children from before the move.
    let first: Promise<void> | undefined;
    let second: Promise<void> | undefined;
    act(() => {
      first = result.current.reload();
      second = result.current.reload();
    });
    await waitFor(() => expect(held).toHaveLength(3));
    await act(async () => {
      held[2]?.send(page('First', 'Moved here'));
      await second;
    });
    expect(titles()).toEqual(['First', 'Moved here']);
    await act(async () => {
      held[1]?.send(page('First'));
      await first;
    });
    expect(titles()).toEqual(['First', 'Moved here']);
    expect(result.current.branches[ROOT]?.loading).toBe(false);
  });
});
