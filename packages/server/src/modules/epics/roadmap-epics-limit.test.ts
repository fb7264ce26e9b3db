/** The roadmap epics limit: a server setting (`MILEPOST_ROADMAP_EPICS_LIMIT`) the roadmap reads per group. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const QUERY = 'query($fullPath: ID!) { group(fullPath: $fullPath) { id roadmapEpicsLimit } }';
type Result = { group: { roadmapEpicsLimit: number | null } | null };

describe('MILEPOST_ROADMAP_EPICS_LIMIT', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['250', 250],
    ['100000', 100_000],
  ])('%j gives a limit of %s', (value, limit) => {
    expect(loadConfig({ MILEPOST_ROADMAP_EPICS_LIMIT: value }).roadmapEpicsLimit).toBe(limit);
  });

  it.each([
    ['0', 'MILEPOST_ROADMAP_EPICS_LIMIT must be at least 1'],
    ['-5', 'MILEPOST_ROADMAP_EPICS_LIMIT must be at least 1'],
    ['2.5', 'MILEPOST_ROADMAP_EPICS_LIMIT must be a whole number'],
    ['many', 'MILEPOST_ROADMAP_EPICS_LIMIT must be a whole number'],
    ['100001', 'MILEPOST_ROADMAP_EPICS_LIMIT must be at most 100000'],
  ])('%j is refused with a clear message', (value, message) => {
    expect(() => loadConfig({ MILEPOST_ROADMAP_EPICS_LIMIT: value })).toThrow(ConfigError);
    expect(() => loadConfig({ MILEPOST_ROADMAP_EPICS_LIMIT: value })).toThrow(message);
  });
});

describe('Group.roadmapEpicsLimit', () => {
  let t: TestApp;
  let member: UserRow;
  let outsider: UserRow;

  beforeAll(async () => {
    t = await createTestApp({ roadmapEpicsLimit: 250 });
    member = await t.buildUser({ username: 'limit-member' });
    outsider = await t.buildUser({ username: 'limit-outsider' });
    await t.buildGroup({ path: 'limits', owner: member });
    await t.buildGroup({ path: 'limits-private', owner: member, visibility: 'private' });
  });

  it("is the server's setting, for whoever can see the group", async () => {
    const mine = await t.graphql<Result>(QUERY, { fullPath: 'limits' }, { as: member });
    expect(mine.data?.group?.roadmapEpicsLimit).toBe(250);
    const signedOut = await t.graphql<Result>(QUERY, { fullPath: 'limits' }, { as: null });
    expect(signedOut.data?.group?.roadmapEpicsLimit).toBe(250);
  });

  it('comes with nothing of a group the viewer cannot see', async () => {
    const hidden = await t.graphql<Result>(QUERY, { fullPath: 'limits-private' }, { as: outsider });
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data?.group).toBeNull();
  });
});

describe('Group.roadmapEpicsLimit unset', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ roadmapEpicsLimit: null });
    await t.buildGroup({ path: 'no-limit' });
  });

  it('is null: no limit, so no warning', async () => {
    const res = await t.graphql<Result>(QUERY, { fullPath: 'no-limit' }, { as: null });
    expect(res.errors).toBeUndefined();
    expect(res.data?.group?.roadmapEpicsLimit).toBeNull();
  });
});
