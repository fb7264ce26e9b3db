/**
 * What strict GitLab clients (python-gitlab, the Ruby gem) need at the HTTP level: the exact
 * `Content-Type: application/json`, empty JSON bodies on every method, Grape's boolean words,
 * `GET /version`, and GitLab's 404 for what Milepost does not have.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('strict clients over HTTP', () => {
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ name: 'Strict Owner' });
  });

  describe('Content-Type', () => {
    it.each([
      ['GET', '/api/v4/user'],
      ['GET', '/api/v4/groups'],
      ['GET', '/api/v4/no/such/route'],
      ['GET', '/api/v4/version'],
    ])('%s %s says application/json exactly, with a UTF-8 body', async (method, url) => {
      const res = await t.request({ method: method as 'GET', url, as: owner });
      expect(res.headers['content-type']).toBe('application/json');
      expect(() => JSON.parse(res.body)).not.toThrow();
    });

    it('keeps non-ASCII text intact in UTF-8', async () => {
      const group = await t.buildGroup();
      await t.addGroupMember(group, owner, 50);
      const res = await t.request({
        method: 'POST',
        url: `/api/v4/groups/${group.id}/labels`,
        payload: { name: 'Größe ✓', color: '#ff0000' },
        as: owner,
      });
      expect([res.statusCode, res.headers['content-type']]).toEqual([201, 'application/json']);
      expect(Buffer.from(res.rawPayload).toString('utf8')).toContain('Größe ✓');
    });

    it('answers GraphQL as application/json to clients that accept it, as graphql-response+json to the web client', async () => {
      const payload = { query: '{ currentUser { username } }' };
      const plain = await t.request({
        method: 'POST',
        url: '/api/graphql',
        payload,
        headers: { accept: 'application/json' },
        as: owner,
      });
      expect(plain.headers['content-type']).toBe('application/json');
      expect(plain.json()).toEqual({ data: { currentUser: { username: owner.username } } });
      const web = await t.request({
        method: 'POST',
        url: '/api/graphql',
        payload,
        headers: { accept: 'application/graphql-response+json, application/json' },
        as: owner,
      });
      expect(web.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    });
  });

  describe('empty bodies with a JSON content type', () => {
    it('are accepted on DELETE (python-gitlab sends one with every delete)', async () => {
      const group = await t.buildGroup();
      await t.addGroupMember(group, owner, 50);
      const created = await t.request({
        method: 'POST',
        url: `/api/v4/groups/${group.id}/labels`,
        payload: { name: 'gone', color: '#00ff00' },
        as: owner,
      });
      const res = await t.request({
        method: 'DELETE',
        url: `/api/v4/groups/${group.id}/labels/${created.json<{ id: number }>().id}`,
        payload: '',
        headers: { 'content-type': 'application/json' },
        as: owner,
      });
      expect(res.statusCode).toBe(204);
    });

    it.each(['POST', 'PUT'])('are no parameters on %s (a Grape error, not a JSON one)', async (method) => {
      const res = await t.request({
        method: method as 'POST',
        url: method === 'POST' ? '/api/v4/groups' : '/api/v4/user/preferences',
        payload: '  ',
        headers: { 'content-type': 'application/json' },
        as: owner,
      });
      expect(res.statusCode).not.toBe(500);
      expect(res.json()).not.toEqual({ error: 'Invalid JSON in request body' });
    });

    it('still refuses broken JSON', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v4/groups',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
        as: owner,
      });
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'Invalid JSON in request body' }]);
    });
  });

  describe("Grape's boolean words", () => {
    it.each(['true', 'True', 'TRUE', 't', 'yes', 'on', '1'])('membership=%s means true', async (word) => {
      const res = await t.request({ method: 'GET', url: `/api/v4/projects?membership=${word}`, as: owner });
      expect(res.statusCode).toBe(200);
    });

    it.each(['false', 'False', 'f', 'no', 'off', '0'])('include_subgroups=%s means false', async (word) => {
      const group = await t.buildGroup();
      const sub = await t.buildGroup({ parent: group });
      await t.buildProject({ group: sub });
      const res = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/projects?include_subgroups=${word}`,
        as: owner,
      });
      expect([res.statusCode, res.json()]).toEqual([200, []]);
    });

    it('include_subgroups=True includes them', async () => {
      const group = await t.buildGroup();
      const sub = await t.buildGroup({ parent: group });
      await t.buildProject({ group: sub, path: 'deep' });
      const res = await t.request({
        method: 'GET',
        url: `/api/v4/groups/${group.id}/projects?include_subgroups=True`,
        as: owner,
      });
      expect(res.json<{ path: string }[]>().map((p) => p.path)).toEqual(['deep']);
    });

    it('refuses anything else with a Grape error', async () => {
      const res = await t.request({ method: 'GET', url: '/api/v4/projects?membership=maybe', as: owner });
      expect([res.statusCode, res.json()]).toEqual([400, { error: 'membership is invalid' }]);
    });
  });

  describe('GET /version', () => {
    it("answers GitLab's shape with Milepost's version", async () => {
      const res = await t.request({ method: 'GET', url: '/api/v4/version', as: owner });
      const body = res.json<Record<string, unknown>>();
      expect(body).toEqual({
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        revision: expect.stringMatching(/^([0-9a-f]{7,40}|unknown)$/),
        kas: { enabled: false, externalUrl: null, version: null },
        enterprise: true,
      });
      const metadata = await t.request({ method: 'GET', url: '/api/v4/metadata', as: owner });
      expect(metadata.json()).toEqual(body);
    });

    it('needs a signed-in user, as GitLab', async () => {
      const res = await t.request({ method: 'GET', url: '/api/v4/version' });
      expect([res.statusCode, res.json()]).toEqual([401, { message: '401 Unauthorized' }]);
    });
  });

  it.each([
    ['GET', '/api/v4/projects/1/merge_requests'],
    ['GET', '/api/v4/projects/1/pipelines'],
    ['GET', '/api/v4/projects/1/repository/tree'],
    ['POST', '/api/v4/projects/1/merge_requests'],
  ])('out of scope: %s %s is GitLab’s 404, never a 500', async (method, url) => {
    const res = await t.request({ method: method as 'GET', url, as: owner });
    expect([res.statusCode, res.json(), res.headers['content-type']]).toEqual([
      404,
      { error: '404 Not Found' },
      'application/json',
    ]);
  });
});
