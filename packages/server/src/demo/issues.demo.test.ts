import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loadEpicsDemo } from './epics.demo.ts';
import { type IssuesDemo, loadIssuesDemo } from './issues.demo.ts';
import { loadLabelsAndMilestonesDemo } from './labels-milestones.demo.ts';

describe('the issues demo', () => {
  let t: TestApp;
  let demo: IssuesDemo;
  let outsider: UserRow;
  let seconds = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = userActor(await t.systemAdmin());
    const users: Record<string, UserRow> = {};
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy']) {
      users[name] = await t.buildUser({ username: `${name}-${Date.now()}` });
    }
    outsider = await t.buildUser();
    const acme = await t.buildGroup({ path: 'acme' });
    const platform = await t.buildGroup({ path: 'platform', parent: acme });
    const lab = await t.buildGroup({ path: 'secret-lab', parent: acme, visibility: 'private' });
    const roles: [string, 10 | 20 | 30 | 40 | 50][] = [
      ['alice', 50],
      ['bob', 40],
      ['carol', 30],
      ['dave', 20],
      ['erin', 10],
      ['frank', 30],
      ['grace', 40],
      ['heidi', 20],
      ['ivan', 30],
    ];
    for (const [name, level] of roles) await t.addGroupMember(acme, users[name] as UserRow, level);
    await t.addGroupMember(lab, users.judy as UserRow, 30);
    const projects = [
      await t.buildProject({ group: platform, path: 'web' }),
      await t.buildProject({ group: platform, path: 'api', visibility: 'internal' }),
      await t.buildProject({ group: acme, path: 'website' }),
      await t.buildProject({ group: lab, path: 'prototype', visibility: 'private' }),
    ];
    const lm = await loadLabelsAndMilestonesDemo(t.services, admin, { acme, platform, lab });
    const epics = await loadEpicsDemo(t.services, admin, { acme, platform, lab, users });
    const started = Date.now();
    demo = await loadIssuesDemo(t.services, admin, {
      projects,
      users,
      epics: epics.epics,
      labels: lm.labels,
      milestones: lm.milestones,
    });
    seconds = (Date.now() - started) / 1000;
  }, 120_000);

  it('makes 300 issues', () => {
    expect(demo.issues).toHaveLength(300);
    // A figure, not an assertion: speed is measured, never asserted (a busy machine is slow).
    console.log(`the issues demo: ${seconds.toFixed(1)} s`);
  });

  it('mixes states, confidentiality, weights, health, milestones, labels, assignees, epics and links', async () => {
    const issues = demo.issues.map((n) => n.issue);
    expect(issues.filter((i) => i.state === 'closed').length).toBeGreaterThan(50);
    expect(issues.filter((i) => i.confidential).length).toBeGreaterThan(10);
    expect(issues.filter((i) => i.weight !== null).length).toBeGreaterThan(150);
    expect(new Set(issues.map((i) => i.healthStatus))).toEqual(
      new Set(['on_track', 'needs_attention', 'at_risk', null]),
    );
    expect(issues.filter((i) => i.milestoneId !== null).length).toBeGreaterThan(100);
    expect(demo.issues.filter((n) => n.assigneeIds.length > 0).length).toBeGreaterThan(150);
    const relations = await t.services.issues.epicIssues.relationsOf(issues.map((i) => i.id));
    expect(relations.length).toBeGreaterThan(100);
    expect(demo.blockingLinks).toBeGreaterThan(10);
  });

  it('shows an outsider no lab or confidential issue', async () => {
    const { rows, total } = await t.services.issues.list(
      userActor(outsider),
      { groupId: demo.issues[0]?.group.traversalIds[0] },
      { limit: 100, offset: 0 },
    );
    expect(total).toBeGreaterThan(100);
    expect(rows.some((n) => n.issue.confidential || n.group.fullPath.includes('secret-lab'))).toBe(false);
  });
});
