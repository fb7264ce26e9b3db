/**
 * User administration over GitLab's REST API: edit, block/unblock (a blocked user can neither sign
 * in nor use a token), deactivate/activate, a new password set by the administrator, delete with
 * contributions kept by the Ghost User; and the abuse report detail and close.
 */
import { AccessLevel } from '@milepost/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BLOCKED_LOGIN } from '../auth/auth.service.ts';
import { SOLE_OWNER_MESSAGE } from './admin-users.service.ts';

describe('user administration', () => {
  let t: TestApp;
  let admin: UserRow;
  let member: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.buildUser({ admin: true });
    member = await t.buildUser();
  });

  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, as: UserRow | null, payload?: object) =>
    t.request({ method, url: `/api/v4${url}`, as, payload });

  it('edits name, email, admin flag and projects limit; others get 403', async () => {
    const user = await t.buildUser();
    const res = await api('PUT', `/users/${user.id}`, admin, {
      name: 'Renamed',
      email: `renamed-${user.id}@example.com`,
      admin: true,
      projects_limit: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', is_admin: true, projects_limit: 5 });
    const gql = await t.graphql<{ user: { adminDetails: { projectsLimit: number; admin: boolean } | null } }>(
      'query($u: String!) { user(username: $u) { adminDetails { projectsLimit admin } } }',
      { u: user.username },
      { as: admin },
    );
    expect(gql.data?.user.adminDetails).toEqual({ projectsLimit: 5, admin: true });
    const hidden = await t.graphql<{ user: { adminDetails: unknown } }>(
      'query($u: String!) { user(username: $u) { adminDetails { email } } }',
      { u: user.username },
      { as: member },
    );
    expect(hidden.data?.user.adminDetails).toBeNull();
    expect((await api('PUT', `/users/${user.id}`, member, { name: 'X' })).statusCode).toBe(403);
    expect((await api('PUT', `/users/${user.id}`, null, { name: 'X' })).statusCode).toBe(401);
  });

  it('answers every bad value with a clear error', async () => {
    const user = await t.buildUser();
    const res = await api('PUT', `/users/${user.id}`, admin, {
      name: '',
      email: 'not-an-email',
      projects_limit: -1,
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: {
        name: ["can't be blank"],
        email: ['is invalid'],
        projects_limit: ['must be a whole number from 0 to 2147483647'],
        password: ['is too short (minimum is 8 characters)'],
      },
    });
    const self = await api('PUT', `/users/${admin.id}`, admin, { admin: false });
    expect(self.json()).toEqual({ message: { admin: ['cannot be removed from yourself'] } });
    expect((await api('PUT', '/users/999999', admin, { name: 'X' })).statusCode).toBe(404);
    const taken = await api('PUT', `/users/${user.id}`, admin, { email: member.email });
    expect(taken.statusCode).toBe(409);
  });

  it('blocks a user: no sign-in, no token, sessions end; unblock restores', async () => {
    const user = await t.buildUser();
    const browser = createBrowser(t);
    await browser.signIn(user.username, TEST_PASSWORD);
    const before = await t.request({ method: 'GET', url: '/api/v4/user', as: user });
    expect(before.statusCode).toBe(200);

    const res = await api('POST', `/users/${user.id}/block`, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toBe(true);
    const signIn = await createBrowser(t).signIn(user.username, TEST_PASSWORD);
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ message: BLOCKED_LOGIN });
    expect((await t.request({ method: 'GET', url: '/api/v4/user', as: user })).statusCode).toBe(401);
    expect((await browser.graphql('{ currentUser { username } }')).json()).toEqual({ data: { currentUser: null } });
    expect((await api('POST', `/users/${user.id}/deactivate`, admin)).json()).toEqual({
      message: '403 Forbidden - A blocked user cannot be deactivated by the API',
    });
    expect((await api('POST', `/users/${user.id}/activate`, admin)).statusCode).toBe(403);

    expect((await api('POST', `/users/${user.id}/unblock`, admin)).statusCode).toBe(201);
    expect((await createBrowser(t).signIn(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await api('POST', `/users/${admin.id}/block`, admin)).json()).toEqual({
      message: '403 Forbidden - You cannot block yourself',
    });
    expect((await api('POST', `/users/${user.id}/block`, member)).statusCode).toBe(403);
  });

  it('deactivates a user until they sign in again or an administrator activates them', async () => {
    const user = await t.buildUser();
    expect((await api('POST', `/users/${user.id}/deactivate`, admin)).statusCode).toBe(201);
    expect((await t.request({ method: 'GET', url: '/api/v4/user', as: user })).statusCode).toBe(401);
    expect((await api('GET', `/users/${user.id}`, admin)).json()).toMatchObject({ state: 'deactivated' });
    expect((await api('POST', `/users/${user.id}/unblock`, admin)).statusCode).toBe(403);
    expect((await api('POST', `/users/${user.id}/activate`, admin)).statusCode).toBe(201);
    expect((await api('GET', `/users/${user.id}`, admin)).json()).toMatchObject({ state: 'active' });
    await api('POST', `/users/${user.id}/deactivate`, admin);
    expect((await createBrowser(t).signIn(user.username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await api('GET', `/users/${user.id}`, admin)).json()).toMatchObject({ state: 'active' });
  });

  it('sets a new password: the old one stops working and the user is signed out', async () => {
    const user = await t.buildUser();
    const browser = createBrowser(t);
    await browser.signIn(user.username, TEST_PASSWORD);
    expect((await api('PUT', `/users/${user.id}`, admin, { password: 'set-by-admin-1' })).statusCode).toBe(200);
    expect((await browser.graphql('{ currentUser { username } }')).json()).toEqual({ data: { currentUser: null } });
    expect((await createBrowser(t).signIn(user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await createBrowser(t).signIn(user.username, 'set-by-admin-1')).statusCode).toBe(200);
  });

  it('deletes a user; their issues and comments stay, by the Ghost User', async () => {
    const leaver = await t.buildUser({ name: 'Leaver' });
    const group = await t.buildGroup();
    await t.addGroupMember(group, leaver, AccessLevel.DEVELOPER);
    const project = await t.buildProject({ group });
    const issue = await issuesFactories(t).buildIssue({ project, author: leaver, title: 'Kept issue' });
    await t.services.notes.create(userActor(leaver), { type: 'Issue', node: issue }, { body: 'Kept comment' });

    expect((await api('DELETE', `/users/${leaver.id}`, member)).statusCode).toBe(403);
    expect((await api('DELETE', `/users/${admin.id}`, admin)).statusCode).toBe(403);
    const res = await api('DELETE', `/users/${leaver.id}`, admin);
    expect(res.statusCode).toBe(204);
    expect((await api('GET', `/users/${leaver.id}`, admin)).statusCode).toBe(404);
    const kept = await api('GET', `/projects/${project.project.id}/issues/${issue.issue.iid}`, admin);
    expect(kept.json()).toMatchObject({ title: 'Kept issue', author: { username: 'ghost', name: 'Ghost User' } });
    const notes = await api('GET', `/projects/${project.project.id}/issues/${issue.issue.iid}/notes`, admin);
    expect(
      notes.json<{ body: string; author: { name: string } }[]>().find((n) => n.body === 'Kept comment')?.author.name,
    ).toBe('Ghost User');
    // The Ghost User never signs in and cannot be changed.
    const ghost = kept.json<{ author: { id: number } }>().author;
    expect((await api('POST', `/users/${ghost.id}/unblock`, admin)).statusCode).toBe(403);
    // A second deletion reuses the same Ghost User.
    const other = await t.buildUser();
    await issuesFactories(t).buildIssue({ project, author: other, title: 'Second' });
    expect((await api('DELETE', `/users/${other.id}`, admin)).statusCode).toBe(204);
    const ghosts = await t.database.pool.query("SELECT count(*)::int AS n FROM users WHERE user_type = 'ghost'");
    expect(ghosts.rows[0]).toEqual({ n: 1 });
  });

  it('refuses to delete the sole owner of a group', async () => {
    const owner = await t.buildUser();
    await t.buildGroup({ owner });
    const res = await api('DELETE', `/users/${owner.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SOLE_OWNER_MESSAGE });
  });

  it('opens an abuse report and closes it', async () => {
    const spammer = await t.buildUser();
    const report = await t.services.abuseReports.create(userActor(member), {
      userId: spammer.id,
      category: 'spam',
      message: 'Posts ads everywhere',
      reportedFromUrl: 'http://milepost.test/acme',
    });
    const one = await api('GET', `/admin/abuse_reports/${report.id}`, admin);
    expect(one.json()).toMatchObject({ id: report.id, status: 'open', user: { id: spammer.id } });
    expect((await api('GET', `/admin/abuse_reports/${report.id}`, member)).statusCode).toBe(403);
    const closed = await api('PUT', `/admin/abuse_reports/${report.id}`, admin, { status: 'closed' });
    expect(closed.json()).toMatchObject({ status: 'closed' });
    const bad = await api('PUT', `/admin/abuse_reports/${report.id}`, admin, { status: 'gone' });
    expect(bad.statusCode).toBe(400);
    expect((await api('GET', '/admin/abuse_reports/99999', admin)).statusCode).toBe(404);
    const gql = await t.graphql<{ abuseReport: { status: string } | null }>(
      'query($id: ID!) { abuseReport(id: $id) { status } }',
      { id: `gid://gitlab/AbuseReport/${report.id}` },
      { as: admin },
    );
    expect(gql.data?.abuseReport).toEqual({ status: 'CLOSED' });
  });
});
