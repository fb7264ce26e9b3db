import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { RoadmapGroupEpicsQueryQueryVariables } from '../../../gql/graphql.ts';
import { roadmapTypePolicies } from '../roadmap-cache.ts';
import { buildRoadmapEpic } from '../test/roadmap-fixtures.ts';
import type { RoadmapEpic } from '../utils/roadmap-rows.ts';
import { useNextPages } from './use-next-pages.ts';

const variables: RoadmapGroupEpicsQueryQueryVariables = { fullPath: 'acme', state: 'all' as never, first: 2 };

function connection(nodes: RoadmapEpic[], endCursor: string, hasNextPage: boolean) {
  return {
    __typename: 'EpicConnection' as const,
    count: 6,
    nodes,
    pageInfo: { __typename: 'PageInfo' as const, hasNextPage, endCursor },
  };
}

/** A client whose server answers each `after` cursor with `pages[after]` (or an error). */
function clientFor(pages: Record<string, ReturnType<typeof connection> | Error>) {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const after = String(operation.variables.after);
        asked.push(after);
        const page = pages[after];
        setTimeout(() => {
          if (!page || page instanceof Error) observer.error(page ?? new Error(`no page after ${after}`));
          else {
            observer.next({
              data: {
                group: { __typename: 'Group', id: 'gid://gitlab/Group/1', roadmapEpicsLimit: null, epics: page },
              },
            });
            observer.complete();
          }
        }, 0);
      }),
  );
  const cache = new InMemoryCache({ typePolicies: roadmapTypePolicies });
  return { client: new ApolloClient({ link, cache }), asked, cache };
}

describe('useNextPages: the roadmap row store', () => {
  const epics = Array.from({ length: 6 }, () => buildRoadmapEpic());
  const first = connection(epics.slice(0, 2), 'c2', true);

  it('appends each next page once, in order, without writing the pages to the Apollo cache', async () => {
    const { client, asked, cache } = clientFor({
      c2: connection(epics.slice(2, 4), 'c4', true),
      c4: connection(epics.slice(4, 6), 'c6', false),
    });
    const { result } = renderHook(() =>
      useNextPages({ client, variables, first, enabled: true, limit: Number.POSITIVE_INFINITY }),
    );
    expect(result.current.epics.map((e) => e.id)).toEqual(epics.slice(0, 2).map((e) => e.id));
    act(() => result.current.fetchNextPage());
    act(() => result.current.fetchNextPage()); // a second ask while the page loads sends nothing
    expect(result.current.loadingMore).toBe(true);
    await waitFor(() => expect(result.current.epics).toHaveLength(4));
    act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.epics).toHaveLength(6));
    expect(result.current.epics.map((e) => e.id)).toEqual(epics.map((e) => e.id));
    expect(result.current.hasNextPage).toBe(false);
    expect(asked).toEqual(['c2', 'c4']);
    // Nothing of the pages landed in the cache: no query to re-read when the next one arrives.
    expect(JSON.stringify(cache.extract())).not.toContain(epics[3]?.id);
  });

  it('reports a failed page, forgets it, and stops at the limit', async () => {
    const { client, asked } = clientFor({ c2: new Error('boom') });
    const { result } = renderHook(() => useNextPages({ client, variables, first, enabled: true, limit: 10 }));
    act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.error).toBeTruthy());
    expect(result.current.loadingMore).toBe(false);
    expect(result.current.epics).toHaveLength(2);
    act(() => result.current.fetchNextPage()); // within the pause: not asked again at once
    expect(asked).toEqual(['c2']);

    const limited = renderHook(() => useNextPages({ client, variables, first, enabled: true, limit: 2 }));
    expect(limited.result.current.hasNextPage).toBe(false);
  });

  it('drops the pages of a list when the variables change', async () => {
    const { client } = clientFor({ c2: connection(epics.slice(2, 4), 'c4', true) });
    const { result, rerender } = renderHook(
      ({ vars }) => useNextPages({ client, variables: vars, first, enabled: true, limit: Number.POSITIVE_INFINITY }),
      { initialProps: { vars: variables } },
    );
    act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.epics).toHaveLength(4));
    rerender({ vars: { ...variables, state: 'opened' as never } });
    expect(result.current.epics).toHaveLength(2);
  });
});
