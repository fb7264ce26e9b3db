/**
 * Page requests: real app pages answer 200 with the app, unknown ones 404 with the app (which shows
 * its not-found page), and a signed-out visitor of something private is sent to sign in and back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccessLevel, FLASH_COOKIE, SIGN_IN_REQUIRED_FLASH } from '@milepost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

describe('page requests', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-pages-'));
  let t: TestApp;
  let member: UserRow;
  let outsider: UserRow;
  let admin: UserRow;
  let open: GroupRow;
  let secret: GroupRow;
  let project: ProjectWithGroup;
  let secretProject: ProjectWithGroup;
  let confidentialIid: number;
  let publicIssueIid: number;
  let epicIid: number;

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    t = await createTestApp({ webDist });
    member = await t.buildUser({ username: 'pages-member' });
    outsider = await t.buildUser({ username: 'pages-outsider' });
    admin = await t.buildUser({ username: 'pages-admin', admin: true });
    open = await t.buildGroup({ path: 'open-group' });
    secret = await t.buildGroup({ path: 'secret-group', visibility: 'private' });
    await t.addGroupMember(secret, member, AccessLevel.DEVELOPER);
    project = await t.buildProject({ group: open, path: 'web' });
    secretProject = await t.buildProject({ group: secret, path: 'vault', visibility: 'private' });
    const issues = issuesFactories(t);
    publicIssueIid = (await issues.buildIssue({ project })).issue.iid;
    confidentialIid = (await issues.buildIssue({ project, confidential: true })).issue.iid;
    epicIid = (await epicsFactories(t).buildEpic({ group: secret })).epic.iid;
    await issues.buildIssue({ project: secretProject });
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  const get = (url: string, as?: UserRow) => t.request({ method: 'GET', url, as });

  it.each([
    '/',
    '/users/sign_in',
    '/dashboard/groups',
    '/open-group',
    '/open-group/',
    '/groups/open-group/-/epics',
    '/groups/open-group/-/roadmap',
    '/open-group/web',
    '/open-group/web/-/issues',
    '/pages-member',
  ])('serves the app for %s with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves a visible issue with 200', async () => {
    expect((await get(`/open-group/web/-/issues/${publicIssueIid}`)).statusCode).toBe(200);
  });

  it.each([
    '/dashboard/nothing-here',
    '/admin/nothing',
    '/open-group/-/no-such-page',
    '/groups/open-group/-/epics/abc',
    '/open-group/web/-/issues/1/extra',
    '/open-group/web/-/wiki',
    '/-/no-such-settings',
  ])('answers 404 with the app for the unknown page %s', async (url) => {
    for (const as of [undefined, member]) {
      const res = await get(url, as);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers a missing group, project or user 404 to a signed-in user', async () => {
    for (const url of ['/no-such-group', '/open-group/no-such-project', '/groups/no-such-group/-/epics']) {
      expect((await get(url, member)).statusCode).toBe(404);
    }
  });

  it('sends a signed-out visitor of a private or missing page to sign in and back, with the flash', async () => {
    for (const url of [
      '/secret-group',
      '/groups/secret-group/-/roadmap',
      '/secret-group/vault/-/issues/1',
      `/open-group/web/-/issues/${confidentialIid}`,
      '/no-such-group',
      '/-/profile/preferences',
      '/admin',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(`/users/sign_in?redirect=${encodeURIComponent(url)}`);
      const flash = (res.cookies as { name: string; value: string }[]).find((c) => c.name === FLASH_COOKIE);
      expect(flash?.value).toBe(SIGN_IN_REQUIRED_FLASH);
    }
  });

  it('keeps the query string in the way back', async () => {
    const res = await get('/groups/secret-group/-/roadmap?layout=WEEKS');
    expect(res.headers.location).toBe(
      `/users/sign_in?redirect=${encodeURIComponent('/groups/secret-group/-/roadmap?layout=WEEKS')}`,
    );
  });

  it('serves the labels and milestones pages, and a milestone page only for a milestone that exists', async () => {
    const { buildMilestone } = labelsMilestonesFactories(t);
    const groupMilestone = await buildMilestone({ group: open });
    const projectMilestone = await buildMilestone({ project });
    const hidden = await buildMilestone({ group: secret });
    for (const url of [
      '/groups/open-group/-/labels',
      '/groups/open-group/-/milestones',
      `/groups/open-group/-/milestones/${groupMilestone.iid}`,
      '/open-group/web/-/labels',
      '/open-group/web/-/milestones',
      `/open-group/web/-/milestones/${projectMilestone.iid}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get('/groups/open-group/-/milestones/999', member)).statusCode).toBe(404);
    expect((await get(`/open-group/web/-/milestones/${projectMilestone.iid + 1000}`, member)).statusCode).toBe(404);
    expect((await get(`/groups/secret-group/-/milestones/${hidden.iid}`, outsider)).statusCode).toBe(404);
    expect((await get(`/groups/secret-group/-/milestones/${hidden.iid}`, member)).statusCode).toBe(200);
  });

  it('serves the private pages to those who may see them', async () => {
    expect((await get('/secret-group', member)).statusCode).toBe(200);
    expect((await get(`/groups/secret-group/-/epics/${epicIid}`, member)).statusCode).toBe(200);
    expect((await get('/secret-group/vault/-/issues/1', member)).statusCode).toBe(200);
    expect((await get('/-/profile/preferences', member)).statusCode).toBe(200);
    expect((await get('/admin', admin)).statusCode).toBe(200);
  });

  it('still answers 404 once signed in when the page stays hidden', async () => {
    for (const url of [
      '/secret-group',
      `/groups/secret-group/-/epics/${epicIid}`,
      `/open-group/web/-/issues/${confidentialIid}`,
      '/admin',
    ]) {
      const res = await get(url, outsider);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("serves Settings › General (GitLab's `/groups/<g>/-/edit`, `/<project>/edit`) only to those who may edit", async () => {
    for (const url of ['/groups/open-group/-/edit', '/open-group/web/edit']) {
      expect((await get(url, admin)).statusCode, url).toBe(200);
      expect((await get(url, member)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(302);
    }
    // The group's own address moves to its `/groups/` one in the app; the server serves both.
    expect((await get('/open-group/edit', admin)).statusCode).toBe(404);
    expect((await get('/open-group/web/edit/more', admin)).statusCode).toBe(404);
  });

  it('keeps API and asset misses as JSON 404s', async () => {
    const res = await get('/api/v4/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('answers HEAD as GET', async () => {
    expect((await t.request({ method: 'HEAD', url: '/dashboard/nothing-here' })).statusCode).toBe(404);
    expect((await t.request({ method: 'HEAD', url: '/open-group' })).statusCode).toBe(200);
  });
});
