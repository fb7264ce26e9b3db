import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { STALE_ISSUE_MESSAGE } from './issue-input.ts';

/** The issue page's server side: the edit (`PUT …/<iid>.json`), polling and the first-contribution flag. */
describe('issue page', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let project: ProjectWithGroup;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    reporter = await t.buildUser({ name: 'Rita Reporter', username: 'rita' });
    guest = await t.buildUser();
    outsider = await t.buildUser();
    const group = await t.buildGroup({ path: 'ip', visibility: 'private' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'web', visibility: 'private' });
  });

  const page = (iid: number, rest = '') => `/ip/web/-/issues/${iid}${rest}`;

  describe('PUT /<project>/-/issues/<iid>.json', () => {
    it('saves title and description at the lock version and answers web_url and the new version', async () => {
      const issue = await f.buildIssue({ project, title: 'Before', description: 'old', author: reporter });
      const res = await t.request({
        method: 'PUT',
        url: page(issue.issue.iid, '.json'),
        payload: { issue: { title: 'After *now*', description: '- [x] a\n- [ ] b', lock_version: 0 } },
        as: reporter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toMatchObject({
        title: 'After *now*',
        title_html: 'After <em>now</em>',
        description: '- [x] a\n- [ ] b',
        lock_version: 1,
        issue_type: 'issue',
        web_url: `/ip/web/-/issues/${issue.issue.iid}`,
      });
    });

    it('answers 409 with the stale-edit message for an old lock_version and changes nothing', async () => {
      const issue = await f.buildIssue({ project, title: 'Kept', author: reporter });
      await t.services.issues.update(userActor(reporter), issue, { description: 'theirs' });
      const res = await t.request({
        method: 'PUT',
        url: page(issue.issue.iid, '.json'),
        payload: { issue: { title: 'Mine', lock_version: 0 } },
        as: reporter,
      });
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ errors: [STALE_ISSUE_MESSAGE] });
      const shown = await t.request({ method: 'GET', url: page(issue.issue.iid, '.json'), as: reporter });
      expect(shown.json()).toMatchObject({ title: 'Kept', description: 'theirs', lock_version: 1 });
    });

    it('turns an issue into an incident (web_url under /issues/incident/) and back', async () => {
      const issue = await f.buildIssue({ project, title: 'Outage', author: reporter });
      const toIncident = await t.request({
        method: 'PUT',
        url: page(issue.issue.iid, '.json'),
        payload: { issue: { issue_type: 'incident', lock_version: 0 } },
        as: reporter,
      });
      expect(toIncident.json()).toMatchObject({
        issue_type: 'incident',
        web_url: `/ip/web/-/issues/incident/${issue.issue.iid}`,
      });
      const back = await t.request({
        method: 'PUT',
        url: page(issue.issue.iid, '.json'),
        payload: { issue: { issue_type: 'issue', lock_version: 1 } },
        as: reporter,
      });
      expect(back.json()).toMatchObject({ issue_type: 'issue', web_url: `/ip/web/-/issues/${issue.issue.iid}` });
    });

    it('keeps the type of a guest’s own issue: incidents need Reporter (createIncident)', async () => {
      const issue = await f.buildIssue({ project, title: 'Mine as guest', author: guest });
      const res = await t.request({
        method: 'PUT',
        url: page(issue.issue.iid, '.json'),
        payload: { issue: { title: 'Renamed', issue_type: 'incident', lock_version: 0 } },
        as: guest,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Renamed', issue_type: 'issue' });
      const permissions = await t.graphql<{ project: { userPermissions: { createIncident: boolean } } }>(
        'query { project(fullPath: "ip/web") { userPermissions { createIncident } } }',
        {},
        { as: guest },
      );
      expect(permissions.data?.project.userPermissions.createIncident).toBe(false);
    });
  });

  describe('GET /<project>/-/issues/<iid>/realtime_changes', () => {
    it('answers the title and description with Poll-Interval and an ETag; 304 while unchanged', async () => {
      const issue = await f.buildIssue({
        project,
        title: 'Poll *me*',
        description: '- [x] one\n- [ ] two',
        author: reporter,
      });
      const res = await t.request({ method: 'GET', url: page(issue.issue.iid, '/realtime_changes'), as: reporter });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['poll-interval']).toBe('3000');
      expect(res.json()).toEqual({
        title: 'Poll <em>me</em>',
        title_text: 'Poll *me*',
        description: expect.stringContaining('task-list-item-checkbox'),
        description_text: '- [x] one\n- [ ] two',
        task_completion_status: { count: 2, completed_count: 1 },
        lock_version: 0,
      });
      const etag = res.headers.etag as string;
      const again = await t.request({
        method: 'GET',
        url: page(issue.issue.iid, '/realtime_changes'),
        headers: { 'if-none-match': etag },
        as: reporter,
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('says who edited the title or description last, and a new ETag after the edit', async () => {
      const issue = await f.buildIssue({ project, title: 'Edited', author: guest });
      const before = await t.request({ method: 'GET', url: page(issue.issue.iid, '/realtime_changes'), as: reporter });
      await t.services.issues.update(userActor(reporter), issue, { title: 'Edited twice' });
      const res = await t.request({
        method: 'GET',
        url: page(issue.issue.iid, '/realtime_changes'),
        headers: { 'if-none-match': before.headers.etag as string },
        as: reporter,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        title_text: 'Edited twice',
        lock_version: 1,
        updated_by_name: 'Rita Reporter',
        updated_by_path: '/rita',
        updated_at: expect.any(String),
      });
    });

    it('answers under the incident path too', async () => {
      const issue = await f.buildIssue({ project, title: 'Fire', issueType: 'incident', author: reporter });
      const res = await t.request({
        method: 'GET',
        url: `/ip/web/-/issues/incident/${issue.issue.iid}/realtime_changes`,
        as: reporter,
      });
      expect(res.json()).toMatchObject({ title_text: 'Fire' });
    });

    it('answers hidden issues exactly like missing ones (404)', async () => {
      const confidential = await f.buildIssue({ project, title: 'Secret', confidential: true, author: reporter });
      const hidden = await t.request({
        method: 'GET',
        url: page(confidential.issue.iid, '/realtime_changes'),
        as: guest,
      });
      const missing = await t.request({ method: 'GET', url: page(99999, '/realtime_changes'), as: guest });
      const outside = await t.request({
        method: 'GET',
        url: page(confidential.issue.iid, '/realtime_changes'),
        as: outsider,
      });
      const anonymous = await t.request({ method: 'GET', url: page(confidential.issue.iid, '/realtime_changes') });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toBe(missing.body);
      expect(outside.statusCode).toBe(404);
      expect(anonymous.statusCode).toBe(404);
      expect(outside.headers['poll-interval']).toBeUndefined();
    });
  });

  describe('Issue.isFirstContribution', () => {
    it("is true for the author's first issue in the project only", async () => {
      const author = await t.buildUser();
      const group = await t.buildGroup({ path: 'fc', visibility: 'public' });
      await t.addGroupMember(group, author, 30);
      const one = await t.buildProject({ group, path: 'one' });
      const two = await t.buildProject({ group, path: 'two' });
      const first = await f.buildIssue({ project: one, author });
      const second = await f.buildIssue({ project: one, author });
      const elsewhere = await f.buildIssue({ project: two, author });
      const someoneElse = await f.buildIssue({ project: one, author: reporter });
      const res = await t.graphql<{ project: { issues: { nodes: { iid: string; isFirstContribution: boolean }[] } } }>(
        'query { project(fullPath: "fc/one") { issues(sort: CREATED_ASC) { nodes { iid isFirstContribution } } } }',
        {},
        { as: author },
      );
      expect(res.data?.project.issues.nodes).toEqual([
        { iid: String(first.issue.iid), isFirstContribution: true },
        { iid: String(second.issue.iid), isFirstContribution: false },
        { iid: String(someoneElse.issue.iid), isFirstContribution: true },
      ]);
      const other = await t.graphql<{ project: { issue: { isFirstContribution: boolean } } }>(
        `query { project(fullPath: "fc/two") { issue(iid: "${elsewhere.issue.iid}") { isFirstContribution } } }`,
        {},
        { as: author },
      );
      expect(other.data?.project.issue.isFirstContribution).toBe(true);
    });
  });
});
