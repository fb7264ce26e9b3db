/**
 * The activity feed end to end over real GraphQL and REST against PostgreSQL: what the services
 * record (issues and epics opened, closed, reopened; comments; milestones), 'Your projects' and
 * 'Your activity', the filters, that hidden things stay hidden, REST `/events` in GitLab's shape,
 * the 'Contributed' projects, the projects' sort and the dashboard's milestones.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

type FeedEvent = {
  action: string;
  targetType: string;
  noteableType: string | null;
  targetTitle: string;
  targetReference: string;
  targetWebPath: string;
  noteBody: string | null;
  resourceParentFullPath: string;
  author: { username: string };
};

const FEED = `query($scope: EventScope, $filter: EventFilter, $first: Int) {
  currentUser { activity(scope: $scope, filter: $filter, first: $first) {
    count nodes { action targetType noteableType targetTitle targetReference targetWebPath noteBody resourceParentFullPath author { username } }
  } }
}`;

describe('activity feed', () => {
  let t: TestApp;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let alice: UserRow; // owner, who acts
  let milestoneId: number;
  let bob: UserRow; // reporter: reads confidential issues
  let carol: UserRow; // guest: no confidential issues
  let outsider: UserRow;

  async function feed(as: UserRow, variables: Record<string, unknown> = {}) {
    const res = await t.graphql<{ currentUser: { activity: { count: number; nodes: FeedEvent[] } } }>(FEED, variables, {
      as,
    });
    expect(res.errors).toBeUndefined();
    return res.data?.currentUser.activity ?? { count: 0, nodes: [] };
  }
  const lines = (events: FeedEvent[]) => events.map((e) => `${e.action} ${e.targetType} ${e.targetTitle}`);

  async function post(url: string, payload: Record<string, unknown>, as: UserRow = alice) {
    const res = await t.request({ method: 'POST', url, payload, as });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; iid: number }>();
  }
  async function put(url: string, payload: Record<string, unknown>, as: UserRow = alice) {
    const res = await t.request({ method: 'PUT', url, payload, as });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.buildUser({ username: 'feed-alice' });
    bob = await t.buildUser({ username: 'feed-bob' });
    carol = await t.buildUser({ username: 'feed-carol' });
    outsider = await t.buildUser({ username: 'feed-outsider' });
    group = await t.buildGroup({ visibility: 'private', path: 'feed-group' });
    await t.addGroupMember(group, alice, 50);
    await t.addGroupMember(group, bob, 20);
    await t.addGroupMember(group, carol, 10);
    project = await t.buildProject({ group, visibility: 'private', path: 'feed-project' });

    const issues = `/api/v4/projects/${project.project.id}/issues`;
    const issue = await post(issues, { title: 'Feed issue' });
    await put(`${issues}/${issue.iid}`, { state_event: 'close' });
    await put(`${issues}/${issue.iid}`, { state_event: 'reopen' });
    await put(`${issues}/${issue.iid}`, { title: 'Feed issue renamed' }); // no event
    await post(`${issues}/${issue.iid}/notes`, { body: 'A public comment' });
    await post(`${issues}/${issue.iid}/notes`, { body: 'An internal comment', internal: true });
    await post(issues, { title: 'Secret issue', confidential: true });
    const epic = await post(`/api/v4/groups/${group.id}/epics`, { title: 'Feed epic' });
    await put(`/api/v4/groups/${group.id}/epics/${epic.iid}`, { state_event: 'close' });
    const milestone = await post(`/api/v4/projects/${project.project.id}/milestones`, { title: 'Feed 1.0' });
    milestoneId = milestone.id;
    await put(`/api/v4/projects/${project.project.id}/milestones/${milestone.id}`, { state_event: 'close' });
    await post(`/api/v4/groups/${group.id}/milestones`, { title: 'Group 2.0' });
    await post(`${issues}/${issue.iid}/notes`, { body: 'Bob was here' }, bob);
  });

  it("'Your projects' shows what happened in the reader's groups and projects, newest first", async () => {
    const { nodes, count } = await feed(bob);
    expect(lines(nodes)).toEqual([
      'COMMENTED Note Feed issue renamed',
      'CREATED Milestone Group 2.0',
      'CLOSED Milestone Feed 1.0',
      'CREATED Milestone Feed 1.0',
      'CLOSED Epic Feed epic',
      'CREATED Epic Feed epic',
      'CREATED Issue Secret issue',
      'COMMENTED Note Feed issue renamed',
      'COMMENTED Note Feed issue renamed',
      'REOPENED Issue Feed issue renamed',
      'CLOSED Issue Feed issue renamed',
      'CREATED Issue Feed issue renamed',
    ]);
    expect(count).toBe(12);
    // A Reporter reads the internal comment (GitLab's read_internal_note).
    expect(nodes[7]?.noteBody).toBe('An internal comment');
    const comment = nodes[8];
    expect(comment).toMatchObject({
      noteableType: 'Issue',
      noteBody: 'A public comment',
      targetReference: '#1',
      resourceParentFullPath: 'feed-group/feed-project',
      author: { username: 'feed-alice' },
    });
    expect(comment?.targetWebPath).toMatch(/^\/feed-group\/feed-project\/-\/issues\/1#note_\d+$/);
    expect(nodes[4]?.targetWebPath).toBe('/groups/feed-group/-/epics/1');
    expect(nodes[1]?.targetWebPath).toBe('/groups/feed-group/-/milestones/1');
  });

  it('hides what the reader may not read: confidential issues and internal comments from a guest', async () => {
    const carols = lines((await feed(carol)).nodes);
    expect((await feed(carol)).nodes.map((e) => e.noteBody)).not.toContain('An internal comment');
    expect(carols).not.toContain('CREATED Issue Secret issue');
    expect(carols.filter((l) => l.startsWith('COMMENTED'))).toHaveLength(2);
    expect((await feed(outsider)).count).toBe(0);
    // The author sees their own internal comment.
    const own = await feed(alice, { scope: 'OWN', filter: 'COMMENTS' });
    expect(own.nodes.map((e) => e.noteBody)).toEqual(['An internal comment', 'A public comment']);
  });

  it("'Your activity' and the filters", async () => {
    expect(lines((await feed(bob, { scope: 'OWN' })).nodes)).toEqual(['COMMENTED Note Feed issue renamed']);
    expect(lines((await feed(alice, { filter: 'EPIC' })).nodes)).toEqual([
      'CLOSED Epic Feed epic',
      'CREATED Epic Feed epic',
    ]);
    expect((await feed(alice, { filter: 'MILESTONE' })).count).toBe(3);
    expect((await feed(alice, { filter: 'ISSUE', first: 2 })).nodes).toHaveLength(2);
    const signedOut = await t.graphql(FEED, {});
    expect(signedOut.data).toEqual({ currentUser: null });
  });

  it("REST /events: the user's own, or `scope=all`, in GitLab's shape; filters and bad values", async () => {
    const res = await t.request({ method: 'GET', url: '/api/v4/events?target_type=issue&sort=asc', as: alice });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const events = res.json<Record<string, unknown>[]>();
    expect(events.map((e) => e.action_name)).toEqual(['opened', 'closed', 'opened', 'opened']);
    expect(events[0]).toMatchObject({
      project_id: project.project.id,
      target_type: 'Issue',
      target_iid: 1,
      target_title: 'Feed issue renamed',
      author_username: 'feed-alice',
      author: { username: 'feed-alice' },
      imported: false,
    });
    // Bob is a Reporter: the internal comment is his to read.
    const notes = await t.request({ method: 'GET', url: '/api/v4/events?target_type=note&scope=all', as: bob });
    expect(notes.json<{ action_name: string; note: { body: string } }[]>().map((e) => e.note.body)).toEqual([
      'Bob was here',
      'An internal comment',
      'A public comment',
    ]);
    expect(notes.json<{ action_name: string }[]>()[0]?.action_name).toBe('commented on');
    const own = await t.request({ method: 'GET', url: '/api/v4/events', as: bob });
    expect(own.json<unknown[]>()).toHaveLength(1);
    expect(own.headers['x-total']).toBe('1');
    const pushes = await t.request({ method: 'GET', url: '/api/v4/events?action=pushed', as: alice });
    expect(pushes.json()).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/v4/events?after=yesterday', as: alice })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/v4/events?target_type=car', as: alice })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/v4/events' })).statusCode).toBe(401);
    const future = await t.request({ method: 'GET', url: '/api/v4/events?after=2999-01-01', as: alice });
    expect(future.json()).toEqual([]);
  });

  it("'Contributed' projects come from the feed; the projects' sort; unknown sorts are refused", async () => {
    const other = await t.buildProject({ group, visibility: 'private', path: 'a-quiet-project' });
    const query = `query($sort: String) { currentUser { contributedProjects { count nodes { fullPath } } }
      projects(membership: true, sort: $sort) { nodes { path } } }`;
    type Result = {
      currentUser: { contributedProjects: { count: number; nodes: { fullPath: string }[] } };
      projects: { nodes: { path: string }[] };
    };
    const res = await t.graphql<Result>(query, { sort: 'name_desc' }, { as: alice });
    expect(res.errors).toBeUndefined();
    expect(res.data?.currentUser.contributedProjects.nodes.map((p) => p.fullPath)).toEqual(['feed-group/feed-project']);
    expect(res.data?.projects.nodes.map((p) => p.path)).toEqual(['feed-project', other.project.path]);
    const asc = await t.graphql<Result>(query, { sort: 'name_asc' }, { as: alice });
    expect(asc.data?.projects.nodes.map((p) => p.path)).toEqual([other.project.path, 'feed-project']);
    const outsiders = await t.graphql<Result>(query, {}, { as: outsider });
    expect(outsiders.data?.currentUser.contributedProjects.count).toBe(0);
    const bad = await t.graphql(query, { sort: 'stars_desc' }, { as: alice });
    expect(bad.errors?.[0]?.message).toMatch(/^sort must be one of name_asc, /);
  });

  it("the dashboard's milestones: the reader's groups' and projects', by state and title, with issue counts", async () => {
    const query = `query($state: MilestoneStateEnum, $search: String) { currentUser {
      milestones(state: $state, searchTitle: $search) { count nodes { title stats { totalIssuesCount closedIssuesCount } } } } }`;
    type Result = {
      currentUser: {
        milestones: {
          count: number;
          nodes: { title: string; stats: { totalIssuesCount: number; closedIssuesCount: number } }[];
        };
      };
    };
    const all = await t.graphql<Result>(query, {}, { as: bob });
    expect(all.errors).toBeUndefined();
    expect(all.data?.currentUser.milestones.nodes.map((m) => m.title).sort()).toEqual(['Feed 1.0', 'Group 2.0']);
    const open = await t.graphql<Result>(query, { state: 'active' }, { as: bob });
    expect(open.data?.currentUser.milestones.nodes.map((m) => m.title)).toEqual(['Group 2.0']);
    const found = await t.graphql<Result>(query, { search: 'feed' }, { as: bob });
    expect(found.data?.currentUser.milestones.nodes.map((m) => m.title)).toEqual(['Feed 1.0']);
    expect((await t.graphql<Result>(query, {}, { as: outsider })).data?.currentUser.milestones.count).toBe(0);

    // Issue counts are the reader's: the confidential one counts for a reporter, not for a guest.
    const issues = `/api/v4/projects/${project.project.id}/issues`;
    await post(issues, { title: 'In milestone', milestone_id: milestoneId });
    const secret = await post(issues, {
      title: 'Secret in milestone',
      milestone_id: milestoneId,
      confidential: true,
    });
    await put(`${issues}/${secret.iid}`, { state_event: 'close' });
    const stats = async (as: UserRow) =>
      (await t.graphql<Result>(query, { search: 'feed' }, { as })).data?.currentUser.milestones.nodes[0]?.stats;
    expect(await stats(bob)).toEqual({ totalIssuesCount: 2, closedIssuesCount: 1 });
    expect(await stats(carol)).toEqual({ totalIssuesCount: 1, closedIssuesCount: 0 });
  });

  it('an event goes with its target', async () => {
    const issues = `/api/v4/projects/${project.project.id}/issues`;
    const doomed = await post(issues, { title: 'Doomed issue' });
    expect(lines((await feed(alice, { scope: 'OWN', first: 1 })).nodes)).toEqual(['CREATED Issue Doomed issue']);
    const del = await t.request({ method: 'DELETE', url: `${issues}/${doomed.iid}`, as: alice });
    expect(del.statusCode).toBe(204);
    expect(lines((await feed(alice, { scope: 'OWN' })).nodes)).not.toContain('CREATED Issue Doomed issue');
  });
});
