import { ApolloClient, HttpLink } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from './apollo-client.ts';
import { FIRST_RENDER_WAIT_MS, firstRenderMayStart } from './first-render.ts';
import { GRAPHQL_ENDPOINT } from './first-requests.ts';
import { prefetchInitialRoute } from './prefetch.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return done;
}

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('the first render waits for a list’s, an issue page’s or an epic page’s first answers, a moment at most', () => {
  it('starts once every wait has settled, answered or failed', async () => {
    vi.useFakeTimers();
    const answer = deferred();
    const failure = deferred();
    const start = firstRenderMayStart([answer.promise, failure.promise]);
    answer.resolve();
    expect(await settled(start)).toBe(false);
    failure.reject(new Error('Failed to fetch'));
    expect(await settled(start)).toBe(true);
  });

  it(`starts after ${FIRST_RENDER_WAIT_MS} ms without an answer`, async () => {
    vi.useFakeTimers();
    const start = firstRenderMayStart([new Promise(() => {})]);
    vi.advanceTimersByTime(FIRST_RENDER_WAIT_MS - 1);
    expect(await settled(start)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(start)).toBe(true);
  });

  it('starts at once on a page that does not wait', async () => {
    vi.useFakeTimers();
    expect(await settled(firstRenderMayStart(null))).toBe(true);
  });
});

const MONTHS = '?timeframe_range_type=THREE_YEARS&layout=MONTHS';
const WEEKS = '?timeframe_range_type=CURRENT_QUARTER&layout=WEEKS';

describe('prefetchInitialRoute: what a first render waits for', () => {
  /** A server that holds each request until `answer` (the first `count` held) or `answerAllBut` answers it. */
  function heldServer() {
    const held: { operation: string; send: () => void }[] = [];
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          const { operationName } = JSON.parse(String(init?.body ?? '{}')) as { operationName?: string };
          held.push({
            operation: operationName ?? '',
            send: () =>
              resolve(
                new Response(JSON.stringify({ data: null }), {
                  status: 200,
                  headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' },
                }),
              ),
          });
        }),
    );
    const client = new ApolloClient({ link: new HttpLink({ uri: GRAPHQL_ENDPOINT, fetch }), cache: createCache() });
    const answer = (count: number) => {
      for (const request of held.splice(0, count)) request.send();
    };
    /** Answers every request held now except those of `operation`. */
    const answerAllBut = (operation: string) => {
      const kept = held.filter((request) => request.operation === operation);
      for (const request of held.filter((request) => request.operation !== operation)) request.send();
      held.splice(0, held.length, ...kept);
    };
    return { client, fetch, answer, answerAllBut, held };
  }

  // The shell's four, the path's, and the list's own (on an epic page: the tree's and the page's).
  it.each([
    ['/groups/acme/-/epics', '?state=all', 6],
    ['/groups/acme/-/epics/3', '', 7],
    ['/groups/acme/-/issues', '', 8],
    ['/acme/website/-/issues', '?label_name[]=bug', 8],
  ])('%s%s: every first request, the last one included', async (pathname, search, sent) => {
    const server = heldServer();
    const answers = prefetchInitialRoute(server.client, pathname, search);
    expect(answers).not.toBeNull();
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(sent));
    server.answer(sent - 1);
    expect(await settled(answers as Promise<void>)).toBe(false);
    server.answer(1);
    await expect(answers).resolves.toBeUndefined();
  });

  it.each([['/acme/website/-/issues/76'], ['/acme/website/-/issues/incident/76']])(
    '%s: the shell’s, the path’s and the issue’s answers, not the activity’s',
    async (pathname) => {
      const server = heldServer();
      const answers = prefetchInitialRoute(server.client, pathname, '');
      expect(answers).not.toBeNull();
      const operations = () => server.fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).operationName);
      // The shell's four, the path, the issue, the activity's first page and the viewer's filter and sort.
      await vi.waitFor(() => expect(operations()).toHaveLength(8));
      expect(operations()).toEqual(expect.arrayContaining(['IssuePageQuery', 'IssueDiscussionsQuery']));
      server.answerAllBut('IssuePageQuery');
      expect(await settled(answers as Promise<void>)).toBe(false);
      expect(server.held.map((request) => request.operation)).toEqual(['IssuePageQuery']);
      server.answer(1);
      await expect(answers).resolves.toBeUndefined();
    },
  );

  it('/acme/website/-/issues/76: not the activity’s, which may come later', async () => {
    const server = heldServer();
    const answers = prefetchInitialRoute(server.client, '/acme/website/-/issues/76', '');
    await vi.waitFor(() => expect(server.held).toHaveLength(8));
    server.answerAllBut('IssueDiscussionsQuery');
    await expect(answers).resolves.toBeUndefined();
    expect(server.held.map((request) => request.operation)).toEqual(['IssueDiscussionsQuery']);
  });

  // Decision 0082: the shell's four, the path, the viewer, the first page of epics and the milestones.
  it('/groups/acme/-/roadmap, by months: the first page of epics and the milestones, the last ones included', async () => {
    const server = heldServer();
    const answers = prefetchInitialRoute(server.client, '/groups/acme/-/roadmap', MONTHS);
    expect(answers).not.toBeNull();
    await vi.waitFor(() => expect(server.held).toHaveLength(8));
    expect(server.fetch).toHaveBeenCalledTimes(8);
    server.answerAllBut('RoadmapGroupEpicsQuery');
    expect(await settled(answers as Promise<void>)).toBe(false);
    expect(server.held.map((request) => request.operation)).toEqual(['RoadmapGroupEpicsQuery']);
    server.answer(1);
    await expect(answers).resolves.toBeUndefined();
    expect(server.fetch).toHaveBeenCalledTimes(8);
  });

  it('/groups/acme/-/roadmap, by weeks: the viewer first, then the epics and milestones it decides', async () => {
    const server = heldServer();
    const answers = prefetchInitialRoute(server.client, '/groups/acme/-/roadmap', WEEKS) as Promise<void>;
    // The shell's four, the path and the viewer; the list waits for the viewer's first day of the week.
    await vi.waitFor(() => expect(server.held).toHaveLength(6));
    server.answerAllBut('RoadmapViewerQuery');
    expect(await settled(answers)).toBe(false);
    server.answer(1);
    await vi.waitFor(() => expect(server.held).toHaveLength(2));
    expect(server.held.map((request) => request.operation).sort()).toEqual([
      'RoadmapGroupEpicsQuery',
      'RoadmapGroupMilestonesQuery',
    ]);
    server.answerAllBut('RoadmapGroupMilestonesQuery');
    expect(await settled(answers)).toBe(false);
    server.answer(1);
    await expect(answers).resolves.toBeUndefined();
    expect(server.fetch).toHaveBeenCalledTimes(8);
  });

  it.each([['/dashboard/groups'], ['/groups/acme/-/milestones']])(
    '%s: nothing (its first render does not wait)',
    (pathname) => {
      expect(prefetchInitialRoute(heldServer().client, pathname, '')).toBeNull();
    },
  );
});
