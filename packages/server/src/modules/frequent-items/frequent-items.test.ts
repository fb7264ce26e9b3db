/**
 * Frequent items over the real routes: `POST /-/track_namespace_visits` records visits (at most one
 * count per day), `frecentProjects` / `frecentGroups` list the most frequent readable ones first.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const FRECENT = '{ frecentProjects { fullPath } frecentGroups { fullPath } }';

describe('frequent items', () => {
  let t: TestApp;
  let user: UserRow;
  let publicGroup: GroupRow;
  let privateGroup: GroupRow;
  let a: ProjectWithGroup;
  let b: ProjectWithGroup;
  let secret: ProjectWithGroup;

  const track = (type: unknown, id: unknown, as: UserRow | null = user) =>
    t.request({ method: 'POST', url: '/-/track_namespace_visits', payload: { type, id }, as });

  const frecent = async () =>
    (
      await t.graphql<{ frecentProjects: { fullPath: string }[]; frecentGroups: { fullPath: string }[] }>(
        FRECENT,
        {},
        { as: user },
      )
    ).data;

  const frequency = async (projectId: number) =>
    Number(
      (
        await t.database.db.execute<{ frequency: number }>(
          sql`SELECT frequency FROM frequent_items WHERE user_id = ${user.id} AND project_id = ${projectId}`,
        )
      ).rows[0]?.frequency ?? 0,
    );

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.buildUser();
    publicGroup = await t.buildGroup({ path: 'freq-public' });
    privateGroup = await t.buildGroup({ path: 'freq-private', visibility: 'private' });
    a = await t.buildProject({ group: publicGroup, path: 'a' });
    b = await t.buildProject({ group: publicGroup, path: 'b' });
    secret = await t.buildProject({ group: privateGroup, path: 'secret', visibility: 'private' });
  });

  it('counts a visit at most once per day and lists the most frequent first', async () => {
    for (const res of [await track('projects', a.project.id), await track('projects', b.project.id)]) {
      expect([res.statusCode, res.body]).toEqual([200, '']);
    }
    await track('projects', a.project.id);
    expect(await frequency(a.project.id)).toBe(1);
    // A visit on a later day counts again.
    await t.database.db.execute(
      sql`UPDATE frequent_items SET last_accessed_on = now() - interval '2 days' WHERE project_id = ${b.project.id}`,
    );
    await track('projects', b.project.id);
    expect(await frequency(b.project.id)).toBe(2);
    await track('groups', publicGroup.id);
    expect(await frecent()).toEqual({
      frecentProjects: [{ fullPath: 'freq-public/b' }, { fullPath: 'freq-public/a' }],
      frecentGroups: [{ fullPath: 'freq-public' }],
    });
  });

  it('refuses bad input and things the user cannot read, and needs a signed-in user', async () => {
    expect((await track(undefined, a.project.id)).statusCode).toBe(400);
    expect((await track('projects', undefined)).statusCode).toBe(400);
    expect((await track('issues', a.project.id)).statusCode).toBe(400);
    expect((await track('projects', secret.project.id)).statusCode).toBe(404);
    expect((await track('groups', privateGroup.id)).statusCode).toBe(404);
    expect((await track('projects', a.project.id, null)).statusCode).toBe(401);
    const anonymous = await t.graphql<{ frecentProjects: unknown[] }>(FRECENT, {}, {});
    expect(anonymous.data?.frecentProjects).toEqual([]);
  });

  it('leaves out items the user can no longer read', async () => {
    const member = await t.buildUser();
    await t.addGroupMember(privateGroup, member, 30);
    const res = await track('projects', secret.project.id, member);
    expect(res.statusCode).toBe(200);
    const listed = await t.graphql<{ frecentProjects: { fullPath: string }[] }>(FRECENT, {}, { as: member });
    expect(listed.data?.frecentProjects).toEqual([{ fullPath: 'freq-private/secret' }]);
    await t.database.db.execute(sql`DELETE FROM members WHERE user_id = ${member.id}`);
    const after = await t.graphql<{ frecentProjects: { fullPath: string }[] }>(FRECENT, {}, { as: member });
    expect(after.data?.frecentProjects).toEqual([]);
  });
});
