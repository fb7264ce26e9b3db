/**
 * GitLab's GraphQL limits and error statuses (GitLab's GraphqlController and graphql-ruby):
 * depth 15 / 20 and complexity 200 / 250 (signed out / in) reported as GraphQL errors with HTTP 200,
 * query text over 10,000 characters and mutations over GET refused with 422, malformed documents
 * answered 200 with `errors`, page sizes clamped to 100, and no internals in any error body.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { LIMITS, MAX_QUERY_LENGTH } from './limits.ts';

/** Bodies of every error response in this file: none may show a stack, SQL or a file path. */
const errorBodies: string[] = [];

/** `group(fullPath) { parent { … { id } } }` nested to exactly `depth` levels of fields. */
function queryOfDepth(depth: number): string {
  let selection = 'id';
  for (let i = 0; i < depth - 2; i++) selection = `parent { ${selection} }`;
  return `{ group(fullPath: "nowhere") { ${selection} } }`;
}

/** `n` aliased `currentUser { id }` fields: complexity 2 each. */
function queryOfComplexity(complexity: number): string {
  const fields = Array.from({ length: complexity / 2 }, (_, i) => `u${i}: currentUser { id }`);
  return `{ ${fields.join(' ')} }`;
}

/** A query padded with a comment to exactly `length` characters. */
function queryOfLength(length: number): string {
  const base = '{ currentUser { id } }\n#';
  return base + 'x'.repeat(length - base.length);
}

describe('GraphQL limits', () => {
  let t: TestApp;
  let user: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.buildUser();
  });

  async function post(payload: unknown, as?: UserRow, headers: Record<string, string> = {}) {
    const res = await t.request({ method: 'POST', url: '/api/graphql', payload: payload as object, as, headers });
    if (res.statusCode !== 200 || res.body.includes('"errors"')) errorBodies.push(res.body);
    return res;
  }

  async function get(query: string) {
    const res = await t.request({ method: 'GET', url: `/api/graphql?query=${encodeURIComponent(query)}` });
    if (res.statusCode !== 200 || res.body.includes('"errors"')) errorBodies.push(res.body);
    return res;
  }

  const messages = (res: { json: <T>() => T }) =>
    (res.json<{ errors?: { message: string }[] }>().errors ?? []).map((e) => e.message);

  describe('depth', () => {
    it.each([
      ['signed-out visitor', LIMITS.anonymous.depth, false],
      ['signed-in user', LIMITS.signedIn.depth, true],
    ])('lets a %s reach depth %i, and refuses one level more', async (_who, max, signedIn) => {
      const as = signedIn ? user : undefined;
      const ok = await post({ query: queryOfDepth(max) }, as);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ data: { group: null } });

      const over = await post({ query: queryOfDepth(max + 1) }, as);
      expect(over.statusCode).toBe(200);
      expect(messages(over)).toEqual([`Query has depth of ${max + 1}, which exceeds max depth of ${max}`]);
      expect(over.json()).not.toHaveProperty('data.group');
    });

    it('has the limits GitLab documents', () => {
      expect(LIMITS).toEqual({ anonymous: { depth: 15, complexity: 200 }, signedIn: { depth: 20, complexity: 250 } });
    });

    it('judges each request by its own actor, not by an earlier verdict on the same text', async () => {
      const query = queryOfDepth(18);
      expect((await post({ query }, user)).json()).toEqual({ data: { group: null } });
      expect(messages(await post({ query }))).toEqual(['Query has depth of 18, which exceeds max depth of 15']);
      expect((await post({ query }, user)).json()).toEqual({ data: { group: null } });
    });
  });

  describe('complexity', () => {
    it.each([
      ['signed-out visitor', LIMITS.anonymous.complexity, false],
      ['signed-in user', LIMITS.signedIn.complexity, true],
    ])('lets a %s reach complexity %i, and refuses more', async (_who, max, signedIn) => {
      const as = signedIn ? user : undefined;
      const ok = await post({ query: queryOfComplexity(max) }, as);
      expect(ok.statusCode).toBe(200);
      expect(messages(ok)).toEqual([]);
      expect(Object.keys(ok.json<{ data: object }>().data)).toHaveLength(max / 2);

      const over = await post({ query: queryOfComplexity(max + 2) }, as);
      expect(over.statusCode).toBe(200);
      expect(messages(over)).toEqual([`Query has complexity of ${max + 2}, which exceeds max complexity of ${max}`]);
    });
  });

  describe('query size', () => {
    it(`accepts ${MAX_QUERY_LENGTH} characters and refuses one more with 422, by POST and by GET`, async () => {
      expect(MAX_QUERY_LENGTH).toBe(10_000);
      const ok = await post({ query: queryOfLength(MAX_QUERY_LENGTH) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ data: { currentUser: null } });

      for (const res of [
        await post({ query: queryOfLength(MAX_QUERY_LENGTH + 1) }),
        await get(queryOfLength(MAX_QUERY_LENGTH + 1)),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ errors: [{ message: 'Query too large' }] });
      }
    });

    it('counts the whole batch, as GitLab does', async () => {
      const half = queryOfLength(MAX_QUERY_LENGTH / 2 + 1);
      const res = await post([{ query: half }, { query: half }]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: [{ message: 'Query too large' }] });

      const small = await post([{ query: '{ currentUser { id } }' }, { query: '{ currentUser { id } }' }]);
      expect(small.statusCode).toBe(200);
      expect(small.json()).toEqual([{ data: { currentUser: null } }, { data: { currentUser: null } }]);
    });
  });

  describe('HTTP methods and malformed requests', () => {
    it('runs queries over GET', async () => {
      const res = await get('{ currentUser { id } }');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { currentUser: null } });
    });

    it('refuses a mutation over GET with 422, and writes nothing', async () => {
      const mutation = `mutation { groupCreate(input: { name: "Via GET", path: "via-get" }) { errors } }`;
      const res = await t.request({
        method: 'GET',
        url: `/api/graphql?query=${encodeURIComponent(mutation)}`,
        as: user,
      });
      errorBodies.push(res.body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: [{ message: 'Mutations are forbidden in GET requests' }] });
      expect(await t.services.groups.find(userActor(user), 'via-get')).toBeUndefined();
    });

    it('answers a syntax error with 400 and an errors array, without data', async () => {
      const res = await post({ query: '{ group(fullPath: "x") { id ' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ data?: unknown; errors: { message: string }[] }>();
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]?.message).toMatch(/^Syntax Error: /);
    });

    it('answers an unknown field with 200 and an errors array', async () => {
      const res = await post({ query: '{ noSuchField }' });
      expect(res.statusCode).toBe(200);
      expect(messages(res)).toContain('Cannot query field "noSuchField" on type "Query".');
    });

    it('answers a body that is not JSON with 400 and a JSON error', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/graphql',
        payload: '{"query": "{ currentUser { id } }"',
        headers: { 'content-type': 'application/json' },
      });
      errorBodies.push(res.body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Invalid JSON in request body' });
    });

    it('masks failures inside resolvers (here: a NUL byte, which PostgreSQL refuses in text)', async () => {
      const res = await post({ query: '{ g: group(fullPath: "a\\u0000b") { id } }' });
      expect(res.statusCode).toBe(200);
      // If this ever answers `null` without an error, provoke a resolver failure some other way.
      expect(messages(res)).toEqual(['Internal server error']);
      expect(res.json()).toMatchObject({ data: { g: null } });
    });

    it('answers ids no row can have (beyond bigint) as missing, without asking the database', async () => {
      const huge = '99999999999999999999';
      const res = await post({
        query: `{ user(id: "gid://gitlab/User/${huge}") { id } }`,
      });
      expect(res.json()).toEqual({ data: { user: null } });
      const mutation = await post(
        {
          query: `mutation { groupMemberCreate(input: { groupId: "gid://gitlab/Group/${huge}",
            userId: "gid://gitlab/User/1", accessLevel: GUEST }) { errors } }`,
        },
        user,
      );
      expect(messages(mutation)).toEqual([`"gid://gitlab/Group/${huge}" does not represent an instance of Group`]);
    });
  });

  describe('page size', () => {
    beforeAll(async () => {
      const parent = await t.buildGroup({ path: 'many', visibility: 'public' });
      for (let i = 0; i < 100; i++) await t.buildGroup({ path: `child-${i}`, parent, visibility: 'public' });
    });

    it('clamps `first: 1000` to 100 nodes and still counts all 101 groups', async () => {
      const res = await post({
        query: '{ groups(first: 1000) { count nodes { id } pageInfo { hasNextPage hasPreviousPage } } }',
      });
      expect(messages(res)).toEqual([]);
      const groups = res.json<{
        data: { groups: { count: number; nodes: unknown[]; pageInfo: Record<string, boolean> } };
      }>().data.groups;
      expect(groups.count).toBe(101);
      expect(groups.nodes).toHaveLength(100);
      expect(groups.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    });

    it('refuses a negative page size with an error, not a crash', async () => {
      const res = await post({ query: '{ groups(first: -1) { nodes { id } } }' });
      expect(res.statusCode).toBe(200);
      expect(messages(res)).toHaveLength(1);
      expect(messages(res)[0]).not.toBe('Internal server error');
    });
  });

  describe('error bodies', () => {
    it('never show stack traces, SQL or file paths', () => {
      expect(errorBodies.length).toBeGreaterThanOrEqual(10);
      const leaks = [
        /\bat \S+ \(/,
        /\n\s+at /,
        /\.[cm]?[tj]s:\d+/,
        /\bSELECT\b/i,
        /\bbigint\b/i,
        /\/work\//,
        /node_modules/,
      ];
      for (const body of errorBodies) {
        for (const leak of leaks) expect(body, `${leak} in ${body}`).not.toMatch(leak);
      }
    });
  });
});
