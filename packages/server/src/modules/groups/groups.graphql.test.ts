import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GraphQL group queries', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;
  let top: GroupRow;
  let platform: GroupRow;
  let hidden: GroupRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    outsider = await t.buildUser();
    top = await t.buildGroup({ path: 'acme', name: 'Acme', visibility: 'public' });
    platform = await t.buildGroup({ path: 'platform', name: 'Platform', parent: top, visibility: 'public' });
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

  it("lists a group's ancestors from the top-level group down, without the group itself", async () => {
    await t.buildGroup({ path: 'tools', parent: platform, visibility: 'public' });
    const ancestorsQuery = `query($fullPath: ID!) { group(fullPath: $fullPath) { ancestors { id fullPath name avatarUrl } } }`;
    const nested = await t.graphql(ancestorsQuery, { fullPath: 'acme/platform/tools' });
    expect(nested.errors).toBeUndefined();
    expect(nested.data).toEqual({
      group: {
        ancestors: [
          { id: `gid://gitlab/Group/${top.id}`, fullPath: 'acme', name: 'Acme', avatarUrl: null },
          { id: `gid://gitlab/Group/${platform.id}`, fullPath: 'acme/platform', name: 'Platform', avatarUrl: null },
        ],
      },
    });
    const topLevel = await t.graphql(ancestorsQuery, { fullPath: 'acme' });
    expect(topLevel.data).toEqual({ group: { ancestors: [] } });
  });

  it('leaves out an ancestor the viewer may not read, exactly as the group query hides it', async () => {
    const secret = await t.buildGroup({ path: 'secret', visibility: 'private' });
    const team = await t.buildGroup({ path: 'team', parent: secret, visibility: 'private' });
    const teamMember = await t.buildUser();
    await t.addGroupMember(team, teamMember, 30);
    const res = await t.graphql<{ group: { ancestors: { fullPath: string }[] } }>(
      `query { group(fullPath: "secret/team") { ancestors { fullPath } } }`,
      {},
      { as: teamMember },
    );
    const parent = await t.graphql<{ group: { fullPath: string } | null }>(
      `query { group(fullPath: "secret") { fullPath } }`,
      {},
      { as: teamMember },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.group.ancestors).toEqual(parent.data?.group ? [{ fullPath: 'secret' }] : []);
  });

  it('answers null for a hidden group exactly as for a missing one', async () => {
    const hiddenRes = await t.graphql(query, { fullPath: hidden.fullPath }, { as: outsider });
    const missingRes = await t.graphql(query, { fullPath: 'acme/nope' }, { as: outsider });
    expect(hiddenRes.body).toEqual({ data: { group: null } });
    expect(missingRes.body).toEqual(hiddenRes.body);
  });
});
