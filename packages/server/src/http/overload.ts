/**
 * Overload protection. At most `maxConcurrentRequests` requests are served at once; the next
 * `requestQueueSize` wait (first come, first served) for at most `requestQueueTimeoutMs`; any more,
 * or one that waited too long, is answered at once `503 Service Unavailable` with `Retry-After`,
 * before its body is read or its token looked up. So a burst costs the server a bounded amount of
 * memory and work, the requests it takes keep a bounded latency, and once the burst ends it is
 * back to normal as soon as the short queue has drained. The health checks are never limited: a busy server is alive and ready.
 *
 * A query that waits longer than `dbPoolTimeoutMs` for a PostgreSQL connection (`db/client.ts`) is
 * answered the same 503 by app.ts's error handler (REST, UI JSON) and by GraphQL's error masking.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import type { Config } from '../config.ts';
import { addServerTiming } from './server-timing.ts';

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

export const OVERLOADED_MESSAGE = 'Milepost is too busy to answer right now. Try again in a few seconds.';

const EXEMPT_PATHS = new Set(['/-/liveness', '/-/readiness', '/-/health']);

/** Registers the in-flight limit as the app's first `onRequest` hook (call before any other hook). */
export function registerOverloadProtection(
  app: FastifyInstance,
  config: Pick<Config, 'maxConcurrentRequests' | 'requestQueueSize' | 'requestQueueTimeoutMs'>,
): void {
  if (config.maxConcurrentRequests === 0) return;
  const limiter = new RequestLimiter(config.maxConcurrentRequests, config.requestQueueSize);
  app.addHook('onRequest', async (request, reply) => {
    if (EXEMPT_PATHS.has(pathOf(request.url))) return;
    // `close` comes once the response is sent or the client went away, whichever is first.
    const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
    const asked = performance.now();
    const slot = await limiter.acquire(closed, config.requestQueueTimeoutMs);
    addServerTiming(request, 'queue', performance.now() - asked);
    if (!slot) return sendOverloaded(request, reply);
    void closed.then(slot);
  });
}

/** Answers 503 with `Retry-After` and a body in the shape the path's clients read. */
export function sendOverloaded(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
  const path = pathOf(request.url);
  if (path === '/api/graphql') return reply.send({ errors: [{ message: OVERLOADED_MESSAGE }] });
  const wantsPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/^\/(api|oauth)\//.test(path) &&
    !path.endsWith('.json') &&
    !/application\/json/.test(request.headers.accept ?? '');
  if (wantsPage) return reply.type('text/plain; charset=utf-8').send(OVERLOADED_MESSAGE);
  return reply.send({ message: `503 Service Unavailable: ${OVERLOADED_MESSAGE}` });
}

/**
 * The GraphQL error for a resolver that found the server overloaded: Yoga answers the whole
 * request 503 with `Retry-After` (the `http` extension, which it leaves out of the response body).
 */
export function overloadedGraphQLError(error: GraphQLError | undefined): GraphQLError {
  return new GraphQLError(OVERLOADED_MESSAGE, {
    nodes: error?.nodes,
    path: error?.path,
    extensions: {
      code: 'SERVICE_UNAVAILABLE',
      http: { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    },
  });
}

function pathOf(url: string): string {
  const end = url.indexOf('?');
  return end < 0 ? url : url.slice(0, end);
}

type Waiter = { grant: (release: (() => void) | null) => void };

/**
 * A counting semaphore with a bounded FIFO queue. `acquire` resolves to a release function, or to
 * null when the queue is full, the wait timed out, or `abandoned` settled (the client left) first.
 */
export class RequestLimiter {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    private readonly max: number,
    private readonly queueSize: number,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  acquire(abandoned: Promise<void>, timeoutMs: number): Promise<(() => void) | null> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.queueSize) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.queue.indexOf(waiter);
        if (at < 0) return;
        this.queue.splice(at, 1);
        resolve(null);
      };
      const timer = setTimeout(leave, timeoutMs);
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      this.queue.push(waiter);
      void abandoned.then(leave);
    });
  }

  /** A release that works once: it hands the slot to the first waiter, or frees it. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next.grant(this.releaser());
      else this.active--;
    };
  }
}
