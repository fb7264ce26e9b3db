/**
 * Time tracking over REST (GitLab's TimeTrackingEndpoints) and GraphQL (`timeEstimate`,
 * `totalTimeSpent`, `timelogCreate`), with permissions (Reporter+), hidden issues as 404s, the
 * entity's `time_stats`, system notes, and the issue sidebar's weight and health validation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { NOT_FOUND_MESSAGE } from '../../errors.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { IssueNode } from './issues.types.ts';

const H = 3600;
const D = 8 * H;
const W = 5 * D;

type Stats = {
  time_estimate: number;
  total_time_spent: number;
  human_time_estimate: string | null;
  human_total_time_spent: string | null;
};

describe('issue time tracking', () => {
  let t: TestApp;
  let f: ReturnType<typeof issuesFactories>;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let project: ProjectWithGroup;
  let hiddenProject: ProjectWithGroup;
  let issue: IssueNode;
  let confidential: IssueNode;
  let hidden: IssueNode;

  beforeAll(async () => {
    t = await createTestApp();
    f = issuesFactories(t);
    reporter = await t.buildUser();
    guest = await t.buildUser();
    outsider = await t.buildUser();
    const group = await t.buildGroup({ path: 'tt', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app' });
    const privateGroup = await t.buildGroup({ path: 'tt-private', visibility: 'private' });
    hiddenProject = await t.buildProject({ group: privateGroup, path: 'secret', visibility: 'private' });
    issue = await f.buildIssue({ project, title: 'Tracked' });
    confidential = await f.buildIssue({ project, title: 'Secret', confidential: true });
    hidden = await f.buildIssue({ project: hiddenProject, title: 'Hidden' });
  });

  const url = (node: IssueNode, path: string) =>
    `/api/v4/projects/${encodeURIComponent(node.project.fullPath)}/issues/${node.issue.iid}${path}`;
  const post = (node: IssueNode, path: string, as: UserRow | null, payload: Record<string, unknown> = {}) =>
    t.request({ method: 'POST', url: url(node, path), payload, as });

  describe('REST', () => {
    it('sets, reads and resets the estimate in GitLab formats (1w = 5d, 1d = 8h)', async () => {
      const set = await post(issue, '/time_estimate', reporter, { duration: '1w 2d 3h' });
      expect(set.statusCode).toBe(201);
      expect(set.headers['content-type']).toBe('application/json');
      expect(set.json()).toEqual({
        time_estimate: W + 2 * D + 3 * H,
        total_time_spent: 0,
        human_time_estimate: '1w 2d 3h',
        human_total_time_spent: null,
      });
      const stats = await t.request({ method: 'GET', url: url(issue, '/time_stats'), as: guest });
      expect(stats.statusCode).toBe(200);
      expect(stats.json<Stats>().time_estimate).toBe(W + 2 * D + 3 * H);
      const entity = await t.request({ method: 'GET', url: url(issue, ''), as: guest });
      expect(entity.json<{ time_stats: Stats }>().time_stats.human_time_estimate).toBe('1w 2d 3h');
      const reset = await post(issue, '/reset_time_estimate', reporter);
      expect(reset.statusCode).toBe(201);
      expect(reset.json<Stats>()).toMatchObject({ time_estimate: 0, human_time_estimate: null });
    });

    it('adds and subtracts spent time, never below zero, and resets it keeping the history', async () => {
      const first = await post(issue, '/add_spent_time', reporter, { duration: '1h 30m', summary: 'Review' });
      expect(first.statusCode).toBe(201);
      expect(first.json<Stats>()).toMatchObject({ total_time_spent: 1.5 * H, human_total_time_spent: '1h 30m' });
      const less = await post(issue, '/add_spent_time', reporter, { duration: '-30m' });
      expect(less.json<Stats>().total_time_spent).toBe(H);
      const tooMuch = await post(issue, '/add_spent_time', reporter, { duration: '-2h' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toEqual({ message: { base: ['Time to subtract exceeds the total time spent'] } });
      const reset = await post(issue, '/reset_spent_time', reporter);
      expect(reset.json<Stats>()).toMatchObject({ total_time_spent: 0, human_total_time_spent: null });
      const notes = await t.request({ method: 'GET', url: url(issue, '/notes?per_page=100'), as: reporter });
      const bodies = notes
        .json<{ body: string; system: boolean }[]>()
        .filter((n) => n.system)
        .map((n) => n.body);
      expect(bodies).toEqual(
        expect.arrayContaining([
          'changed time estimate to 1w 2d 3h',
          'removed time estimate',
          'added 1h 30m of time spent',
          'subtracted 30m of time spent',
          'removed time spent',
        ]),
      );
    });

    it.each([
      [
        '/time_estimate',
        { duration: 'soon' },
        { message: { time_estimate: ['must have a valid format and be greater than or equal to zero'] } },
      ],
      [
        '/time_estimate',
        { duration: '-1h' },
        { message: { time_estimate: ['must have a valid format and be greater than or equal to zero'] } },
      ],
      ['/time_estimate', {}, { error: 'duration is missing' }],
      ['/add_spent_time', { duration: '1x' }, { message: { time_spent: ['must have a valid format'] } }],
      ['/add_spent_time', { duration: '1h', spent_at: 'yesterday-ish' }, { error: 'spent_at is invalid' }],
      [
        '/add_spent_time',
        { duration: '1h', summary: 's'.repeat(256) },
        { message: { summary: ['is too long (maximum is 255 characters)'] } },
      ],
    ])('refuses %s %j with 400 and changes nothing', async (path, payload, body) => {
      const res = await post(issue, path, reporter, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
      const stats = await t.request({ method: 'GET', url: url(issue, '/time_stats'), as: reporter });
      expect(stats.json<Stats>()).toMatchObject({ time_estimate: 0, total_time_spent: 0 });
    });

    it('needs Reporter+ (403 for a Guest, 401 anonymous) and hides what the viewer cannot read (404)', async () => {
      expect((await post(issue, '/time_estimate', guest, { duration: '1h' })).statusCode).toBe(403);
      expect((await post(issue, '/add_spent_time', guest, { duration: '1h' })).statusCode).toBe(403);
      expect((await post(issue, '/time_estimate', null, { duration: '1h' })).statusCode).toBe(401);
      const missing = await post(hidden, '/time_estimate', outsider, { duration: '1h' });
      const nonexistent = await t.request({
        method: 'POST',
        url: `/api/v4/projects/${encodeURIComponent(hiddenProject.project.fullPath)}/issues/999/time_estimate`,
        payload: { duration: '1h' },
        as: outsider,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(nonexistent.json());
      expect((await t.request({ method: 'GET', url: url(hidden, '/time_stats'), as: outsider })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: url(confidential, '/time_stats'), as: guest })).statusCode).toBe(
        404,
      );
      expect((await t.request({ method: 'GET', url: url(confidential, '/time_stats'), as: reporter })).statusCode).toBe(
        200,
      );
    });
  });

  describe('GraphQL', () => {
    const FIELDS = 'timeEstimate humanTimeEstimate totalTimeSpent humanTotalTimeSpent';
    const UPDATE = `mutation($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { ${FIELDS} weight healthStatus } errors } }`;
    const CREATE = `mutation($input: TimelogCreateInput!) {
      timelogCreate(input: $input) { timelog { timeSpent summary user { username } issue { iid } } errors } }`;

    it('sets the estimate with updateIssue and logs time with timelogCreate', async () => {
      const node = await f.buildIssue({ project, title: 'GraphQL tracked' });
      const base = { projectPath: project.project.fullPath, iid: String(node.issue.iid) };
      const set = await t.graphql(UPDATE, { input: { ...base, timeEstimate: '2d 4h' } }, { as: reporter });
      expect(set.data).toEqual({
        updateIssue: {
          issue: {
            timeEstimate: 2 * D + 4 * H,
            humanTimeEstimate: '2d 4h',
            totalTimeSpent: 0,
            humanTotalTimeSpent: null,
            weight: null,
            healthStatus: null,
          },
          errors: [],
        },
      });
      const gid = `gid://gitlab/Issue/${node.issue.id}`;
      const logged = await t.graphql(
        CREATE,
        { input: { issuableId: gid, timeSpent: '45m', summary: 'Pairing' } },
        { as: reporter },
      );
      expect(logged.data).toEqual({
        timelogCreate: {
          timelog: {
            timeSpent: 45 * 60,
            summary: 'Pairing',
            user: { username: reporter.username },
            issue: { iid: String(node.issue.iid) },
          },
          errors: [],
        },
      });
      const read = await t.graphql<{ project: { issue: Record<string, unknown> } }>(
        `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { ${FIELDS} timelogs(first: 10) { count nodes { timeSpent summary } } } } }`,
        { p: project.project.fullPath, iid: String(node.issue.iid) },
        { as: guest },
      );
      expect(read.data?.project.issue).toEqual({
        timeEstimate: 2 * D + 4 * H,
        humanTimeEstimate: '2d 4h',
        totalTimeSpent: 45 * 60,
        humanTotalTimeSpent: '45m',
        timelogs: { count: 1, nodes: [{ timeSpent: 45 * 60, summary: 'Pairing' }] },
      });
      const cleared = await t.graphql(UPDATE, { input: { ...base, timeEstimate: '0' } }, { as: reporter });
      expect(cleared.data).toMatchObject({ updateIssue: { issue: { timeEstimate: 0, humanTimeEstimate: null } } });
    });

    it('answers field errors for a bad estimate, weight or spent time, writing nothing', async () => {
      const base = { projectPath: project.project.fullPath, iid: String(issue.issue.iid) };
      const bad = await t.graphql(UPDATE, { input: { ...base, timeEstimate: 'a while' } }, { as: reporter });
      expect(bad.data).toEqual({
        updateIssue: {
          issue: null,
          errors: ['Time estimate must have a valid format and be greater than or equal to zero'],
        },
      });
      const weight = await t.graphql(UPDATE, { input: { ...base, weight: -1 } }, { as: reporter });
      expect(weight.data).toEqual({
        updateIssue: { issue: null, errors: ['Weight must be greater than or equal to 0'] },
      });
      const health = await t.graphql(UPDATE, { input: { ...base, healthStatus: 'fine' } }, { as: reporter });
      expect(health.errors?.[0]?.message).toContain('HealthStatus');
      const ok = await t.graphql(
        UPDATE,
        { input: { ...base, weight: 99999, healthStatus: 'needsAttention' } },
        { as: reporter },
      );
      expect(ok.data).toMatchObject({
        updateIssue: { issue: { weight: 99999, healthStatus: 'needsAttention' }, errors: [] },
      });
      const gid = `gid://gitlab/Issue/${issue.issue.id}`;
      const spent = await t.graphql(
        CREATE,
        { input: { issuableId: gid, timeSpent: 'lots', summary: '' } },
        { as: reporter },
      );
      expect(spent.data).toEqual({ timelogCreate: { timelog: null, errors: ['Time spent must have a valid format'] } });
    });

    it('refuses Guests and hidden issues with the same top-level error as a missing issue', async () => {
      const input = (node: IssueNode) => ({
        issuableId: `gid://gitlab/Issue/${node.issue.id}`,
        timeSpent: '1h',
        summary: '',
      });
      const asGuest = await t.graphql(CREATE, { input: input(issue) }, { as: guest });
      const asOutsider = await t.graphql(CREATE, { input: input(hidden) }, { as: outsider });
      const missing = await t.graphql(
        CREATE,
        { input: { issuableId: 'gid://gitlab/Issue/999999', timeSpent: '1h', summary: '' } },
        { as: outsider },
      );
      for (const res of [asGuest, asOutsider, missing]) expect(res.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
      const read = await t.graphql<{ project: null | { issue: unknown } }>(
        `query($p: ID!) { project(fullPath: $p) { issue(iid: "1") { timeEstimate } } }`,
        { p: hiddenProject.project.fullPath },
        { as: outsider },
      );
      expect(read.data?.project ?? null).toBeNull();
    });

    it('subscribes and unsubscribes with issueSetSubscription', async () => {
      const SET = `mutation($input: IssueSetSubscriptionInput!) { issueSetSubscription(input: $input) { issue { subscribed } errors } }`;
      const base = { projectPath: project.project.fullPath, iid: String(issue.issue.iid) };
      const on = await t.graphql(SET, { input: { ...base, subscribedState: true } }, { as: guest });
      expect(on.data).toEqual({ issueSetSubscription: { issue: { subscribed: true }, errors: [] } });
      const off = await t.graphql(SET, { input: { ...base, subscribedState: false } }, { as: guest });
      expect(off.data).toEqual({ issueSetSubscription: { issue: { subscribed: false }, errors: [] } });
      const hiddenSet = await t.graphql(
        SET,
        {
          input: { projectPath: hiddenProject.project.fullPath, iid: String(hidden.issue.iid), subscribedState: true },
        },
        { as: outsider },
      );
      expect(hiddenSet.errors?.[0]?.message).toBe(NOT_FOUND_MESSAGE);
    });
  });
});
