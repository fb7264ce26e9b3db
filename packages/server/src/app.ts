import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import { FLASH_COOKIE, SIGN_IN_REQUIRED_FLASH } from '@milepost/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import qs from 'qs';
import type { Config } from './config.ts';
import { type Database, isPoolWaitTimeout, openConnections } from './db/client.ts';
import { AppError, ServiceUnavailableError, userFacingDatabaseError } from './errors.ts';
import { createContext } from './graphql/context.ts';
import { isMutationText, MAX_QUERY_LENGTH, queryTextLength } from './graphql/limits.ts';
import { createGraphQLServer } from './graphql/yoga.ts';
import { registerAuthentication } from './http/authenticate.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import { registerOverloadProtection, sendOverloaded } from './http/overload.ts';
import { registerRateLimits } from './http/rate-limit.ts';
import { registerRestApi } from './http/rest-api.ts';
import { contentSecurityPolicy, cspNonce, registerSecurityHeaders, withNonceMeta } from './http/security-headers.ts';
import { registerServerTiming } from './http/server-timing.ts';
import { createUiRouter } from './http/ui-router.ts';
import { isWebAsset, loadWebAssets, registerWebAssets } from './http/web-app.ts';
import { withViewerHints, withWebSettings } from './http/web-settings.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createServices, type Services } from './modules/services.ts';

export type App = { app: FastifyInstance; services: Services };

/** Rails/GitLab-style params: `iids[]=1&iids[]=2`, `not[labels]=a`, nested to any depth. */
export function parseQuery(text: string): Record<string, unknown> {
  return qs.parse(text, { depth: 5, arrayLimit: 1000, parameterLimit: 2000 }) as Record<string, unknown>;
}

/**
 * GitLab accepts a JSON content type with no body on every method (python-gitlab sends one with
 * each DELETE): an empty or blank body is no parameters. Anything else goes to Fastify's own
 * parser, which keeps its prototype-poisoning protection.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, String(body), done);
  });
}

/**
 * Every JSON response says `Content-Type: application/json` exactly, as GitLab's do: strict clients
 * (python-gitlab parses a body only for that exact value) refuse `application/json; charset=utf-8`.
 * JSON is UTF-8 by definition (RFC 8259), so the parameter says nothing. GraphQL's
 * `application/graphql-response+json` (what the web client asks for) is left as it is.
 */
function exactJsonContentType(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && /^application\/json\s*;/i.test(type))
      reply.header('content-type', 'application/json');
    return payload;
  });
}

export async function buildApp(opts: {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}): Promise<App> {
  const { config, database } = opts;
  const services = createServices(database.db, config);
  // The web app's built files, read while the rest is set up (served from memory, http/web-app.ts).
  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const webAssets = hasWeb ? loadWebAssets(config.webDist) : null;
  // Awaited below, where the routes are registered; a failed read fails that await, not the process.
  webAssets?.catch(() => undefined);
  // The instance settings read once before the first request, so requests find them cached (a
  // database that cannot answer yet leaves the first request to read them).
  await services.applicationSettings.current().catch(() => undefined);
  const app = Fastify({
    // Request lines are logged without secrets (token parameters, anything secret detection finds).
    logger:
      opts.logger && typeof opts.logger === 'object'
        ? { ...opts.logger, serializers: { req: requestLogSerializer(config.patPrefix), ...opts.logger.serializers } }
        : (opts.logger ?? false),
    trustProxy: config.trustedProxies,
    bodyLimit: 4 * 1024 * 1024,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
    return503OnClosing: true,
  });

  // First: the statements of every later hook count (the header's breakdown, http/server-timing.ts).
  registerServerTiming(app, config.serverTiming);
  registerOverloadProtection(app, config);
  await app.register(cookie);
  await app.register(formbody, { parser: (body) => parseQuery(body) });
  registerSecurityHeaders(app);
  acceptEmptyJsonBodies(app);
  exactJsonContentType(app);
  registerAuthentication(app, services);
  registerRateLimits(app, () => services.applicationSettings.throttles());

  app.setErrorHandler((error, request, reply) => {
    const known = userFacingDatabaseError(error);
    if (known) {
      if (!(error instanceof AppError)) request.log.warn({ err: error }, known.message);
      if (known instanceof ServiceUnavailableError) reply.header('retry-after', String(known.retryAfterSeconds));
      const message = known.fields && known.status === 400 ? known.fields : known.message;
      return reply.code(known.status).send({ message });
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (
      e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (e.statusCode === 400 && e.code?.startsWith('FST_ERR_CTP'))
    ) {
      return reply.code(400).send({ error: 'Invalid JSON in request body' });
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ message: '413 Request Entity Too Large' });
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ message: '415 Unsupported Media Type' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply
        .code(e.statusCode)
        .send({ error: `${e.statusCode} ${e.code === 'FST_ERR_VALIDATION' ? 'Bad Request' : 'Bad Request'}` });
    }
    if (isPoolWaitTimeout(error)) return sendOverloaded(request, reply);
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: '500 Internal Server Error' });
  });

  // Health checks (GitLab's paths).
  app.get('/-/health', async (_req, reply) => reply.type('text/plain').send('GitLab OK'));
  app.get('/-/liveness', async () => ({ status: 'ok' }));
  app.get('/-/readiness', async (_req, reply) => {
    try {
      await database.pool.query('SELECT 1');
      return { status: 'ok', master_check: [{ status: 'ok' }], db_check: [{ status: 'ok' }] };
    } catch {
      return reply
        .code(503)
        .send({ status: 'failed', master_check: [{ status: 'ok' }], db_check: [{ status: 'failed' }] });
    }
  });

  authRoutes(app, services, { sessionDays: config.sessionDays });

  // GraphQL.
  const yoga = createGraphQLServer(
    (req) => createContext({ db: database.db, services, config }, req.actor),
    (error) => app.log.error({ err: error }, 'GraphQL resolver error'),
  );
  app.route({
    url: '/api/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // GitLab's controller checks, answered 422 as its ArgumentError: size first, then GET mutations.
      if (queryTextLength(req.method === 'GET' ? req.query : req.body) > MAX_QUERY_LENGTH) {
        return reply.code(422).send({ errors: [{ message: 'Query too large' }] });
      }
      if (req.method === 'GET' && isMutationText((req.query as Record<string, unknown>).query)) {
        return reply.code(422).send({ errors: [{ message: 'Mutations are forbidden in GET requests' }] });
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      for (const [key, value] of response.headers) reply.header(key, value);
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  const ui = createUiRouter();
  registerRestApi(app, services, config, ui);

  // The web app: static files, and index.html for every other GET so deep links work.
  if (webAssets) registerWebAssets(app, await webAssets);
  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const read = request.method === 'GET' || request.method === 'HEAD';
    // Missing API paths, JSON endpoints and build assets are 404s, never the app page.
    const apiLike = url.startsWith('/api/') || url.startsWith('/oauth/') || isWebAsset(url) || /\.json(\?|$)/.test(url);
    if (!apiLike && read && hasWeb) {
      const pathname = url.split('?')[0] ?? '/';
      const status = await services.webPages.pageStatus(request.actor, pathname);
      if (status === 'sign-in') {
        // GitLab's `authenticate_user!`: to sign in and back, with its flash (shown by the sign-in page).
        reply.setCookie(FLASH_COOKIE, SIGN_IN_REQUIRED_FLASH, {
          path: '/',
          sameSite: 'lax',
          maxAge: 60,
          secure: request.protocol === 'https',
        });
        return reply.redirect(`/users/sign_in?redirect=${encodeURIComponent(url)}`, 302);
      }
      // The page's first requests will find this work started (a roadmap's first list, decision 0096).
      if (status === 'ok' && request.method === 'GET') {
        const search = url.slice(pathname.length);
        services.webPages.prepare(request.actor, pathname, search).catch((error: unknown) => {
          request.log.debug({ err: error }, 'preparing the page’s first answers failed');
        });
      }
      const nonce = cspNonce();
      return reply
        .code(status === 'ok' ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', contentSecurityPolicy(nonce))
        .send(
          withViewerHints(
            withWebSettings(
              withNonceMeta(await fs.promises.readFile(indexHtml, 'utf8'), nonce),
              config,
              // A database hiccup serves the page with the default switches rather than failing it.
              await services.applicationSettings.current().catch(() => undefined),
            ),
            request.actor.user,
          ),
        );
    }
    if (!apiLike && read && !hasWeb) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or `npm run setup`) first.');
    }
    return reply.code(404).send({ error: '404 Not Found' });
  };
  // GitLab's UI JSON endpoints live under paths of any depth (`/groups/a/b/-/epics/1.json`).
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/*',
    handler: async (request, reply) => {
      // HEAD answers as GET would, without the body (Fastify strips it).
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const found = ui.match(method, request.url.split('?')[0] ?? '');
      if (!found) return fallback(request, reply);
      const result = await found.handler(request, reply, found.params);
      return reply.sent ? reply : result;
    },
  });
  app.setNotFoundHandler(fallback);

  return { app, services };
}

/** What the warm-up asks as a signed-out visitor: a public group's and project's first lists. */
export const WARM_UP_DOCUMENTS = {
  find: '{ groups(first: 1) { nodes { fullPath } } projects(first: 1) { nodes { fullPath } } }',
  lists: `query WarmUp($group: ID!, $project: ID!) {
    currentUser { id }
    group(fullPath: $group) {
      id name fullPath
      epics(first: 5) { nodes { id iid title state startDate dueDate webUrl author { id username } } }
    }
    project(fullPath: $project) {
      id name fullPath
      issues(first: 5) { nodes { id iid title state webUrl author { id username } assignees { nodes { id } } } }
    }
  }`,
};

/**
 * Readies a just-started server for its first visitors (decision 0066), after it listens: opens the
 * pool's connections, so the first page's requests do not each start a PostgreSQL process, and
 * sends a few requests through the app as a signed-out visitor (a public group's epics and a public
 * project's issues through GraphQL, a REST list), so the code every request runs — routing, GraphQL's
 * parsing, validation and execution, the SQL builder, serialising — is compiled before a person's
 * first load pays for it. It changes nothing; answers its time (ms), the connections it opened and
 * what failed (a failure only leaves that work to the first requests).
 */
export async function warmUp(
  app: FastifyInstance,
  database: Database,
  connections: number,
  signal?: AbortSignal,
): Promise<{ ms: number; opened: number; failed: string[]; stopped: boolean }> {
  const started = performance.now();
  const failed: string[] = [];
  const result = (opened: number) => ({
    ms: performance.now() - started,
    opened,
    failed,
    stopped: signal?.aborted ?? false,
  });
  if (signal?.aborted) return result(0);
  const opened = await openConnections(database, connections);
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await app.inject({ method: 'POST', url: '/api/graphql', payload: { query, variables } });
    const body = response.json<{
      data?: Record<string, { nodes?: { fullPath: string }[] } | null>;
      errors?: unknown[];
    }>();
    if (response.statusCode !== 200 || body.errors)
      failed.push(`GraphQL ${response.statusCode}: ${JSON.stringify(body.errors)}`);
    return body;
  };
  // A stop (SIGTERM) during the warm-up: it ends after the request under way, and the stop waits for
  // it before closing the pool (main.ts).
  try {
    if (signal?.aborted) return result(opened);
    const found = await graphql(WARM_UP_DOCUMENTS.find);
    if (signal?.aborted) return result(opened);
    await graphql(WARM_UP_DOCUMENTS.lists, {
      group: found.data?.groups?.nodes?.[0]?.fullPath ?? '',
      project: found.data?.projects?.nodes?.[0]?.fullPath ?? '',
    });
    if (signal?.aborted) return result(opened);
    const rest = await app.inject({ method: 'GET', url: '/api/v4/projects?per_page=5' });
    if (rest.statusCode !== 200) failed.push(`REST ${rest.statusCode}`);
  } catch (error) {
    failed.push(error instanceof Error ? error.message : String(error));
  }
  return result(opened);
}
