import { type OperationBody, operationBody, type PreparedDocument, requestKey } from './operation-body.ts';
import { prefetchInitialRoute } from './prefetch.ts';
import { FIRST_BATCH, type PrefetchClient } from './prefetch-client.ts';

export const GRAPHQL_ENDPOINT = '/api/graphql';

/** The headers Apollo's HTTP link sends with every query: the server answers both alike. */
const HEADERS = {
  accept: 'application/graphql-response+json,application/json;q=0.9',
  'content-type': 'application/json',
};

/** An early answer older than this is not handed over: the app asks again. */
export const FRESH_MS = 30_000;

/** A first request's answer, or null when it failed (no answer, not 2xx, or GraphQL errors). */
type Answer = { status: number; statusText: string; contentType: string; text: string; data: unknown; at: number };
type FirstRequests = Map<string, Promise<Answer | null>>;
type Fetch = (input: string, init: RequestInit) => Promise<Response>;
/** A query document as the early script carries it → what Apollo sends for it (null: left to the app). */
export type Prepare = (document: unknown) => PreparedDocument | null;

/** Where the early script leaves its requests for the app (two bundles: a global, not a module's state). */
const REGISTRY = Symbol.for('milepost.firstRequests');
type WithRegistry = { [REGISTRY]?: FirstRequests };

/** An answer as the app receives it: `text` the JSON of one operation's result. */
function answerOf(response: Response, contentType: string, result: unknown): Answer | null {
  const json = result as { data?: unknown; errors?: unknown } | null;
  if (!json || typeof json !== 'object' || json.errors !== undefined || !('data' in json)) return null;
  return {
    status: response.status,
    statusText: response.statusText,
    contentType,
    text: JSON.stringify(json),
    data: json.data,
    at: Date.now(),
  };
}

/**
 * POSTs `bodies` — one operation as Apollo would send it, or several as one JSON array (GitLab's
 * multiplexed queries; the server's Yoga batches) — and answers each operation's result, null for
 * one that failed (no answer, not 2xx, GraphQL errors, a batch answered with anything but as many
 * results).
 */
async function fetchAnswers(send: Fetch, bodies: readonly OperationBody[]): Promise<(Answer | null)[]> {
  const failed = bodies.map(() => null);
  try {
    const one = bodies.length === 1;
    const response = await send(GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(one ? bodies[0] : bodies),
    });
    const text = await response.text();
    if (!response.ok) return failed;
    const contentType = response.headers.get('content-type') ?? 'application/json';
    const json = JSON.parse(text) as unknown;
    if (one) return [answerOf(response, contentType, json)];
    if (!Array.isArray(json) || json.length !== bodies.length) return failed;
    return json.map((result) => answerOf(response, contentType, result));
  } catch {
    return failed;
  }
}

/** The most operations one batch carries (the server's Yoga: `batching: { limit: 10 }`). */
export const BATCH_OPERATIONS = 10;
/** The most query text one batch carries, its operations together (GitLab's and the server's `MAX_QUERY_LENGTH`). */
export const BATCH_QUERY_CHARS = 10_000;

/** `bodies` in batches the server takes: in order, at most `BATCH_OPERATIONS` and `BATCH_QUERY_CHARS` each. */
export function batchesOf(bodies: readonly OperationBody[]): OperationBody[][] {
  const batches: OperationBody[][] = [];
  let chars = 0;
  for (const body of bodies) {
    const last = batches.at(-1);
    if (last && last.length < BATCH_OPERATIONS && chars + body.query.length <= BATCH_QUERY_CHARS) {
      last.push(body);
      chars += body.query.length;
    } else {
      batches.push([body]);
      chars = body.query.length;
    }
  }
  return batches;
}

/**
 * A prefetch client without Apollo: each query is POSTed as Apollo's HTTP link would send it
 * (`operationBody`) — at once, or, asked with `FIRST_BATCH`, at the end of the task with the others
 * so asked, as one batch — and kept in `requests` for the app; the same request twice is sent once.
 * It answers `{ data }` like Apollo's `query`, and rejects when the request failed (or is left to
 * the app), so a chain of prefetches stops where Apollo's would.
 */
export function firstRequestsClient(requests: FirstRequests, send: Fetch, prepare: Prepare): PrefetchClient {
  let batch: { body: OperationBody; answer: (found: Answer | null) => void }[] = [];
  const sendBatch = () => {
    const queued = batch;
    batch = [];
    for (const part of batchesOf(queued.map(({ body }) => body))) {
      const waiting = queued.splice(0, part.length);
      void fetchAnswers(send, part).then((answers) => {
        waiting.forEach(({ answer }, i) => {
          answer(answers[i] ?? null);
        });
      });
    }
  };
  const query = (options: {
    query: unknown;
    variables?: Record<string, unknown>;
    context?: Record<string, unknown>;
  }) => {
    const document = prepare(options.query);
    if (!document) return Promise.reject(new Error('This request is left to the app.'));
    const body = operationBody(document, options.variables);
    const key = requestKey(body);
    let answer = requests.get(key);
    if (!answer && options.context?.[FIRST_BATCH]) {
      answer = new Promise<Answer | null>((resolve) => {
        if (!batch.length) queueMicrotask(sendBatch);
        batch.push({ body, answer: resolve });
      });
      requests.set(key, answer);
    } else if (!answer) {
      answer = fetchAnswers(send, [body]).then(([found]) => found ?? null);
      requests.set(key, answer);
    }
    return answer.then((found) => {
      if (!found) throw new Error('The first request failed; the app asks again.');
      return { data: found.data };
    });
  };
  return { query: query as unknown as PrefetchClient['query'] };
}

/**
 * The early script's work (`first-requests-entry.ts`, run while the page is parsed, before the app's
 * code has downloaded): the first URL's requests, the same `prefetchInitialRoute` asks through Apollo
 * once the app runs, left where `handOverFetch` finds them.
 */
export function startFirstRequests(pathname: string, search: string, send: Fetch, prepare: Prepare): void {
  // The app started first (the early script came late): it sends the requests itself.
  if ((globalThis as WithRegistry)[REGISTRY]) return;
  const requests: FirstRequests = new Map();
  (globalThis as WithRegistry)[REGISTRY] = requests;
  prefetchInitialRoute(firstRequestsClient(requests, send, prepare), pathname, search);
}

/**
 * Called by the app before its own first requests: an early script that has not run by then (it runs
 * as soon as it has downloaded, `async`) does not send them a second time.
 */
export function claimFirstRequests(): void {
  (globalThis as WithRegistry)[REGISTRY] ??= new Map();
}

/** When the app was handed each early answer, by operation and variables (`answeredEarly`). */
const handedOver = new Map<string, number>();

function answerKey(operationName: string | null, variables: Record<string, unknown>): string {
  return requestKey({ operationName, query: '', variables });
}

function parseSentBody(body: string): OperationBody | null {
  try {
    const sent = JSON.parse(body) as Partial<OperationBody>;
    if (typeof sent.query !== 'string') return null;
    return { operationName: sent.operationName ?? null, query: sent.query, variables: sent.variables ?? {} };
  } catch {
    return null;
  }
}

/**
 * Apollo's `fetch`: a query the early script already sent (the same operation, text and variables) is
 * answered from that request — in flight or answered — once; any other request, a failed early one, or
 * one answered more than `FRESH_MS` ago goes to `network`. The answer reaches Apollo's HTTP link as a
 * response, so it handles it as any other.
 */
export function handOverFetch(network: typeof fetch): typeof fetch {
  return async (input, init) => {
    const requests = (globalThis as WithRegistry)[REGISTRY];
    if (requests?.size && input === GRAPHQL_ENDPOINT && init?.method === 'POST' && typeof init.body === 'string') {
      const sent = parseSentBody(init.body);
      const key = sent === null ? null : requestKey(sent);
      const early = key === null ? undefined : requests.get(key);
      if (sent !== null && key !== null && early) {
        requests.delete(key);
        const answer = await early;
        if (answer && Date.now() - answer.at < FRESH_MS && !init.signal?.aborted) {
          handedOver.set(answerKey(sent.operationName, sent.variables), answer.at);
          return new Response(answer.text, {
            status: answer.status,
            statusText: answer.statusText,
            headers: { 'content-type': answer.contentType },
          });
        }
      }
    }
    return network(input, init);
  };
}

/**
 * Whether this page load's early requests brought the answer to `operationName` with `variables`
 * less than `FRESH_MS` ago: a page that refreshes what it finds cached (`cache-and-network`) need not
 * ask again for what was answered moments ago (`useEarlyAnswerPolicy`).
 */
export function answeredEarly(operationName: string, variables: Record<string, unknown>): boolean {
  const at = handedOver.get(answerKey(operationName, variables));
  return at !== undefined && Date.now() - at < FRESH_MS;
}
