/**
 * Admin › Settings over GitLab's `GET`/`PUT /api/v4/application/settings`: who may, every bad value
 * refused at once, and each setting honoured — sign-up, default visibilities, the throttles (over the
 * environment's values) and the feature switches in the API (health status, sub-epics, scoped labels).
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCKED_LOGIN } from '../../auth/lockout.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createBrowser } from '../../test/browser.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { SIGNUP_DISABLED } from '../users/users.service.ts';
import { currentApplicationSettings, SETTINGS_CACHE_MS } from './application-settings.repository.ts';
import { HEALTH_STATUS_OFF, SUB_EPICS_OFF } from './feature-switches.ts';

describe('application settings', () => {
  let t: TestApp;
  let admin: UserRow;
  let member: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.buildUser({ admin: true });
    member = await t.buildUser();
    group = await t.buildGroup({ owner: admin });
    project = await t.buildProject({ group });
  });

  const settings = (method: 'GET' | 'PUT', as: UserRow | null, payload?: object) =>
    t.request({ method, url: '/api/v4/application/settings', as, payload });

  /** Every test starts from the defaults (the throttles back on the environment's values). */
  afterEach(async () => {
    const res = await settings('PUT', admin, {
      signup_enabled: false,
      default_group_visibility: 'private',
      default_project_visibility: 'private',
      max_login_attempts: null,
      failed_login_attempts_unlock_period_in_minutes: null,
      throttle_protected_paths_requests_per_period: null,
      throttle_authenticated_api_requests_per_period: null,
      throttle_unauthenticated_api_requests_per_period: null,
      sub_epics_enabled: true,
      health_status_enabled: true,
      scoped_labels_enabled: true,
      multiple_scoped_labels_enabled: false,
    });
    expect(res.statusCode).toBe(200);
  });

  it('shows the defaults to administrators, with the throttles from the environment; others get 403 or 401', async () => {
    const res = await settings('GET', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toMatchObject({
      signup_enabled: false,
      default_group_visibility: 'private',
      default_project_visibility: 'private',
      max_login_attempts: 10,
      failed_login_attempts_unlock_period_in_minutes: 10,
      // test-app switches the sign-in throttle off (MILEPOST_PROTECTED_PATHS_LIMIT=0)
      throttle_protected_paths_enabled: false,
      throttle_protected_paths_requests_per_period: 0,
      throttle_authenticated_api_requests_per_period: 0,
      sub_epics_enabled: true,
      health_status_enabled: true,
      scoped_labels_enabled: true,
      multiple_scoped_labels_enabled: false,
    });
    expect(res.json<{ throttles_from_environment: string[] }>().throttles_from_environment).toHaveLength(5);
    expect((await settings('GET', member)).statusCode).toBe(403);
    expect((await settings('GET', null)).statusCode).toBe(401);
    expect((await settings('PUT', member, { signup_enabled: true })).statusCode).toBe(403);
  });

  it('answers with the last row at once when it is older than the cache time, while one read replaces it', async () => {
    const db = t.database.db;
    expect((await currentApplicationSettings(db)).signupEnabled).toBe(false);
    // Another app server turns sign-up on.
    await db.execute(sql`UPDATE application_settings SET signup_enabled = true`);
    const later = Date.now() + SETTINGS_CACHE_MS + 1;
    // Stale: the last row, without waiting for the database; the read behind it brings the change.
    expect((await currentApplicationSettings(db, later)).signupEnabled).toBe(false);
    await vi.waitFor(async () => expect((await currentApplicationSettings(db)).signupEnabled).toBe(true));
  });

  it('refuses every bad value at once and changes nothing', async () => {
    const res = await settings('PUT', admin, {
      signup_enabled: 'maybe',
      default_group_visibility: 'secret',
      max_login_attempts: -1,
      throttle_authenticated_api_requests_per_period: 'lots',
      sub_epics_enabled: 'sometimes',
      health_status_enabled: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: {
        signup_enabled: ['is invalid'],
        default_group_visibility: ['does not have a valid value'],
        max_login_attempts: ['must be a whole number from 0 to 1000'],
        throttle_authenticated_api_requests_per_period: ['must be a whole number from 0 to 1000000'],
        sub_epics_enabled: ['is invalid'],
      },
    });
    expect((await settings('GET', admin)).json()).toMatchObject({ health_status_enabled: true });
  });

  it('gives new top-level groups and projects the default visibility, never above their group', async () => {
    await settings('PUT', admin, { default_group_visibility: 'internal', default_project_visibility: 'public' });
    const created = await t.request({
      method: 'POST',
      url: '/api/v4/groups',
      as: admin,
      payload: { name: 'Defaults', path: 'defaults-group' },
    });
    expect(created.json()).toMatchObject({ visibility: 'internal' });
    const inInternal = await t.request({
      method: 'POST',
      url: '/api/v4/projects',
      as: admin,
      payload: { name: 'In internal', namespace_id: created.json<{ id: number }>().id },
    });
    expect(inInternal.json()).toMatchObject({ visibility: 'internal' });
    const publicGroup = await t.buildGroup({ owner: admin, visibility: 'public' });
    const inPublic = await t.request({
      method: 'POST',
      url: '/api/v4/projects',
      as: admin,
      payload: { name: 'In public', namespace_id: publicGroup.id },
    });
    expect(inPublic.json()).toMatchObject({ visibility: 'public' });
  });

  it('applies the throttles set here over the environment, and goes back to it when emptied', async () => {
    await settings('PUT', admin, { throttle_protected_paths_requests_per_period: 2 });
    const visitor = createBrowser(t);
    const tries = [];
    for (let i = 0; i < 3; i += 1) tries.push((await visitor.signIn(member.username, 'wrong-password')).statusCode);
    expect(tries).toEqual([401, 401, 429]);

    await settings('PUT', admin, { throttle_protected_paths_requests_per_period: null });
    expect((await visitor.signIn(member.username, 'wrong-password')).statusCode).toBe(401);
  });

  it('locks an account after the failed sign-ins set here', async () => {
    await settings('PUT', admin, { max_login_attempts: 2 });
    const user = await t.buildUser();
    const visitor = createBrowser(t);
    await visitor.signIn(user.username, 'wrong-password');
    const second = await visitor.signIn(user.username, 'wrong-password');
    expect(second.json()).toEqual({ message: LOCKED_LOGIN });
    expect((await visitor.signIn(user.username, TEST_PASSWORD)).json()).toEqual({ message: LOCKED_LOGIN });
  });

  it('lets visitors sign up only while sign-up is on, and signs them in', async () => {
    const visitor = createBrowser(t);
    await visitor.visit();
    const payload = {
      user: { name: 'Nia New', username: 'nia', email: 'nia@example.com', password: 'nia-password-1' },
    };
    const refused = await visitor.request({ method: 'POST', url: '/users', payload, csrf: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SIGNUP_DISABLED });

    await settings('PUT', admin, { signup_enabled: true });
    const created = await visitor.request({ method: 'POST', url: '/users', payload, csrf: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user: { username: 'nia', name: 'Nia New' } });
    const me = await visitor.graphql('{ currentUser { username admin } }');
    expect(me.json()).toEqual({ data: { currentUser: { username: 'nia', admin: false } } });
    const taken = await visitor.request({ method: 'POST', url: '/users', payload, csrf: true });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses a health status while health status is off, and hides the saved one', async () => {
    const { buildIssue } = issuesFactories(t);
    const issue = await buildIssue({ project, healthStatus: 'at_risk' });
    await settings('PUT', admin, { health_status_enabled: false });
    const url = `/api/v4/projects/${project.project.id}/issues/${issue.issue.iid}`;
    const res = await t.request({ method: 'PUT', url, as: admin, payload: { health_status: 'on_track' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: { health_status: [HEALTH_STATUS_OFF] } });
    const read = await t.graphql<{ project: { issue: { healthStatus: string | null } } }>(
      'query($p: ID!, $i: String!) { project(fullPath: $p) { issue(iid: $i) { healthStatus } } }',
      { p: project.project.fullPath, i: String(issue.issue.iid) },
      { as: admin },
    );
    expect(read.data?.project.issue.healthStatus).toBeNull();
    // REST nulls it too (GitLab's entity without the licensed feature): one issue, the list, the page's JSON.
    const one = await t.request({ method: 'GET', url, as: admin });
    expect(one.json<{ health_status: string | null }>().health_status).toBeNull();
    const list = await t.request({ method: 'GET', url: `/api/v4/projects/${project.project.id}/issues`, as: admin });
    const listed = list.json<{ iid: number; health_status: string | null }[]>().find((i) => i.iid === issue.issue.iid);
    expect(listed?.health_status).toBeNull();
    const page = await t.request({
      method: 'GET',
      url: `/${project.project.fullPath}/-/issues/${issue.issue.iid}.json`,
      as: admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ health_status: string | null }>().health_status).toBeNull();
    await settings('PUT', admin, { health_status_enabled: true });
    expect((await t.request({ method: 'GET', url, as: admin })).json<{ health_status: string }>().health_status).toBe(
      'at_risk',
    );
    const back = await t.graphql<{ project: { issue: { healthStatus: string | null } } }>(
      'query($p: ID!, $i: String!) { project(fullPath: $p) { issue(iid: $i) { healthStatus } } }',
      { p: project.project.fullPath, i: String(issue.issue.iid) },
      { as: admin },
    );
    expect(back.data?.project.issue.healthStatus).toBe('atRisk');
  });

  it('refuses a parent epic while sub-epics are off', async () => {
    const { buildEpic } = epicsFactories(t);
    const parent = await buildEpic({ group });
    const child = await buildEpic({ group });
    await settings('PUT', admin, { sub_epics_enabled: false });
    const created = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics`,
      as: admin,
      payload: { title: 'Child', parent_id: parent.epic.id },
    });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual({ message: SUB_EPICS_OFF });
    const linked = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics/${parent.epic.iid}/epics/${child.epic.id}`,
      as: admin,
    });
    expect(linked.statusCode).toBe(403);
    await settings('PUT', admin, { sub_epics_enabled: true });
    const allowed = await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics/${parent.epic.iid}/epics/${child.epic.id}`,
      as: admin,
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('keeps one label per scope unless multiple scoped labels (or no scoped labels) are allowed', async () => {
    const { buildIssue } = issuesFactories(t);
    const url = async () => {
      const issue = await buildIssue({ project });
      return `/api/v4/projects/${project.project.id}/issues/${issue.issue.iid}`;
    };
    const labelsAfter = async () => {
      const res = await t.request({
        method: 'PUT',
        url: await url(),
        as: admin,
        payload: { labels: 'prio::1,prio::2' },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ labels: string[] }>().labels.sort();
    };
    expect(await labelsAfter()).toHaveLength(1);
    await settings('PUT', admin, { multiple_scoped_labels_enabled: true });
    expect(await labelsAfter()).toEqual(['prio::1', 'prio::2']);
    await settings('PUT', admin, { multiple_scoped_labels_enabled: false, scoped_labels_enabled: false });
    expect(await labelsAfter()).toEqual(['prio::1', 'prio::2']);
  });
});
