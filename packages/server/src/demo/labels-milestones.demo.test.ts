import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../authz/actor.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type LabelsAndMilestonesDemo, loadLabelsAndMilestonesDemo } from './labels-milestones.demo.ts';

const monthsFromToday = (months: number) => {
  const d = new Date();
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

describe('the labels and milestones demo', () => {
  let t: TestApp;
  let demo: LabelsAndMilestonesDemo;

  beforeAll(async () => {
    t = await createTestApp();
    const acme = await t.buildGroup({ path: 'acme' });
    const platform = await t.buildGroup({ path: 'platform', parent: acme });
    const lab = await t.buildGroup({ path: 'secret-lab', parent: acme, visibility: 'private' });
    await t.buildProject({ group: platform, path: 'web' });
    await t.buildProject({ group: platform, path: 'api', visibility: 'internal' });
    await t.buildProject({ group: acme, path: 'website' });
    await t.buildProject({ group: lab, path: 'prototype', visibility: 'private' });
    demo = await loadLabelsAndMilestonesDemo(t.services, userActor(await t.systemAdmin()), { acme, platform, lab });
  });

  it('has scoped priority and workflow labels, group and project labels, unique titles', () => {
    const titles = demo.labels.map((l) => l.title);
    expect(titles).toEqual(
      expect.arrayContaining(['priority::high', 'priority::medium', 'priority::low', 'workflow::done']),
    );
    expect(demo.labels.some((l) => l.projectId !== null)).toBe(true);
    expect(Object.keys(demo.labelsByTitle)).toHaveLength(demo.labels.length);
    expect(Object.keys(demo.milestonesByTitle)).toHaveLength(demo.milestones.length);
  });

  it('spreads group, subgroup and project milestones over 18 months either side of today', () => {
    const starts = demo.milestones.flatMap((m) => m.startDate ?? []).sort();
    const dues = demo.milestones.flatMap((m) => m.dueDate ?? []).sort();
    expect(starts[0]! <= monthsFromToday(-17)).toBe(true);
    expect(dues.at(-1)! >= monthsFromToday(17)).toBe(true);
    expect(demo.milestones.some((m) => m.state === 'closed')).toBe(true);
    expect(demo.milestones.some((m) => m.startDate === null && m.dueDate === null)).toBe(true);
    expect(demo.milestones.some((m) => m.startDate === null && m.dueDate !== null)).toBe(true);
    expect(demo.milestones.some((m) => m.projectId !== null)).toBe(true);
    expect(demo.milestones.filter((m) => m.groupId !== null).length).toBeGreaterThan(20);
  });

  it('is visible through the API: the roadmap’s milestone query sees the whole hierarchy', async () => {
    const res = await t.graphql<{ group: { milestones: { count: number } } }>(
      `query { group(fullPath: "acme") { milestones(state: active, includeDescendants: true, includeAncestors: true,
        timeframe: { start: "${monthsFromToday(-18)}", end: "${monthsFromToday(18)}" }) { count } } }`,
    );
    expect(res.data?.group.milestones.count).toBeGreaterThan(15);
  });
});
