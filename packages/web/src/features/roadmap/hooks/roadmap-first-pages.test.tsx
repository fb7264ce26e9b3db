import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestClient } from '../test/render-roadmap.tsx';
import { requestRoadmapFirstPage, useRoadmapFirstPage } from './roadmap-first-pages.ts';

const VARIABLES = { fullPath: 'acme', first: 50, withLabels: false };

/** A first page whose one epic is titled by the answer's number (1 for the first request, …). */
function client(fail = false) {
  let answers = 0;
  const answer = () => {
    answers++;
    if (fail) return new Error('down');
    return {
      group: {
        __typename: 'Group',
        id: 'gid://gitlab/Group/1',
        roadmapEpicsLimit: null,
        epics: {
          __typename: 'EpicConnection',
          count: 1,
          nodes: [{ __typename: 'Epic', id: 'gid://gitlab/Epic/1', title: `Answer ${answers}` }],
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      },
    };
  };
  const test = createTestClient({ RoadmapGroupEpicsQuery: answer });
  const requests = () => test.calls.filter((c) => c.operationName === 'RoadmapGroupEpicsQuery').length;
  return { ...test, requests };
}

const titleOf = (result: ReturnType<typeof useRoadmapFirstPage>['result']) =>
  (result?.data?.group?.epics?.nodes[0] as { title?: string } | undefined)?.title;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12));
});
afterEach(() => vi.useRealTimers());

describe('a group roadmap’s first page (outside Apollo’s cache)', () => {
  it('is one request for the boot prefetch and the page, however often the page renders', async () => {
    const { client: apollo, requests } = client();
    requestRoadmapFirstPage(apollo, VARIABLES);
    const { result, rerender } = renderHook(() => useRoadmapFirstPage(apollo, VARIABLES, false));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(titleOf(result.current.result)).toBe('Answer 1'));
    // Renders long after the answer (windows arriving, a scroll) ask nothing again.
    vi.setSystemTime(new Date(2026, 10, 22, 12, 5));
    rerender();
    rerender();
    expect(requests()).toBe(1);
  });

  it('shows a list shown before at once, asks again and replaces it with the new answer', async () => {
    const { client: apollo, requests } = client();
    const first = renderHook(() => useRoadmapFirstPage(apollo, VARIABLES, false));
    await waitFor(() => expect(titleOf(first.result.current.result)).toBe('Answer 1'));
    first.unmount();

    vi.setSystemTime(new Date(2026, 10, 22, 12, 1));
    const again = renderHook(() => useRoadmapFirstPage(apollo, VARIABLES, false));
    expect(again.result.current.loading).toBe(false);
    expect(titleOf(again.result.current.result)).toBe('Answer 1');
    await waitFor(() => expect(titleOf(again.result.current.result)).toBe('Answer 2'));
    expect(requests()).toBe(2);
  });

  it('asks nothing while skipped, and reports a failure as an error', async () => {
    const { client: apollo, requests } = client(true);
    const { result, rerender } = renderHook(({ skip }) => useRoadmapFirstPage(apollo, VARIABLES, skip), {
      initialProps: { skip: true },
    });
    expect(result.current).toEqual({ result: null, loading: false });
    expect(requests()).toBe(0);
    await act(async () => rerender({ skip: false }));
    await waitFor(() => expect(result.current.result?.error).toBeTruthy());
    expect(result.current.loading).toBe(false);
    expect(result.current.result?.data).toBeNull();
  });
});
