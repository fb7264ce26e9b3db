import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GraphQL group queries', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let top: GroupRow;
  let hidden: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    outsider = await t.buildUser();
    top = await t.buildGroup({ path: 'acme', name: 'Acme', visibility: 'public' });
    await t.buildGroup({ path: 'platform', parent: top, visibility: 'public' });
    hidden = await t.buildGroup({ path: 'lab', parent: top, visibility: 'private' });
    await t.addGroupMember(top, owner, 50);
  });

  const query = `query($fullPath: ID!) { group(fullPath: $fullPath) { id fullPath fullName visibility
    descendantGroups { count nodes { fullPath } } userPermissions { readGroup adminGroup createSubgroup } } }`;

  it('returns a public group to a signed-out visitor, without its private subgroup', async () => {
    const res = await t.graphql(query, { fullPath: 'acme' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      group: {
        id: `gid://gitlab/Group/${top.id}`,
        fullName: 'Acme',
        visibility: 'public',
        descendantGroups: { count: 1, nodes: [{ fullPath: 'acme/platform' }] },
        userPermissions: { readGroup: true, adminGroup: false, createSubgroup: false },
      },
    });
  });

  it('shows the private subgroup to a member of the parent', async () => {
    const res = await t.graphql<{ group: { descendantGroups: { count: number } } }>(
      query,
      { fullPath: 'acme' },
      { as: owner },
    );
    expect(res.data?.group.descendantGroups.count).toBe(2);
  });

  it('answers null for a hidden group exactly as for a missing one', async () => {
    const hiddenRes = await t.graphql(query, { fullPath: hidden.fullPath }, { as: outsider });
    const missingRes = await t.graphql(query, { fullPath: 'acme/nope' }, { as: outsider });
    expect(hiddenRes.body).toEqual({ data: { group: null } });
    expect(missingRes.body).toEqual(hiddenRes.body);
  });
});
