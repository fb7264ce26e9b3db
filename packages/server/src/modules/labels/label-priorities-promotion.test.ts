import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildWorld, type World } from './labels.world.ts';

type Label = { id: number; name: string; priority: number | null; is_project_label: boolean };

describe('label priorities, the priority sorts and promotion', () => {
  let t: TestApp;
  let w: World;
  const enc = (path: string) => encodeURIComponent(path);
  const labelsUrl = () => `/api/v4/projects/${enc(w.web.project.fullPath)}/labels`;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildWorld(t);
  });

  const buildIssue: ReturnType<typeof issuesFactories>['buildIssue'] = (attrs) => issuesFactories(t).buildIssue(attrs);
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as: UserRow | null = w.owner) =>
    t.request({ method, url, payload, as });

  it('sets, shows and removes a project’s priority on its own and its groups’ labels (REST)', async () => {
    const put = await send('PUT', `${labelsUrl()}/${w.labels.bug.id}`, { priority: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json<Label>()).toMatchObject({ name: 'bug', priority: 3, is_project_label: false });
    await send('PUT', `${labelsUrl()}/${w.labels.webOnly.id}`, { priority: 1 });
    const list = (await send('GET', `${labelsUrl()}?per_page=100`)).json<Label[]>();
    expect(list.map((l) => [l.name, l.priority])).toEqual([
      ['bug', 3],
      ['frontend', null],
      ['priority::high', null],
      ['web-only', 1],
    ]);
    // A priority belongs to the project: the group's own list shows none.
    const groupList = (await send('GET', `/api/v4/groups/${w.acme.id}/labels`)).json<Label[]>();
    expect(groupList.find((l) => l.name === 'bug')?.priority).toBeNull();
    const removed = await send('PUT', `${labelsUrl()}/${w.labels.bug.id}`, { priority: null });
    expect(removed.json<Label>().priority).toBeNull();
  });

  it('creates a label with a priority and accepts rgb() and rgba() colours', async () => {
    const res = await send('POST', labelsUrl(), { name: 'ranked', color: 'rgb(255, 128, 0)', priority: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'ranked', color: '#ff8000', priority: 0 });
    const rgba = await send('POST', labelsUrl(), { name: 'faded', color: 'rgba(0, 0, 0, 0.5)' });
    expect(rgba.json()).toMatchObject({ color: '#808080' });
    const bad = await send('POST', labelsUrl(), { name: 'broken', color: 'rgb(300, 0, 0)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: { color: ['must be a valid color code'] } });
  });

  it('refuses a bad priority, a priority on a group label list, and writes by guests', async () => {
    const bad = await send('PUT', `${labelsUrl()}/${w.labels.bug.id}`, { priority: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'priority is invalid' });
    const onGroup = await send('PUT', `/api/v4/groups/${w.acme.id}/labels/${w.labels.bug.id}`, { priority: 1 });
    expect(onGroup.statusCode).toBe(400);
    expect(onGroup.json()).toEqual({ message: { priority: ['is only available for project labels'] } });
    const guest = await send('PUT', `${labelsUrl()}/${w.labels.bug.id}`, { priority: 1 }, w.guest);
    expect(guest.statusCode).toBe(403);
  });

  it('reorders the prioritised labels through the UI JSON set_priorities, as the drag and drop does', async () => {
    const url = `/${w.web.project.fullPath}/-/labels/set_priorities.json`;
    const ids = [w.labels.frontend.id, w.labels.webOnly.id, w.labels.high.id];
    const res = await send('POST', url, { label_ids: ids });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const list = (await send('GET', `${labelsUrl()}?per_page=100`)).json<Label[]>();
    const ranked = list.filter((l) => l.priority !== null).sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0));
    expect(ranked.map((l) => l.name).slice(0, 3)).toEqual(['frontend', 'web-only', 'priority::high']);
    const hidden = await send('POST', url, { label_ids: [w.labels.secret.id] });
    expect(hidden.statusCode).toBe(422);
    const empty = await send('POST', url, { label_ids: [] });
    expect(empty.statusCode).toBe(400);
    const guest = await send('POST', url, { label_ids: ids }, w.guest);
    expect(guest.statusCode).toBe(403);
  });

  it('sorts issues by label priority and by priority (REST order_by and GraphQL sort)', async () => {
    const { buildMilestone } = labelsMilestonesFactories(t);
    const project = w.web;
    const soon = await buildMilestone({ project, dueDate: '2030-01-01' });
    const late = await buildMilestone({ project, dueDate: '2031-01-01' });
    // frontend is ranked 0, web-only 1, priority::high 2 (previous test).
    const a = await buildIssue({ project, title: 'no label', milestoneId: soon.id });
    const b = await buildIssue({ project, title: 'web-only', labelIds: [w.labels.webOnly.id], milestoneId: late.id });
    const c = await buildIssue({ project, title: 'frontend', labelIds: [w.labels.frontend.id], milestoneId: late.id });
    const d = await buildIssue({ project, title: 'high', labelIds: [w.labels.high.id], milestoneId: soon.id });
    const rest = async (query: string) =>
      (await send('GET', `/api/v4/projects/${project.project.id}/issues?${query}`))
        .json<{ title: string }[]>()
        .map((i) => i.title)
        .filter((title) => [a, b, c, d].some((x) => x.issue.title === title));
    expect(await rest('order_by=label_priority&sort=asc')).toEqual(['frontend', 'web-only', 'high', 'no label']);
    expect(await rest('order_by=priority&sort=asc')).toEqual(['high', 'no label', 'frontend', 'web-only']);
    const gql = await t.graphql<{ project: { issues: { nodes: { title: string }[] } } }>(
      `query($p: ID!) { project(fullPath: $p) { issues(sort: LABEL_PRIORITY_ASC) { nodes { title } } } }`,
      { p: project.project.fullPath },
      { as: w.owner },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.project.issues.nodes.map((n) => n.title).slice(0, 3)).toEqual(['frontend', 'web-only', 'high']);
  });

  it('promotes a project label to its group, merging same-titled project labels and keeping issues', async () => {
    const { buildLabel } = labelsMilestonesFactories(t);
    const sibling = await t.buildProject({ group: w.platform, visibility: 'public' });
    const here = await buildLabel({ project: w.web, title: 'promote-me', color: '#123456' });
    const there = await buildLabel({ project: sibling, title: 'promote-me', color: '#654321' });
    const issue = await buildIssue({ project: sibling, labelIds: [there.id] });
    await send('PUT', `${labelsUrl()}/${here.id}`, { priority: 7 });
    await send('POST', `${labelsUrl()}/${here.id}/subscribe`);

    const byReporter = await send('PUT', `${labelsUrl()}/${here.id}/promote`, undefined, w.reporter);
    expect(byReporter.statusCode).toBe(200);
    const promoted = byReporter.json<Label>();
    expect(promoted).toMatchObject({ name: 'promote-me', is_project_label: false });

    const groupLabels = (await send('GET', `/api/v4/groups/${w.platform.id}/labels?search=promote-me`)).json<Label[]>();
    expect(groupLabels.map((l) => l.id)).toEqual([promoted.id]);
    const onIssue = await t.graphql<{ project: { issue: { labels: { nodes: { title: string; id: string }[] } } } }>(
      `query($p: ID!, $iid: String!) { project(fullPath: $p) { issue(iid: $iid) { labels { nodes { id title } } } } }`,
      { p: sibling.project.fullPath, iid: String(issue.issue.iid) },
      { as: w.owner },
    );
    expect(onIssue.data?.project.issue.labels.nodes).toEqual([
      { id: `gid://gitlab/GroupLabel/${promoted.id}`, title: 'promote-me' },
    ]);
    const inProject = (await send('GET', `${labelsUrl()}/${promoted.id}`)).json<Label & { subscribed: boolean }>();
    expect(inProject).toMatchObject({ priority: 7, subscribed: true });
    const gone = await send('GET', `/api/v4/projects/${sibling.project.id}/labels/${there.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to promote a group label, and hides a private project’s labels', async () => {
    const res = await send('PUT', `${labelsUrl()}/${w.labels.bug.id}/promote`);
    expect(res.statusCode).toBe(404);
    const hidden = await send(
      'PUT',
      `/api/v4/projects/${w.proto.project.id}/labels/${w.labels.protoSecret.id}/promote`,
      undefined,
      w.outsider,
    );
    expect(hidden.statusCode).toBe(404);
  });
});
