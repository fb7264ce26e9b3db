/**
 * The web UI's JSON endpoints (GitLab's Rails controller paths such as
 * `/groups/<group/path>/-/epics/<iid>.json`), whose group or project path may hold any number of
 * slashes. Modules add routes with a pattern; app.ts mounts one catch-all that dispatches to them,
 * then serves the web app for other GETs, and a JSON 404 for anything else.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export type UiHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, string>,
) => Promise<unknown> | unknown;

type UiRoute = { method: string; pattern: RegExp; handler: UiHandler };

export type UiRouter = {
  /** `pattern` is matched against the URL path (no query string); named groups become params. */
  add: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', pattern: RegExp, handler: UiHandler) => void;
  match: (method: string, path: string) => { handler: UiHandler; params: Record<string, string> } | undefined;
};

export function createUiRouter(): UiRouter {
  const routes: UiRoute[] = [];
  return {
    add(method, pattern, handler) {
      routes.push({ method, pattern, handler });
    },
    match(method, path) {
      for (const route of routes) {
        if (route.method !== method) continue;
        const m = route.pattern.exec(path);
        if (m) {
          const params: Record<string, string> = {};
          for (const [k, v] of Object.entries(m.groups ?? {})) {
            try {
              params[k] = decodeURIComponent(v);
            } catch {
              params[k] = v;
            }
          }
          return { handler: route.handler, params };
        }
      }
      return undefined;
    },
  };
}
