/**
 * Request throttles, as GitLab's Rack::Attack settings (decision 0014):
 * - protected paths: POSTs to the sign-in and password paths, per client address
 *   (`MILEPOST_PROTECTED_PATHS_LIMIT`, GitLab's default 10 a minute);
 * - the API (`/api/…`, REST and GraphQL): per user when signed in, per address when not
 *   (`MILEPOST_API_RATE_LIMIT_PER_USER` / `_PER_IP`, off by default as GitLab's).
 * Over a limit: 429 `Retry later` with `Retry-After` and GitLab's `RateLimit-*` headers.
 * The limits are the instance settings' (Admin › Settings), or these environment settings' when unset.
 * Counters are one-minute windows in this process's memory: with several app servers each
 * counts its own share (account lockout, which does hold across servers, lives in PostgreSQL).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

const PERIOD_MS = 60_000;

/** GitLab's default protected paths that exist here or in GitLab's sign-in flows, plus `/oauth/token`. */
export const PROTECTED_PATHS = [
  '/users/sign_in',
  '/users/password',
  '/users/confirmation',
  '/users',
  '/oauth/token',
  '/api/v4/session',
  '/admin/session',
];

/** GitLab's `rate_limiting_response_text` default. */
export const RETRY_LATER = 'Retry later\n';

type Window = { count: number; resetAt: number };

/** Fixed windows of `periodMs`, one counter per key; a key's window starts with its first request. */
export class WindowCounter {
  private readonly windows = new Map<string, Window>();
  private nextPrune = 0;

  constructor(
    private readonly periodMs: number = PERIOD_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; returns the window's count so far and when it ends (ms). */
  hit(key: string): Window {
    const now = this.now();
    if (now >= this.nextPrune) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      this.nextPrune = now + this.periodMs;
    }
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.periodMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }
}

function isProtectedPath(path: string): boolean {
  return PROTECTED_PATHS.some((p) => path === p || path === `${p}.json`);
}

/** 429 with GitLab's throttled-response headers and plain body. */
function throttled(reply: FastifyReply, name: string, limit: number, window: Window, now: number): FastifyReply {
  const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  return reply
    .code(429)
    .headers({
      'RateLimit-Name': name,
      'RateLimit-Limit': String(limit),
      'RateLimit-Observed': String(window.count),
      'RateLimit-Remaining': String(Math.max(0, limit - window.count)),
      'RateLimit-Reset': String(Math.floor(window.resetAt / 1000)),
      'RateLimit-ResetTime': new Date(window.resetAt).toUTCString(),
      'Retry-After': String(retryAfter),
    })
    .type('text/plain; charset=utf-8')
    .send(RETRY_LATER);
}

type Limits = Pick<Config, 'protectedPathsLimit' | 'apiRateLimitPerUser' | 'apiRateLimitPerIp'>;

/**
 * Registers the throttles; call after authentication, so the API limit knows the user. `limits`
 * answers the values in force (Admin › Settings over the environment's, cached by the service), so
 * an administrator's change applies without a restart.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limits: () => Promise<Limits>,
  now: () => number = Date.now,
): void {
  const counter = new WindowCounter(PERIOD_MS, now);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return;
    const path = request.url.split('?')[0] ?? '';
    const protectedPost = request.method === 'POST' && isProtectedPath(path);
    // Only what a throttle counts reads the limits (pages, assets and health checks never wait for them).
    if (!protectedPost && !path.startsWith('/api/')) return;
    const { protectedPathsLimit, apiRateLimitPerUser, apiRateLimitPerIp } = await limits();
    if (protectedPost && protectedPathsLimit > 0) {
      const window = counter.hit(`protected:${request.ip}`);
      if (window.count > protectedPathsLimit) {
        return throttled(reply, 'throttle_unauthenticated_protected_paths', protectedPathsLimit, window, now());
      }
    }
    if (!path.startsWith('/api/')) return;
    const user = request.actor.user;
    if (user && apiRateLimitPerUser > 0) {
      const window = counter.hit(`api-user:${user.id}`);
      if (window.count > apiRateLimitPerUser) {
        return throttled(reply, 'throttle_authenticated_api', apiRateLimitPerUser, window, now());
      }
    } else if (!user && apiRateLimitPerIp > 0) {
      const window = counter.hit(`api-ip:${request.ip}`);
      if (window.count > apiRateLimitPerIp) {
        return throttled(reply, 'throttle_unauthenticated_api', apiRateLimitPerIp, window, now());
      }
    }
  });
}
