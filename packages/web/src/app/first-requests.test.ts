import { ApolloClient, HttpLink } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import type { DocumentNode } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchDiscussions } from '../features/discussions/prefetch-discussions.ts';
import { createCache } from './apollo-client.ts';
import {
  answeredEarly,
  BATCH_OPERATIONS,
  BATCH_QUERY_CHARS,
  batchesOf,
  claimFirstRequests,
  FRESH_MS,
  GRAPHQL_ENDPOINT,
  handOverFetch,
  startFirstRequests,
} from './first-requests.ts';
import { type OperationBody, requestKey } from './operation-body.ts';
import { prefetchInitialRoute } from './prefetch.ts';
import { prepareDocument } from './prepared-document.ts';
import { useEarlyAnswerPolicy } from './use-early-answer-policy.ts';

const REGISTRY = Symbol.for('milepost.firstRequests');

type Sent = { body: OperationBody; init: RequestInit; batch: number };
type Answer = { status?: number; json?: unknown; fail?: boolean };

/**
 * A stand-in for the server: records each POSTed operation (`batch`: which POST carried it) and answers
 * `answer(operationName)` (default `{ data: null }`); a batch (a JSON array) is answered with the array
 * of its operations' results, or, when one of them fails or answers an error status, as that one.
 */
function fakeServer(answer: (operationName: string) => Answer = () => ({})) {
  const sent: Sent[] = [];
  let posts = 0;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const parsed = JSON.parse(String(init.body)) as OperationBody | OperationBody[];
    const bodies = Array.isArray(parsed) ? parsed : [parsed];
    const batch = posts++;
    for (const body of bodies) sent.push({ body, init, batch });
    const answers = bodies.map((body) => answer(body.operationName ?? ''));
    if (answers.some((a) => a.fail)) throw new TypeError('Failed to fetch');
    const failed = answers.find((a) => (a.status ?? 200) !== 200);
    const json = failed
      ? failed.json
      : Array.isArray(parsed)
        ? answers.map((a) => a.json ?? { data: null })
        : (answers[0]?.json ?? { data: null });
    return new Response(JSON.stringify(json), {
      status: failed?.status ?? 200,
      headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' },
    });
  });
  /** The operations of each POST, by name (each POST's sorted, the POSTs in the order of their first). */
  const posted = () => {
    const byPost = new Map<number, string[]>();
    for (const s of sent) byPost.set(s.batch, [...(byPost.get(s.batch) ?? []), s.body.operationName ?? '']);
    return [...byPost.values()].map((names) => names.sort());
  };
  return { sent, fetch, posted, names: () => sent.map((s) => s.body.operationName).sort() };
}

/** The app's client as `createApolloClient` makes it, over `fetch`. */
function appClient(fetch: typeof globalThis.fetch) {
  return new ApolloClient({
    link: new HttpLink({ uri: GRAPHQL_ENDPOINT, credentials: 'same-origin', fetch: handOverFetch(fetch) }),
    cache: createCache(),
  });
}

/** The early script on `pathname`, its requests answered by `send` (the documents prepared as the build does). */
const start = (pathname: string, search: string, send: Parameters<typeof startFirstRequests>[2]) =>
  startFirstRequests(pathname, search, send, (document) => prepareDocument(document as DocumentNode));

/**
 * What the app asks on its own for a first URL: its prefetch, and on an epic page the activity, which
 * the page asks for once its first screen is painted (decision 0079).
 */
function appFirstRequests(client: ApolloClient, pathname: string, search: string) {
  prefetchInitialRoute(client, pathname, search);
  const epic = /^\/groups\/(.+)\/-\/epics\/(\d+)$/.exec(pathname);
  if (epic) prefetchDiscussions(client, { type: 'Epic', fullPath: epic[1] ?? '', iid: epic[2] ?? '' });
}

/** Lets every chain of prefetches run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  Reflect.deleteProperty(globalThis, REGISTRY);
  vi.useRealTimers();
});

const SHELL = ['CurrentUserQuery', 'DisplayPreferencesQuery', 'EditorPreferenceQuery', 'TodoCountQuery'];

describe('the early script: the first URL → its requests', () => {
  const urls: [string, string, string[]][] = [
    ['/dashboard/groups', '', SHELL],
    ['/groups/acme/-/epics', '?state=all&label_name[]=bug', [...SHELL, 'EpicsListQuery', 'ResolvePathQuery']],
    [
      '/acme/website/-/issues',
      '?label_name[]=bug',
      [...SHELL, 'IssuesListContextQuery', 'IssuesListCountsQuery', 'IssuesListQuery', 'ResolvePathQuery'],
    ],
    [
      '/groups/acme/-/issues',
      '',
      [...SHELL, 'IssuesListContextQuery', 'IssuesListCountsQuery', 'IssuesListQuery', 'ResolvePathQuery'],
    ],
    [
      '/acme/website/-/issues/76',
      '',
      [...SHELL, 'IssueDiscussionsQuery', 'IssuePageQuery', 'NotesPreferencesQuery', 'ResolvePathQuery'],
    ],
    [
      '/groups/acme/-/epics/3',
      '',
      [
        ...SHELL,
        'EpicChildItemsQuery',
        'EpicDiscussionsQuery',
        'EpicPageQuery',
        'NotesPreferencesQuery',
        'ResolvePathQuery',
      ],
    ],
    [
      '/groups/acme/-/roadmap',
      '',
      [...SHELL, 'ResolvePathQuery', 'RoadmapGroupEpicsQuery', 'RoadmapGroupMilestonesQuery', 'RoadmapViewerQuery'],
    ],
  ];

  it.each(urls)('%s%s: sends what the app asks, with the very bodies Apollo sends', async (pathname, search, names) => {
    const early = fakeServer();
    start(pathname, search, early.fetch);
    await settle();
    expect(early.names()).toEqual([...names].sort());

    // The app's requests through Apollo with nothing sent early: what it would send by itself.
    Reflect.deleteProperty(globalThis, REGISTRY);
    const alone = fakeServer();
    appFirstRequests(appClient(alone.fetch), pathname, search);
    await settle();
    const appKeys = alone.sent.map((s) => requestKey(s.body));
    for (const { body } of early.sent) expect(appKeys, body.operationName ?? '').toContain(requestKey(body));
    // Apollo's headers: the server answers the early requests as it answers Apollo's.
    for (const { init } of early.sent) {
      const headers = new Headers(init.headers);
      expect(headers.get('accept')).toBe(new Headers(alone.sent[0]?.init.headers).get('accept'));
      expect(headers.get('content-type')).toBe('application/json');
    }
  });

  it.each(urls)(
    '%s%s: sends the shell’s queries and the path lookup as one request, the page’s own alone',
    async (pathname, search, names) => {
      const early = fakeServer();
      start(pathname, search, early.fetch);
      await settle();
      const batched = names.filter((name) => SHELL.includes(name) || name === 'ResolvePathQuery').sort();
      const alone = names.filter((name) => !batched.includes(name));
      // Each POST's operations: one with the shell's and the path's, one per page request.
      const posted = early.posted().map((operations) => operations.join(' + '));
      expect(posted.sort()).toEqual([batched.join(' + '), ...alone].sort());
    },
  );

  it('hands every early request to the app: the app itself sends none of them', async () => {
    const early = fakeServer();
    start('/acme/website/-/issues/76', '', early.fetch);
    const network = fakeServer();
    prefetchInitialRoute(appClient(network.fetch), '/acme/website/-/issues/76', '');
    await settle();
    expect(early.names()).toEqual(
      [...SHELL, 'IssueDiscussionsQuery', 'IssuePageQuery', 'NotesPreferencesQuery', 'ResolvePathQuery'].sort(),
    );
    expect(network.sent).toEqual([]);
  });

  it('on an epic page, the app’s prefetch leaves the activity to the page: the early script asks for it', async () => {
    const ACTIVITY = ['EpicDiscussionsQuery', 'NotesPreferencesQuery'];
    const early = fakeServer();
    start('/groups/acme/-/epics/3', '', early.fetch);
    await settle();
    expect(early.names()).toEqual(expect.arrayContaining(ACTIVITY));
    Reflect.deleteProperty(globalThis, REGISTRY);
    const alone = fakeServer();
    prefetchInitialRoute(appClient(alone.fetch), '/groups/acme/-/epics/3', '');
    await settle();
    expect(alone.names()).toEqual([...SHELL, 'EpicChildItemsQuery', 'EpicPageQuery', 'ResolvePathQuery'].sort());
  });

  it('sends nothing when the app started first (the early script came late): the app sends them', async () => {
    claimFirstRequests();
    const early = fakeServer();
    start('/acme/website/-/issues/76', '', early.fetch);
    const network = fakeServer();
    prefetchInitialRoute(appClient(network.fetch), '/acme/website/-/issues/76', '');
    await settle();
    expect(early.sent).toEqual([]);
    expect(network.names()).toContain('IssuePageQuery');
  });

  it('stops a chain where Apollo would: a failed first request sends nothing that depends on it', async () => {
    // Weekly columns wait for the viewer's first day of the week.
    const early = fakeServer((name) => (name === 'RoadmapViewerQuery' ? { status: 503 } : {}));
    start('/groups/acme/-/roadmap', '?timeframe_range_type=CURRENT_YEAR&layout=WEEKS', early.fetch);
    await settle();
    expect(early.names()).toContain('RoadmapViewerQuery');
    expect(early.names()).not.toContain('RoadmapGroupEpicsQuery');
    expect(early.names()).toContain('ResolvePathQuery');
  });
});

describe('the early script’s batches', () => {
  const body = (name: string, chars: number): OperationBody => ({
    operationName: name,
    variables: {},
    query: 'x'.repeat(chars),
  });
  const names = (batches: OperationBody[][]) => batches.map((batch) => batch.map((one) => one.operationName));

  it('keeps the order, and starts a new batch at the server’s limits: operations, then query text', () => {
    const many = Array.from({ length: BATCH_OPERATIONS + 2 }, (_, i) => body(`Q${i}`, 10));
    expect(names(batchesOf(many)).map((batch) => batch.length)).toEqual([BATCH_OPERATIONS, 2]);
    expect(names(batchesOf(many)).flat()).toEqual(many.map((one) => one.operationName));
    const third = Math.floor(BATCH_QUERY_CHARS / 3);
    expect(names(batchesOf([body('A', third), body('B', third), body('C', third), body('D', 2)]))).toEqual([
      ['A', 'B', 'C'],
      ['D'],
    ]);
    // A text over the limit on its own goes alone (the server answers it as it would any single request).
    expect(names(batchesOf([body('A', 10), body('B', BATCH_QUERY_CHARS + 1), body('C', 10)]))).toEqual([
      ['A'],
      ['B'],
      ['C'],
    ]);
    expect(batchesOf([])).toEqual([]);
  });

  it('fails every operation of a batch answered with anything but one result each: the app asks again', async () => {
    const send = vi.fn(
      async () => new Response('[{"data":null}]', { headers: { 'content-type': 'application/json' } }),
    );
    start('/dashboard/groups', '', send);
    await settle();
    const batch = JSON.parse(
      String((send.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    ) as OperationBody[];
    expect(batch.map((one) => one.operationName).sort()).toEqual([...SHELL].sort());
    const network = fakeServer();
    const handOver = handOverFetch(network.fetch);
    for (const one of batch) await handOver(GRAPHQL_ENDPOINT, { method: 'POST', body: JSON.stringify(one) });
    expect(network.names()).toEqual([...SHELL].sort());
  });
});

describe('handing the early requests over to Apollo', () => {
  const VIEWER = { data: { currentUser: { __typename: 'UserCore', id: 'gid://milepost/User/1' } } };

  async function sendLikeApollo(fetch: typeof globalThis.fetch, body: OperationBody) {
    const response = await fetch(GRAPHQL_ENDPOINT, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, json: (await response.json()) as unknown };
  }

  /** The early script's body for the viewer query, as sent. */
  async function earlyViewer(answer: Answer) {
    const early = fakeServer((name) => (name === 'CurrentUserQuery' ? answer : {}));
    start('/dashboard/groups', '', early.fetch);
    await settle();
    const sent = early.sent.find((s) => s.body.operationName === 'CurrentUserQuery');
    if (!sent) throw new Error('The viewer was not asked.');
    return sent.body;
  }

  it('answers the same request once from the early answer, then from the network', async () => {
    const body = await earlyViewer({ json: VIEWER });
    const network = fakeServer(() => ({ json: { data: { currentUser: null } } }));
    const handOver = handOverFetch(network.fetch);
    expect(await sendLikeApollo(handOver, body)).toEqual({ status: 200, json: VIEWER });
    expect(network.sent).toHaveLength(0);
    expect(await sendLikeApollo(handOver, body)).toEqual({ status: 200, json: { data: { currentUser: null } } });
    expect(network.sent).toHaveLength(1);
  });

  it('waits for an early request still in flight instead of sending it again', async () => {
    let release: (response: Response) => void = () => undefined;
    const slow = vi.fn(
      (_input: string, _init: RequestInit) =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    start('/nowhere', '', slow);
    await Promise.resolve();
    // The shell's batch: its viewer query, answered once `release` is called.
    const batch = JSON.parse(String(slow.mock.calls[0]?.[1].body)) as OperationBody[];
    const body = batch.find((one) => one.operationName === 'CurrentUserQuery') as OperationBody;
    const network = fakeServer();
    const answered = sendLikeApollo(handOverFetch(network.fetch), body);
    const results = batch.map((one) => (one === body ? VIEWER : { data: null }));
    release(new Response(JSON.stringify(results), { headers: { 'content-type': 'application/json' } }));
    expect(await answered).toEqual({ status: 200, json: VIEWER });
    expect(network.sent).toHaveLength(0);
  });

  it.each<[string, Answer]>([
    ['an error status', { status: 503, json: { errors: [{ message: 'Busy' }] } }],
    ['GraphQL errors', { json: { data: null, errors: [{ message: 'Internal server error' }] } }],
    ['no answer', { fail: true }],
    ['an answer that is no GraphQL result', { json: 'Service Unavailable' }],
  ])('goes to the network when the early request failed (%s)', async (_what, answer) => {
    const body = await earlyViewer(answer);
    const network = fakeServer(() => ({ json: VIEWER }));
    expect(await sendLikeApollo(handOverFetch(network.fetch), body)).toEqual({ status: 200, json: VIEWER });
    expect(network.sent.map((s) => s.body)).toEqual([body]);
  });

  it(`goes to the network when the early answer is older than ${FRESH_MS / 1000} s`, async () => {
    const body = await earlyViewer({ json: VIEWER });
    vi.useFakeTimers({ now: Date.now() + FRESH_MS + 1, toFake: ['Date'] });
    const network = fakeServer(() => ({ json: { data: { currentUser: null } } }));
    expect(await sendLikeApollo(handOverFetch(network.fetch), body)).toEqual({
      status: 200,
      json: { data: { currentUser: null } },
    });
    expect(network.sent).toHaveLength(1);
  });

  it('sends other requests, and those with other variables, to the network', async () => {
    const body = await earlyViewer({ json: VIEWER });
    const network = fakeServer();
    const handOver = handOverFetch(network.fetch);
    await sendLikeApollo(handOver, { ...body, variables: { other: 1 } });
    await sendLikeApollo(handOver, { ...body, query: `${body.query} ` });
    expect(network.sent).toHaveLength(2);
    // The early answer is still there for the request it answers.
    expect(await sendLikeApollo(handOver, body)).toEqual({ status: 200, json: VIEWER });
    expect(network.sent).toHaveLength(2);
  });
});

describe('a page that refreshes what it finds cached, on the first load', () => {
  const VIEWER = { data: { currentUser: { __typename: 'UserCore', id: 'gid://milepost/User/1' } } };

  /** The early script asks for the viewer; the app is handed its answer (as Apollo would ask). */
  async function handViewerOver() {
    const early = fakeServer(() => ({ json: VIEWER }));
    start('/dashboard/groups', '', early.fetch);
    await settle();
    const sent = early.sent.find((s) => s.body.operationName === 'CurrentUserQuery');
    if (!sent) throw new Error('The viewer was not asked.');
    await handOverFetch(fakeServer().fetch)(GRAPHQL_ENDPOINT, { method: 'POST', body: JSON.stringify(sent.body) });
    return sent.body.variables;
  }

  it('takes the answer the early requests just brought from the cache, and refreshes anything else', async () => {
    const variables = await handViewerOver();
    expect(answeredEarly('CurrentUserQuery', variables)).toBe(true);
    expect(answeredEarly('CurrentUserQuery', { ...variables, other: 1 })).toBe(false);
    expect(answeredEarly('EpicsListQuery', variables)).toBe(false);
    const { result } = renderHook(() => ({
      early: useEarlyAnswerPolicy('CurrentUserQuery', variables),
      other: useEarlyAnswerPolicy('CurrentUserQuery', { ...variables, other: 2 }),
    }));
    expect(result.current).toEqual({ early: 'cache-first', other: 'cache-and-network' });
  });

  it(`refreshes an early answer older than ${FRESH_MS / 1000} s, but never flips while the page is open`, async () => {
    const variables = await handViewerOver();
    const { result, rerender } = renderHook(() => useEarlyAnswerPolicy('CurrentUserQuery', variables));
    expect(result.current).toBe('cache-first');
    vi.useFakeTimers({ now: Date.now() + FRESH_MS + 1, toFake: ['Date'] });
    expect(answeredEarly('CurrentUserQuery', variables)).toBe(false);
    rerender();
    expect(result.current).toBe('cache-first');
    expect(renderHook(() => useEarlyAnswerPolicy('CurrentUserQuery', variables)).result.current).toBe(
      'cache-and-network',
    );
  });
});
