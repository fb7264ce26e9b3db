/**
 * The app over a fresh test database, with helpers to send real GraphQL and REST requests
 * as a given user (through a personal access token) or as a signed-out visitor.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { userActor } from '../authz/actor.ts';
import { type Config, loadConfig } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { createTestDatabase } from './database.ts';
import { buildFactories } from './factories.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type GraphQLResult<T = Record<string, unknown>> = {
  status: number;
  data: T | null | undefined;
  errors: { message: string; path?: string[]; extensions?: Record<string, unknown> }[] | undefined;
  body: Record<string, unknown>;
};

export const TEST_BASE_URL = 'http://milepost.test';

export async function createTestApp(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({ MILEPOST_LOG_LEVEL: 'silent', MILEPOST_EXTERNAL_URL: TEST_BASE_URL }),
    // Suites sign in many times from one address: the sign-in throttle is on only where a test asks.
    protectedPathsLimit: 0,
    ...overrides,
  };
  const database = await createTestDatabase(config.database);
  const { app, services } = await buildApp({ config, database });
  await app.ready();
  const factories = buildFactories(services, database.db);
  const tokens = new Map<number, string>();

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  /** Headers authenticating as `user` (a personal access token made once per user). */
  async function authHeaders(
    user: UserRow | null | undefined,
    scopes: string[] = ['api'],
  ): Promise<Record<string, string>> {
    if (!user) return {};
    const key = user.id * 10 + (scopes.includes('api') ? 1 : 0);
    let token = tokens.get(key);
    if (!token) {
      token = (await services.auth.createPersonalToken(userActor(user), user.id, { name: 'test', scopes })).token;
      tokens.set(key, token);
    }
    return { 'private-token': token };
  }

  async function request(
    options: InjectOptions & { as?: UserRow | null; scopes?: string[] },
  ): Promise<LightMyRequestResponse & { json: <T = unknown>() => T }> {
    const { as, scopes, ...rest } = options;
    const headers = { ...(await authHeaders(as, scopes)), ...(rest.headers as Record<string, string> | undefined) };
    return (await app.inject({ ...rest, headers })) as LightMyRequestResponse & { json: <T = unknown>() => T };
  }

  async function graphql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    opts: { as?: UserRow | null; scopes?: string[] } = {},
  ): Promise<GraphQLResult<T>> {
    const res = await request({ method: 'POST', url: '/api/graphql', payload: { query, variables }, ...opts });
    const body = res.json<Record<string, unknown>>();
    return {
      status: res.statusCode,
      data: body.data as T | null | undefined,
      errors: body.errors as GraphQLResult['errors'],
      body,
    };
  }

  return { app: app as FastifyInstance, services, config, database, request, graphql, authHeaders, ...factories };
}
