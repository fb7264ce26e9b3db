/** App-level HTTP behaviour: GitLab's health checks, unknown routes and malformed bodies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/client.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('the app over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  describe('health checks', () => {
    it('GET /-/health answers GitLab OK in plain text', async () => {
      const res = await t.request({ method: 'GET', url: '/-/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('GitLab OK');
    });

    it('GET /-/liveness answers ok', async () => {
      const res = await t.request({ method: 'GET', url: '/-/liveness' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('GET /-/readiness reports the database', async () => {
      const res = await t.request({ method: 'GET', url: '/-/readiness' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', master_check: [{ status: 'ok' }], db_check: [{ status: 'ok' }] });
    });

    describe('with the database unreachable', () => {
      // Port 1 on the loopback refuses at once: the pool's query fails without waiting.
      const database = connect('postgres://milepost@127.0.0.1:1/none', 1);
      let app: Awaited<ReturnType<typeof buildApp>>['app'];

      beforeAll(async () => {
        const config = loadConfig({ MILEPOST_LOG_LEVEL: 'silent' });
        app = (await buildApp({ config, database })).app;
        await app.ready();
      });
      afterAll(async () => {
        await app.close();
        await database.close();
      });

      it('readiness answers 503 with the failed db check, liveness stays ok', async () => {
        const ready = await app.inject({ method: 'GET', url: '/-/readiness' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: 'failed',
          master_check: [{ status: 'ok' }],
          db_check: [{ status: 'failed' }],
        });
        expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
        const live = await app.inject({ method: 'GET', url: '/-/liveness' });
        expect(live.statusCode).toBe(200);
      });
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/v4/no/such/route'],
      ['POST', '/api/v4/no/such/route'],
      ['DELETE', '/api/v4/groups/1/no-such-thing'],
      ['GET', '/oauth/nothing'],
      ['GET', '/anything.json'],
    ])('%s %s → 404 {"error":"404 Not Found"}', async (method, url) => {
      const res = await t.request({ method: method as 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: '404 Not Found' });
    });
  });

  describe('ids no row can have (beyond bigint)', () => {
    it.each([
      ['/api/v4/users/99999999999999999999', '404 User Not Found'],
      ['/api/v4/groups/99999999999999999999', '404 Group Not Found'],
      ['/api/v4/projects/99999999999999999999', '404 Project Not Found'],
    ])('GET %s → %s, not a database error', async (url, message) => {
      const res = await t.request({ method: 'GET', url, as: await t.buildUser() });
      expect([res.statusCode, res.json()]).toEqual([404, { message }]);
    });
  });

  describe('malformed bodies', () => {
    it.each(['/api/v4/users', '/users/sign_in', '/oauth/token', '/api/graphql'])(
      'POST %s with broken JSON → 400 with a JSON error',
      async (url) => {
        const res = await t.request({
          method: 'POST',
          url,
          payload: '{"login": "a",',
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ error: 'Invalid JSON in request body' });
      },
    );

    it('refuses an unsupported content type with 415', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/oauth/token',
        payload: '<xml/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: '415 Unsupported Media Type' });
    });
  });
});
