/**
 * The issue page's actions on the server: every permission flag of spec 002 §6 by role, 'Submit as
 * spam' (hidden issues are seen by administrators only, and look exactly like missing ones to
 * everyone else), the viewer's reply-by-email address, and the page's delete endpoint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { DESTROY_CONFIRM_MISSING } from './issue-actions-ui.routes.ts';
import { issueEmailKey, slugify } from './issue-email.ts';

const FLAGS = `query($iid: String!) { project(fullPath: "ia/app") {
  userPermissions { createIssue }
  issue(iid: $iid) { hidden userPermissions { updateIssue reopenIssue destroyIssue promoteToEpic reportSpam adminIssue } }
} }`;

type Flags = {
  project: {
    userPermissions: { createIssue: boolean };
    issue: { hidden: boolean; userPermissions: Record<string, boolean> } | null;
  } | null;
};

describe('issue actions', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let admin: UserRow;
  let owner: UserRow;
  let reporter: UserRow;
  let guest: UserRow;
  let author: UserRow;
  let projectReporter: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp({ incomingEmail: 'incoming+%{key}@plan.example.com' });
    f = issuesFactories(t);
    admin = await t.buildUser({ admin: true });
    owner = await t.buildUser();
    reporter = await t.buildUser();
    guest = await t.buildUser();
    author = await t.buildUser();
    projectReporter = await t.buildUser();
    outsider = await t.buildUser();
    group = await t.buildGroup({ path: 'ia', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app', visibility: 'public' });
    await t.addProjectMember(project, projectReporter, 20);
  });

  const flags = async (iid: number, as?: UserRow) =>
    (await t.graphql<Flags>(FLAGS, { iid: String(iid) }, { as })).data?.project;

  it('answers each flag of the page by role (spec 002 §6)', async () => {
    const issue = await f.buildIssue({ project, author });
    const perms = (update: boolean, destroy: boolean, promote: boolean, spam: boolean, admin: boolean) => ({
      updateIssue: update,
      reopenIssue: update,
      destroyIssue: destroy,
      promoteToEpic: promote,
      reportSpam: spam,
      adminIssue: admin,
    });
    const cases: [string, UserRow | undefined, ReturnType<typeof perms>, boolean][] = [
      ['visitor', undefined, perms(false, false, false, false, false), false],
      ['non-member', outsider, perms(false, false, false, false, false), true],
      ['author (a non-member)', author, perms(true, false, false, false, false), true],
      ['guest', guest, perms(false, false, false, false, false), true],
      ['reporter', reporter, perms(true, false, true, false, true), true],
      // Reporter of the project only: may not create epics in the group, so no promotion.
      ['project reporter', projectReporter, perms(true, false, false, false, true), true],
      ['owner', owner, perms(true, true, true, false, true), true],
      ['administrator', admin, perms(true, true, true, true, true), true],
    ];
    for (const [who, as, expected, createIssue] of cases) {
      const seen = await flags(issue.issue.iid, as);
      expect({ who, perms: seen?.issue?.userPermissions, createIssue: seen?.userPermissions.createIssue }).toEqual({
        who,
        perms: expected,
        createIssue,
      });
    }
  });

  it('offers no promotion for an incident or an issue promoted already', async () => {
    const incident = await f.buildIssue({ project, issueType: 'incident' });
    expect((await flags(incident.issue.iid, owner))?.issue?.userPermissions.promoteToEpic).toBe(false);
    const issue = await f.buildIssue({ project });
    await t.services.issues.promoteToEpic((await import('../../authz/actor.ts')).userActor(owner), issue);
    expect((await flags(issue.issue.iid, owner))?.issue?.userPermissions.promoteToEpic).toBe(false);
  });

  it('hides an issue submitted as spam from everyone but administrators, exactly like a missing one', async () => {
    const issue = await f.buildIssue({ project, author, title: 'Cheap watches' });
    const path = `/ia/app/-/issues/${issue.issue.iid}/mark_as_spam`;
    const denied = await t.request({ method: 'POST', url: path, as: owner });
    expect(denied.statusCode).toBe(403);
    const visitor = await t.request({ method: 'POST', url: path });
    expect(visitor.statusCode).toBe(401);
    const marked = await t.request({ method: 'POST', url: path, as: admin });
    expect([marked.statusCode, marked.json()]).toEqual([
      200,
      { id: issue.issue.id, iid: issue.issue.iid, hidden: true },
    ]);
    expect(marked.headers['content-type']).toBe('application/json');

    for (const who of [undefined, outsider, author, owner]) {
      expect((await flags(issue.issue.iid, who))?.issue).toBeNull();
      const rest = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/issues/${issue.issue.iid}`,
        as: who,
      });
      const missing = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/issues/99999`,
        as: who,
      });
      expect([rest.statusCode, rest.body]).toEqual([404, missing.body]);
      const list = await t.request({
        method: 'GET',
        url: `/api/v4/projects/${project.project.id}/issues?search=Cheap`,
        as: who,
      });
      expect(list.json()).toEqual([]);
      const again = await t.request({ method: 'POST', url: path, as: who });
      expect(again.statusCode).toBe(who ? 404 : 401);
    }
    const seen = await flags(issue.issue.iid, admin);
    expect([seen?.issue?.hidden, seen?.issue?.userPermissions.reportSpam]).toEqual([true, false]);
    const list = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/issues?search=Cheap`,
      as: admin,
    });
    expect(list.json<{ iid: number }[]>().map((i) => i.iid)).toEqual([issue.issue.iid]);
  });

  it('gives each signed-in viewer their own reply-by-email address, from MILEPOST_INCOMING_EMAIL', async () => {
    const issue = await f.buildIssue({ project });
    const query = `{ project(fullPath: "ia/app") { issue(iid: "${issue.issue.iid}") { createNoteEmail } } }`;
    const email = async (as?: UserRow) =>
      (await t.graphql<{ project: { issue: { createNoteEmail: string | null } } }>(query, {}, { as })).data?.project
        .issue.createNoteEmail;
    const mine = await email(reporter);
    const theirs = await email(guest);
    expect(mine).toMatch(
      new RegExp(
        `^incoming\\+ia-app-${project.project.id}-[0-9a-f]{32}-issue-${issue.issue.iid}@plan\\.example\\.com$`,
      ),
    );
    expect(theirs).not.toBe(mine);
    expect(await email(undefined)).toBeNull();
    expect(slugify('Acme/Platform.Web_ui')).toBe('acme-platform-web-ui');
    expect(slugify(`-${'a'.repeat(70)}`)).toBe('a'.repeat(62));
    expect(issueEmailKey('a/b', 7, 'tok', 3)).toBe('a-b-7-tok-issue-3');
  });

  it('deletes an issue from its page (DELETE, or POST with _method=delete) once confirmed', async () => {
    const first = await f.buildIssue({ project });
    const second = await f.buildIssue({ project });
    const url = (iid: number) => `/ia/app/-/issues/${iid}`;
    const unconfirmed = await t.request({ method: 'DELETE', url: url(first.issue.iid), as: owner });
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([400, { message: DESTROY_CONFIRM_MISSING }]);
    const notAllowed = await t.request({
      method: 'DELETE',
      url: `${url(first.issue.iid)}?destroy_confirm=true`,
      as: reporter,
    });
    expect(notAllowed.statusCode).toBe(403);
    const deleted = await t.request({
      method: 'DELETE',
      url: `${url(first.issue.iid)}?destroy_confirm=true`,
      as: owner,
    });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { web_url: `${t.config.externalUrl}/ia/app/-/issues` }]);
    const posted = await t.request({
      method: 'POST',
      url: url(second.issue.iid),
      payload: { _method: 'delete', destroy_confirm: 'true' },
      as: owner,
    });
    expect(posted.statusCode).toBe(200);
    const wrongMethod = await t.request({ method: 'POST', url: url(second.issue.iid), payload: {}, as: owner });
    expect([wrongMethod.statusCode, wrongMethod.json()]).toEqual([405, { message: '405 Method Not Allowed' }]);
    for (const iid of [first.issue.iid, second.issue.iid]) expect((await flags(iid, owner))?.issue).toBeNull();
  });
});
