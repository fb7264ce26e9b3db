/**
 * A browser for tests: keeps the cookies the app sets and sends them back, and signs in the way the
 * web app does (read `_milepost_csrf`, echo it in `X-CSRF-Token`).
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '../http/authenticate.ts';
import type { TestApp } from './test-app.ts';

export type Response = LightMyRequestResponse & { json: <T = unknown>() => T };

export function createBrowser(t: TestApp) {
  const jar = new Map<string, string>();

  async function request(options: InjectOptions & { csrf?: boolean }): Promise<Response> {
    const { csrf, ...rest } = options;
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const token = jar.get(CSRF_COOKIE);
    if (csrf && token) headers['x-csrf-token'] = token;
    const res = (await t.app.inject({ ...rest, headers })) as Response;
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (cleared) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  }

  return {
    jar,
    request,
    session: () => jar.get(SESSION_COOKIE),
    csrfToken: () => jar.get(CSRF_COOKIE),
    /** Any GET hands out the CSRF cookie, as loading the sign-in page does. */
    visit: (url = '/-/liveness') => request({ method: 'GET', url }),
    signIn: async (login: string, password: string, headers: Record<string, string> = {}) => {
      if (!jar.has(CSRF_COOKIE)) await request({ method: 'GET', url: '/-/liveness' });
      return await request({
        method: 'POST',
        url: '/users/sign_in',
        payload: { login, password },
        headers,
        csrf: true,
      });
    },
    signOut: () => request({ method: 'POST', url: '/users/sign_out', csrf: true }),
    graphql: async (query: string, variables: Record<string, unknown> = {}, opts: { csrf?: boolean } = {}) =>
      await request({ method: 'POST', url: '/api/graphql', payload: { query, variables }, csrf: opts.csrf ?? true }),
  };
}
