import { beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type EpicsDemo, loadEpicsDemo } from './epics.demo.ts';

describe('the epics demo', () => {
  let t: TestApp;
  let demo: EpicsDemo;
  let outsider: UserRow;
  const today = new Date(Date.UTC(2026, 10, 22));

  beforeAll(async () => {
    t = await createTestApp();
    const alice = await t.buildUser({ username: `alice-${Date.now()}` });
    outsider = await t.buildUser();
    const acme = await t.buildGroup({ path: 'acme', owner: alice });
    const platform = await t.buildGroup({ path: 'platform', parent: acme, owner: alice });
    const lab = await t.buildGroup({ path: 'secret-lab', parent: acme, visibility: 'private', owner: alice });
    demo = await loadEpicsDemo(t.services, userActor(await t.systemAdmin()), {
      acme,
      platform,
      lab,
      users: { alice },
      today,
    });
  });

  it('has about 60 epics in up to 4 levels across the three groups', () => {
    expect(demo.epics.length).toBeGreaterThanOrEqual(55);
    expect(demo.epics.length).toBeLessThanOrEqual(65);
    expect(Math.max(...demo.epics.map((e) => e.epic.pathIds.length))).toBe(4);
    expect(new Set(demo.epics.map((e) => e.group.fullPath))).toEqual(
      new Set(['acme', 'acme/platform', 'acme/secret-lab']),
    );
    expect(Object.keys(demo.byTitle)).toHaveLength(demo.epics.length);
  });

  it('mixes fixed and inherited dates over 18 months either side of today', () => {
    const fixed = demo.epics.filter((e) => e.epic.startDateIsFixed);
    const inherited = demo.epics.filter((e) => !e.epic.startDateIsFixed && e.epic.startDate !== null);
    expect(fixed.length).toBeGreaterThan(20);
    expect(inherited.length).toBeGreaterThan(5);
    const starts = demo.epics.flatMap((e) => e.epic.startDate ?? []).sort();
    const dues = demo.epics.flatMap((e) => e.epic.dueDate ?? []).sort();
    expect(starts[0]).toBe('2025-05-01');
    expect(dues.at(-1)).toBe('2028-05-31');
    expect(demo.byTitle['Platform modernization']?.epic.startDate).toBe('2025-06-01');
  });

  it('has colours, confidential, closed and blocked epics', async () => {
    expect(new Set(demo.epics.map((e) => e.epic.color)).size).toBeGreaterThanOrEqual(5);
    expect(demo.epics.filter((e) => e.epic.confidential).length).toBeGreaterThanOrEqual(5);
    expect(demo.epics.filter((e) => e.epic.state === 'closed').length).toBeGreaterThanOrEqual(5);
    const blocked = await t.services.epics.blockers(
      userActor(await t.systemAdmin()),
      demo.epics.map((e) => e.epic.id),
    );
    expect([...blocked.values()].filter((list) => list.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('keeps the lab’s epics away from outsiders', async () => {
    const acme = demo.byTitle['Platform modernization']?.group;
    const r = await t.services.epics.list(userActor(outsider), { group: acme }, { limit: 100, offset: 0 });
    expect(r.rows.some((e) => e.group.fullPath === 'acme/secret-lab')).toBe(false);
    expect(r.rows.some((e) => e.epic.confidential)).toBe(false);
  });
});
