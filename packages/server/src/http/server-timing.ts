/**
 * The `Server-Timing` header (decision 0066): where the server's time for an answer went, readable in
 * the browser's devtools (the request's Timing tab), `PerformanceServerTiming` and the first-load
 * bench, without a trace. Every answer but the web app's files (served from disk, cached for good)
 * carries `total;dur=` — the time from the request's arrival to its answer being handed to the
 * socket, as GitLab's `X-Runtime` tells every client. The breakdown goes to administrators (as
 * GitLab's performance bar) or, with MILEPOST_SERVER_TIMING=all, to everyone:
 *
 * - `queue`: waiting for a slot of the overload limit (http/overload.ts);
 * - `auth`: the token or session lookup (http/authenticate.ts);
 * - `parse`, `validate`, `execute`: GraphQL's phases (graphql/yoga.ts; a batch adds its operations);
 * - `db;desc="N statements"`: the SQL statements the request sent and the sum of their times (from
 *   sent to answered; statements sent in parallel add up);
 * - `db-connect`: getting connections from the pool (waiting for a free one, or opening one).
 *
 * Names and numbers only: never a message, a statement's text or an error, so an error's answer
 * tells no more than its body. The statement count can tell how a request was decided (a hidden
 * project costs a statement more than a missing one), hence not for everyone by default.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countStatements, type StatementTally } from '../db/statement-timing.ts';
import { isWebAsset } from './web-app.ts';

export type ServerTimingMode = 'off' | 'total' | 'all';

/** The phases measured beside the statements, in the order the header lists them. */
const PHASES = ['queue', 'auth', 'parse', 'validate', 'execute'] as const;
export type ServerTimingPhase = (typeof PHASES)[number];

type RequestTiming = StatementTally & Partial<Record<ServerTimingPhase, number>> & { started: number };

const timings = new WeakMap<FastifyRequest, RequestTiming>();

/** Adds `ms` to the request's `phase` (no-op when the header is off). */
export function addServerTiming(request: FastifyRequest, phase: ServerTimingPhase, ms: number): void {
  const timing = timings.get(request);
  if (timing) timing[phase] = (timing[phase] ?? 0) + ms;
}

/** Times `work` as the request's `phase`. */
export async function timePhase<T>(request: FastifyRequest, phase: ServerTimingPhase, work: () => Promise<T>) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    addServerTiming(request, phase, performance.now() - started);
  }
}

/** A duration as the header writes it: ms with one decimal. */
const ms = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** The header's value for a request that took `totalMs`; the breakdown when `timing` is given. */
export function serverTimingHeader(totalMs: number, timing?: Omit<RequestTiming, 'started'>): string {
  const metrics = [`total;dur=${ms(totalMs)}`];
  if (!timing) return metrics[0] as string;
  for (const phase of PHASES) {
    const value = timing[phase];
    if (value !== undefined) metrics.push(`${phase};dur=${ms(value)}`);
  }
  const count = `${timing.statements} statement${timing.statements === 1 ? '' : 's'}`;
  metrics.push(`db;dur=${ms(timing.statementMs)};desc="${count}"`);
  if (timing.connectMs > 0) metrics.push(`db-connect;dur=${ms(timing.connectMs)}`);
  return metrics.join(', ');
}

function showsBreakdown(mode: ServerTimingMode, request: FastifyRequest): boolean {
  return mode === 'all' || request.actor?.user?.admin === true;
}

/**
 * Registers the header: call first, before any other hook, so the statements of every later hook
 * (the overload limit's, the session lookup) count. A request's body is read on the socket's events,
 * outside the request's async context: the count is entered again before validation and the handler.
 */
export function registerServerTiming(app: FastifyInstance, mode: ServerTimingMode): void {
  if (mode === 'off') return;
  app.addHook('onRequest', (request, _reply, done) => {
    if (isWebAsset(request.url)) return done();
    const timing: RequestTiming = { started: performance.now(), statements: 0, statementMs: 0, connectMs: 0 };
    timings.set(request, timing);
    countStatements(timing, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const timing = timings.get(request);
    if (!timing) return done();
    countStatements(timing, done);
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const timing = timings.get(request);
    if (timing)
      reply.header(
        'server-timing',
        serverTimingHeader(performance.now() - timing.started, showsBreakdown(mode, request) ? timing : undefined),
      );
    return payload;
  });
}
