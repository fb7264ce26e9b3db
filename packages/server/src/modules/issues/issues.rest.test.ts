import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../authz/actor.ts';
import type { GroupRow, LabelRow, UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { STALE_ISSUE_MESSAGE } from './issue-input.ts';

type IssueJson = { iid: number; title: string; labels: string[]; state: string; confidential: boolean };

describe('REST v4 issues', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let owner: UserRow;
  let developer: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let other: ProjectWithGroup;
  let bug: LabelRow;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    owner = await t.buildUser();
    developer = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    group = await t.buildGroup({ path: 'rq', visibility: 'public' });
    await t.addGroupMember(group, owner, 50);
    await t.addGroupMember(group, developer, 30);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app' });
    const privateGroup = await t.buildGroup({ path: 'hidden', visibility: 'private' });
    other = await t.buildProject({ group: privateGroup, path: 'secret', visibility: 'private' });
    bug = await labelsMilestonesFactories(t).buildLabel({ group, title: 'bug', color: '#aa0000' });
    await f.buildIssue({ project, title: 'Alpha', labelIds: [bug.id], weight: 2, author: developer });
    await f.buildIssue({ project, title: 'Beta', closed: true });
    await f.buildIssue({ project, title: 'Gamma confidential', confidential: true });
  });

  const url = (path: string) => `/api/v4/projects/${encodeURIComponent('rq/app')}${path}`;

  it('lists issues with GitLab headers, hiding confidential ones from a guest', async () => {
    const res = await t.request({ method: 'GET', url: url('/issues?per_page=1'), as: guest });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total']).toBe('2');
    expect(res.headers.link).toContain('per_page=1');
    const all = await t.request({ method: 'GET', url: url('/issues?per_page=100'), as: developer });
    expect(
      all
        .json<IssueJson[]>()
        .map((i) => i.title)
        .sort(),
    ).toEqual(['Alpha', 'Beta', 'Gamma confidential']);
  });

  it.each([
    ['state=opened', ['Alpha', 'Gamma confidential']],
    ['labels=bug', ['Alpha']],
    ['labels=None', ['Beta', 'Gamma confidential']],
    ['not[labels]=bug', ['Beta', 'Gamma confidential']],
    ['search=alph', ['Alpha']],
    ['weight=2', ['Alpha']],
    ['confidential=true', ['Gamma confidential']],
    ['order_by=title&sort=asc', ['Alpha', 'Beta', 'Gamma confidential']],
  ])('filters %s', async (query, expected) => {
    const res = await t.request({ method: 'GET', url: url(`/issues?${query}`), as: developer });
    expect(res.statusCode).toBe(200);
    const titles = res.json<IssueJson[]>().map((i) => i.title);
    expect(query.includes('order_by') ? titles : titles.sort()).toEqual(expected);
  });

  it.each([
    ['order_by=bogus', 'order_by does not have a valid value'],
    ['sort=up', 'sort does not have a valid value'],
    ['state=bogus', 'state does not have a valid value'],
    ['author_id=1&author_username=x', 'author_id, author_username are mutually exclusive'],
  ])('refuses %s with 400', async (query, error) => {
    const res = await t.request({ method: 'GET', url: url(`/issues?${query}`), as: developer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('lists /issues as created_by_me by default and group issues with subgroups', async () => {
    const mine = await t.request({ method: 'GET', url: '/api/v4/issues', as: developer });
    expect(mine.json<IssueJson[]>().map((i) => i.title)).toEqual(['Alpha']);
    expect((await t.request({ method: 'GET', url: '/api/v4/issues' })).statusCode).toBe(401);
    const groupList = await t.request({ method: 'GET', url: '/api/v4/groups/rq/issues?state=opened', as: outsider });
    expect(groupList.json<IssueJson[]>().map((i) => i.title)).toEqual(['Alpha']);
  });

  it('creates, shows, updates and deletes an issue', async () => {
    const created = await t.request({
      method: 'POST',
      url: url('/issues'),
      payload: { title: 'New one', labels: 'bug', weight: 4, due_date: '2030-05-01', health_status: 'on_track' },
      as: developer,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<
      IssueJson & { weight: number; health_status: string; due_date: string; references: { full: string } }
    >();
    expect(body).toMatchObject({
      title: 'New one',
      labels: ['bug'],
      weight: 4,
      health_status: 'on_track',
      due_date: '2030-05-01',
    });
    expect(body.references.full).toBe(`rq/app#${body.iid}`);
    const shown = await t.request({ method: 'GET', url: url(`/issues/${body.iid}`), as: guest });
    expect(shown.json()).toMatchObject({ title: 'New one' });
    const updated = await t.request({
      method: 'PUT',
      url: url(`/issues/${body.iid}`),
      payload: { state_event: 'close', remove_labels: 'bug', health_status: 'at_risk' },
      as: developer,
    });
    expect(updated.json()).toMatchObject({ state: 'closed', labels: [], health_status: 'at_risk' });
    expect((await t.request({ method: 'DELETE', url: url(`/issues/${body.iid}`), as: developer })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'DELETE', url: url(`/issues/${body.iid}`), as: owner })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: url(`/issues/${body.iid}`), as: owner })).statusCode).toBe(404);
  });

  it.each([
    [
      'a title over 255 characters',
      { title: 'x'.repeat(256) },
      400,
      { message: { title: ['is too long (maximum is 255 characters)'] } },
    ],
    [
      'a negative weight',
      { title: 'ok', weight: -3 },
      400,
      { message: { weight: ['must be greater than or equal to 0'] } },
    ],
    ['an impossible due date', { title: 'ok', due_date: '2027-02-30' }, 400, { error: 'due_date is invalid' }],
    [
      'an unknown health status',
      { title: 'ok', health_status: 'fine' },
      400,
      { error: 'health_status does not have a valid value' },
    ],
    ['no title', { description: 'x' }, 400, { error: 'title is missing' }],
    [
      'a description over 1 MB',
      { title: 'ok', description: 'y'.repeat(1_048_577) },
      400,
      { message: { description: ['is too long (maximum is 1048576 characters)'] } },
    ],
  ])('refuses %s, writing nothing', async (_name, payload, status, body) => {
    const before = (await t.request({ method: 'GET', url: url('/issues'), as: owner })).headers['x-total'];
    const res = await t.request({ method: 'POST', url: url('/issues'), payload, as: developer });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
    expect((await t.request({ method: 'GET', url: url('/issues'), as: owner })).headers['x-total']).toBe(before);
  });

  it('clears milestone, epic and assignees given as JSON 0 or an empty list, as GitLab', async () => {
    const milestone = await labelsMilestonesFactories(t).buildMilestone({ group, title: 'Clear me' });
    const epic = await epicsFactories(t).buildEpic({ group, title: 'Clear epic' });
    const created = await t.request({
      method: 'POST',
      url: url('/issues'),
      payload: { title: 'To clear', milestone_id: milestone.id, epic_id: epic.epic.id, assignee_ids: [developer.id] },
      as: developer,
    });
    expect(created.statusCode).toBe(201);
    const iid = created.json<IssueJson>().iid;
    expect(created.json()).toMatchObject({ milestone: { id: milestone.id }, epic: { id: epic.epic.id } });
    const cleared = await t.request({
      method: 'PUT',
      url: url(`/issues/${iid}`),
      payload: { milestone_id: 0, epic_id: 0, assignee_ids: [] },
      as: developer,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ milestone: null, epic: null, assignees: [] });
  });

  it('needs at least one attribute on update', async () => {
    const res = await t.request({ method: 'PUT', url: url('/issues/1'), payload: {}, as: developer });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/at least one parameter must be provided$/);
  });

  it('keeps edits of different fields that overlap, and answers 409 only to one based on an older version', async () => {
    const issue = await f.buildIssue({ project, title: 'Overlap' });
    const actor = userActor(developer);
    // The sidebar saves a field while the next one starts: that edit begins from the issue as read
    // before the first one ended. It builds on it; nothing is lost and nothing conflicts.
    await t.services.issues.update(actor, issue, { weight: 3 });
    const after = await t.services.issues.update(actor, issue, { title: 'Overlap, renamed' });
    expect(after.issue).toMatchObject({ weight: 3, title: 'Overlap, renamed', lockVersion: 2 });
    // An edit that names the version it was based on still conflicts with what came after it.
    await expect(
      t.services.issues.update(actor, issue, { title: 'Based on the first version', lockVersion: 0 }),
    ).rejects.toThrow(STALE_ISSUE_MESSAGE);

    // Over HTTP, all at once: every field is kept and every answer is 200.
    const edits = [{ weight: 5 }, { labels: 'bug' }, { title: 'All at once' }, { description: 'Kept too' }];
    const answers = await Promise.all(
      edits.map((payload) =>
        t.request({ method: 'PUT', url: url(`/issues/${issue.issue.iid}`), payload, as: developer }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const shown = await t.request({ method: 'GET', url: url(`/issues/${issue.issue.iid}`), as: developer });
    expect(shown.json()).toMatchObject({
      weight: 5,
      labels: ['bug'],
      title: 'All at once',
      description: 'Kept too',
    });
  });

  it('answers 409 with GitLab’s text for a stale lock_version, changing nothing', async () => {
    const issue = await f.buildIssue({ project, title: 'Locked' });
    const res = await t.request({
      method: 'PUT',
      url: url(`/issues/${issue.issue.iid}`),
      payload: { title: 'Mine', lock_version: issue.issue.lockVersion + 5 },
      as: developer,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STALE_ISSUE_MESSAGE });
    const ui = await t.request({
      method: 'PUT',
      url: `/rq/app/-/issues/${issue.issue.iid}.json`,
      payload: { issue: { title: 'Mine', lock_version: 7 } },
      as: developer,
    });
    expect(ui.statusCode).toBe(409);
    expect(ui.json()).toEqual({ errors: [STALE_ISSUE_MESSAGE] });
    const ok = await t.request({
      method: 'PUT',
      url: `/rq/app/-/issues/${issue.issue.iid}.json`,
      payload: { issue: { title: 'Mine', lock_version: 0 } },
      as: developer,
    });
    expect(ok.json()).toMatchObject({ title: 'Mine', lock_version: 1, title_html: 'Mine' });
    const shown = await t.request({ method: 'GET', url: url(`/issues/${issue.issue.iid}`), as: developer });
    expect(shown.json()).toMatchObject({ title: 'Mine' });
    const invalid = await t.request({
      method: 'PUT',
      url: `/rq/app/-/issues/${issue.issue.iid}.json`,
      payload: { issue: { title: 'x'.repeat(300) } },
      as: developer,
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: ['Title is too long (maximum is 255 characters)'] });
  });

  it('answers hidden issues and projects exactly like missing ones', async () => {
    const confidential = await t.request({ method: 'GET', url: url('/issues/3'), as: guest });
    const missing = await t.request({ method: 'GET', url: url('/issues/999'), as: guest });
    expect(confidential.statusCode).toBe(404);
    expect(confidential.body).toBe(missing.body);
    const hiddenProject = await t.request({
      method: 'GET',
      url: `/api/v4/projects/${other.project.id}/issues`,
      as: outsider,
    });
    expect(hiddenProject.json()).toEqual({ message: '404 Project Not Found' });
  });

  describe('issue links', () => {
    it('links, lists, shows and removes, storing is_blocked_by as the reverse blocks', async () => {
      const a = await f.buildIssue({ project, title: 'Link A' });
      const b = await f.buildIssue({ project, title: 'Link B' });
      const res = await t.request({
        method: 'POST',
        url: url(`/issues/${a.issue.iid}/links`),
        payload: { target_project_id: project.project.id, target_issue_iid: b.issue.iid, link_type: 'is_blocked_by' },
        as: developer,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        source_issue: { title: 'Link A' },
        target_issue: { title: 'Link B' },
        link_type: 'is_blocked_by',
      });
      const list = await t.request({ method: 'GET', url: url(`/issues/${a.issue.iid}/links`), as: developer });
      const [link] = list.json<{ title: string; link_type: string; issue_link_id: number }[]>();
      expect(link).toMatchObject({ title: 'Link B', link_type: 'is_blocked_by' });
      const fromB = await t.request({ method: 'GET', url: url(`/issues/${b.issue.iid}/links`), as: developer });
      expect(fromB.json()).toMatchObject([{ title: 'Link A', link_type: 'blocks' }]);
      const gql = await t.graphql<{
        project: {
          issue: { blocked: boolean; blockedByCount: number; blockedByIssues: { nodes: { title: string }[] } };
        };
      }>(
        `query($iid: String!) { project(fullPath: "rq/app") { issue(iid: $iid) { blocked blockedByCount blockedByIssues { nodes { title } } } } }`,
        { iid: String(a.issue.iid) },
        { as: guest },
      );
      expect(gql.data?.project.issue).toEqual({
        blocked: true,
        blockedByCount: 1,
        blockedByIssues: { nodes: [{ title: 'Link B' }] },
      });
      const dup = await t.request({
        method: 'POST',
        url: url(`/issues/${b.issue.iid}/links`),
        payload: { target_project_id: 'rq/app', target_issue_iid: a.issue.iid },
        as: developer,
      });
      expect(dup.statusCode).toBe(409);
      const shown = await t.request({
        method: 'GET',
        url: url(`/issues/${a.issue.iid}/links/${link?.issue_link_id}`),
        as: developer,
      });
      expect(shown.json()).toMatchObject({
        source_issue: { title: 'Link B' },
        target_issue: { title: 'Link A' },
        link_type: 'blocks',
      });
      const removed = await t.request({
        method: 'DELETE',
        url: url(`/issues/${a.issue.iid}/links/${link?.issue_link_id}`),
        as: developer,
      });
      expect(removed.statusCode).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: url(`/issues/${a.issue.iid}/links`), as: developer })).json(),
      ).toEqual([]);
    });

    it('keeps confidential blockers out of lists, counts and blocked flags', async () => {
      const a = await f.buildIssue({ project, title: 'Blocked by a secret' });
      const hidden = await f.buildIssue({ project, title: 'Secret blocker', confidential: true });
      await f.linkIssues(hidden, a, 'blocks');
      const q = `query($iid: String!) { project(fullPath: "rq/app") { issue(iid: $iid) { blocked blockedByCount blockedByIssues { count nodes { title } } } } }`;
      const asGuest = await t.graphql(q, { iid: String(a.issue.iid) }, { as: guest });
      expect(asGuest.data).toEqual({
        project: { issue: { blocked: false, blockedByCount: 0, blockedByIssues: { count: 0, nodes: [] } } },
      });
      const links = await t.request({ method: 'GET', url: url(`/issues/${a.issue.iid}/links`), as: guest });
      expect(links.json()).toEqual([]);
      const asDev = await t.graphql(q, { iid: String(a.issue.iid) }, { as: developer });
      expect(asDev.data).toMatchObject({ project: { issue: { blocked: true, blockedByCount: 1 } } });
    });

    it('refuses to link an issue the actor cannot read: 404, nothing linked', async () => {
      const mine = await f.buildIssue({ project, title: 'Wants a link' });
      const secret = await f.buildIssue({ project: other, title: 'Other group secret' });
      const res = await t.request({
        method: 'POST',
        url: url(`/issues/${mine.issue.iid}/links`),
        payload: { target_project_id: other.project.id, target_issue_iid: secret.issue.iid },
        as: developer,
      });
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('Other group secret');
      expect(
        (await t.request({ method: 'GET', url: url(`/issues/${mine.issue.iid}/links`), as: owner })).json(),
      ).toEqual([]);
    });
  });
});
