/**
 * Works out who is asking (token, session cookie, or nobody) and guards cookie-authenticated
 * writes against CSRF: the X-CSRF-Token header must match the session's token, and the request
 * must come from our own origin (Origin / Sec-Fetch-Site).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, safeEqual } from '../auth/tokens.ts';
import { type Actor, anonymousActor, userActor } from '../authz/actor.ts';
import type { Services } from '../modules/services.ts';
import { timePhase } from './server-timing.ts';
import { isWebAsset } from './web-app.ts';

export const SESSION_COOKIE = '_milepost_session';
export const CSRF_COOKIE = '_milepost_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Invalid or missing CSRF token. Reload the page and try again.';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** The CSRF token this request's writes must carry (the session's, or the anonymous cookie's). */
    csrfToken: string;
    sessionToken: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearer(header: string | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
}

export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: isSecure(request) });
}

/** The request comes from a page of ours: no cross-site fetch, and Origin (when sent) is our host. */
export function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin !== 'null';
  try {
    // Compare as URLs, so `host:80` equals `host` for http; behind a trusted proxy, `request.host` is
    // the X-Forwarded-Host the browser used.
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

export function csrfValid(request: FastifyRequest): boolean {
  const header = request.headers[CSRF_HEADER];
  return typeof header === 'string' && safeEqual(header, request.csrfToken) && sameOrigin(request);
}

export function registerAuthentication(app: FastifyInstance, services: Services): void {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request, reply) => {
    request.actor = anonymousActor();
    // The web app's built files are the same for everyone and cached for good: no session lookup (a
    // page load asks for dozens of them at once) and no cookies on them.
    if (isWebAsset(request.url)) return;
    return await timePhase(request, 'auth', () => authenticate(request, reply));
  });

  /** Who asks: a token's user (or a 401), a session's, or nobody; the CSRF token for the request's writes. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown> | undefined;
    const token =
      (request.headers['private-token'] as string | undefined) ??
      bearer(request.headers.authorization) ??
      (typeof query?.private_token === 'string' ? query.private_token : undefined) ??
      (typeof query?.access_token === 'string' ? query.access_token : undefined);
    if (token) {
      const found = await services.auth.token(token);
      if (!found) {
        // GitLab's GraphQL controller answers in GraphQL's shape, its REST API in its own.
        const graphql = request.url.split('?')[0] === '/api/graphql';
        return reply
          .code(401)
          .send(graphql ? { errors: [{ message: 'Invalid token' }] } : { message: '401 Unauthorized' });
      }
      request.actor = userActor(found.user, 'token', found.scopes);
      return;
    }
    const cookie = request.cookies[SESSION_COOKIE];
    const session = cookie ? await services.auth.session(cookie) : undefined;
    if (session) {
      request.actor = { ...userActor(session.user, 'session', ['api']), sessionId: session.id };
      request.sessionToken = cookie ?? null;
      request.csrfToken = session.csrfToken;
    } else {
      if (cookie) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      request.csrfToken = request.cookies[CSRF_COOKIE] || randomToken();
    }
    if (request.cookies[CSRF_COOKIE] !== request.csrfToken) setCsrfCookie(request, reply, request.csrfToken);
  }

  app.addHook('preHandler', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.actor.via !== 'session') return;
    if (!csrfValid(request)) return reply.code(403).send({ message: CSRF_MESSAGE });
  });
}
