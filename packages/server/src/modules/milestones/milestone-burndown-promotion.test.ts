import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { buildMilestoneWorld, type MilestoneWorld } from './milestones.world.ts';

type Event = { created_at: string; weight: number | null; action: 'created' | 'closed' };

describe('milestone burndown events and promotion (REST v4)', () => {
  let t: TestApp;
  let w: MilestoneWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await buildMilestoneWorld(t);
  });

  const send = (method: 'GET' | 'POST', url: string, as: UserRow | null = w.owner) => t.request({ method, url, as });

  it('lists created and closed events with weights, only of issues the reader may read', async () => {
    const { buildIssue } = issuesFactories(t);
    const { buildMilestone } = labelsMilestonesFactories(t);
    const sprint = await buildMilestone({ group: w.acme, title: 'Burndown sprint' });
    await buildIssue({ project: w.web, milestoneId: sprint.id, weight: 3 });
    await buildIssue({ project: w.web, milestoneId: sprint.id, weight: 2, closed: true });
    await buildIssue({ project: w.proto, milestoneId: sprint.id, weight: 5 });
    const url = `/api/v4/groups/${w.acme.id}/milestones/${sprint.id}/burndown_events`;

    const owner = await send('GET', url);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/json');
    const events = owner.json<Event[]>();
    expect(events.map((e) => [e.action, e.weight])).toEqual([
      ['created', 3],
      ['created', 2],
      ['closed', 2],
      ['created', 5],
    ]);
    expect([...events].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(events);

    const outsider = (await send('GET', url, w.outsider)).json<Event[]>();
    expect(outsider).toHaveLength(3);
  });

  it('answers 404 for a hidden container’s milestone and for another container’s id', async () => {
    expect(
      (await send('GET', `/api/v4/groups/${w.lab.id}/milestones/${w.m.lab.id}/burndown_events`, w.outsider)).statusCode,
    ).toBe(404);
    expect((await send('GET', `/api/v4/groups/${w.acme.id}/milestones/${w.m.web.id}/burndown_events`)).statusCode).toBe(
      404,
    );
  });

  it('promotes a project milestone to the group, moving the issues of same-titled project milestones', async () => {
    const { buildIssue } = issuesFactories(t);
    const { buildMilestone } = labelsMilestonesFactories(t);
    const sibling = await t.buildProject({ group: w.platform, visibility: 'public' });
    const here = await buildMilestone({
      project: w.web,
      title: 'Release 9',
      startDate: '2030-01-01',
      dueDate: '2030-02-01',
    });
    const there = await buildMilestone({ project: sibling, title: 'Release 9' });
    const a = await buildIssue({ project: w.web, milestoneId: here.id });
    const b = await buildIssue({ project: sibling, milestoneId: there.id });

    const guest = await send('POST', `/api/v4/projects/${w.web.project.id}/milestones/${here.id}/promote`, w.guest);
    expect(guest.statusCode).toBe(403);
    const res = await send('POST', `/api/v4/projects/${w.web.project.id}/milestones/${here.id}/promote`);
    expect(res.statusCode).toBe(200);
    const promoted = res.json<{ id: number; group_id: number; title: string; start_date: string; web_url: string }>();
    expect(promoted).toMatchObject({ group_id: w.platform.id, title: 'Release 9', start_date: '2030-01-01' });
    expect(promoted.web_url).toMatch(new RegExp(`/groups/${w.platform.fullPath}/-/milestones/\\d+$`));

    const issues = await send('GET', `/api/v4/groups/${w.platform.id}/milestones/${promoted.id}/issues`);
    expect(
      issues
        .json<{ id: number }[]>()
        .map((i) => i.id)
        .sort(),
    ).toEqual([a.issue.id, b.issue.id].sort());
    expect((await send('GET', `/api/v4/projects/${sibling.project.id}/milestones/${there.id}`)).statusCode).toBe(404);

    const again = await buildMilestone({ project: w.web, title: 'Release 9' });
    const taken = await send('POST', `/api/v4/projects/${w.web.project.id}/milestones/${again.id}/promote`);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: 'Promotion failed - Title has already been taken' });
    const groupOne = await send('POST', `/api/v4/groups/${w.acme.id}/milestones/${w.m.open.id}/promote`);
    expect(groupOne.statusCode).toBe(400);
  });
});
