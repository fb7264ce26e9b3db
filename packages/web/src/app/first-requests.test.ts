import { ApolloClient, HttpLink } from '@apollo/client';
import { renderHook } from '@testing-library/react';
import type { DocumentNode } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchDiscussions } from '../features/discussions/prefetch-discussions.ts';
import { createCache } from './apollo-client.ts';
import {
  answeredEarly,
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

type Sent = { body: OperationBody; init: RequestInit };
type Answer = { status?: number; json?: unknown; fail?: boolean };

/** A stand-in for the server: records each POSTed body and answers `answer(operationName)` (default `{ data: null }`). */
function fakeServer(answer: (operationName: string) => Answer = () => ({})) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as OperationBody;
    sent.push({ body, init });
    const { status = 200, json = { data: null }, fail = false } = answer(body.operationName ?? '');
    if (fail) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(json), {
      status,
      headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' },
    });
  });
  return { sent, fetch, names: () => sent.map((s) => s.body.operationName).sort() };
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
    start('/nowhere', '', (input, init) =>
      JSON.parse(String(init.body)).operationName === 'CurrentUserQuery'
        ? slow(input, init)
        : Promise.resolve(new Response('{"data":null}')),
    );
    const body = JSON.parse(String(slow.mock.calls[0]?.[1].body)) as OperationBody;
    const network = fakeServer();
    const answered = sendLikeApollo(handOverFetch(network.fetch), body);
    release(new Response(JSON.stringify(VIEWER), { headers: { 'content-type': 'application/json' } }));
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
