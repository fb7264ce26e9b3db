/** REST award emoji on issues and epics (GitLab's lib/api/award_emoji.rb): shapes, statuses, access. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

describe('award emoji over REST', () => {
  let t: TestApp;
  let group: GroupRow;
  let project: ProjectWithGroup;
  let developer: UserRow;
  let other: UserRow;
  let stranger: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    developer = await t.buildUser({ name: 'Dev Eloper' });
    other = await t.buildUser();
    stranger = await t.buildUser();
    group = await t.buildGroup({ visibility: 'private' });
    await t.addGroupMember(group, developer, 30);
    await t.addGroupMember(group, other, 30);
    project = await t.buildProject({ group, visibility: 'private' });
    await t.request({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/issues`,
      payload: { title: 'One' },
      as: developer,
    });
    await t.request({
      method: 'POST',
      url: `/api/v4/groups/${group.id}/epics`,
      payload: { title: 'Big' },
      as: developer,
    });
  });

  const paths = () => [
    ['issue', `/api/v4/projects/${project.project.id}/issues/1/award_emoji`, 'Issue'],
    ['epic', `/api/v4/groups/${group.id}/epics/1/award_emoji`, 'Epic'],
  ];

  it.each([0, 1])('creates, lists, gets and deletes awards (%i: issue, epic)', async (i) => {
    const [, path, type] = paths()[i] as [string, string, string];
    const created = await t.request({ method: 'POST', url: path, payload: { name: 'thumbsup' }, as: developer });
    expect(created.statusCode).toBe(201);
    const award = created.json<{ id: number }>();
    expect(award).toEqual({
      id: expect.any(Number),
      name: 'thumbsup',
      user: expect.objectContaining({ id: developer.id, username: developer.username, name: 'Dev Eloper' }),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      awardable_id: expect.any(Number),
      awardable_type: type,
      url: null,
    });
    await t.request({ method: 'POST', url: path, payload: { name: 'tada' }, as: other });

    const list = await t.request({ method: 'GET', url: `${path}?per_page=1`, as: developer });
    expect(list.json<{ name: string }[]>().map((a) => a.name)).toEqual(['thumbsup']);
    expect([list.headers['x-total'], list.headers['x-next-page']]).toEqual(['2', '2']);

    const one = await t.request({ method: 'GET', url: `${path}/${award.id}`, as: other });
    expect(one.json()).toMatchObject({ id: award.id, name: 'thumbsup' });

    const deleted = await t.request({ method: 'DELETE', url: `${path}/${award.id}`, as: developer });
    expect(deleted.statusCode).toBe(204);
    const after = await t.request({ method: 'GET', url: path, as: developer });
    expect(after.json<{ name: string }[]>().map((a) => a.name)).toEqual(['tada']);
    const gone = await t.request({ method: 'GET', url: `${path}/${award.id}`, as: developer });
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: '404 Award Emoji Not Found' }]);
  });

  it('refuses a name already awarded (404, as GitLab) and a name that is no emoji (400)', async () => {
    const [, path] = paths()[0] as [string, string];
    await t.request({ method: 'POST', url: path, payload: { name: 'rocket' }, as: developer });
    const again = await t.request({ method: 'POST', url: path, payload: { name: 'rocket' }, as: developer });
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'User has already been taken' }]);
    const bogus = await t.request({ method: 'POST', url: path, payload: { name: 'not-an-emoji' }, as: developer });
    expect(bogus.statusCode).toBe(400);
    const missing = await t.request({ method: 'POST', url: path, payload: {}, as: developer });
    expect([missing.statusCode, missing.json()]).toEqual([400, { error: 'name is missing' }]);
  });

  it("refuses to delete someone else's award (403)", async () => {
    const [, path] = paths()[1] as [string, string];
    const award = (await t.request({ method: 'POST', url: path, payload: { name: 'eyes' }, as: other })).json<{
      id: number;
    }>();
    const res = await t.request({ method: 'DELETE', url: `${path}/${award.id}`, as: developer });
    expect(res.statusCode).toBe(403);
  });

  it('hides awards of things the user cannot read, as missing (404), and needs sign-in to award', async () => {
    for (const [, path] of paths() as [string, string][]) {
      const hidden = await t.request({ method: 'GET', url: path, as: stranger });
      expect(hidden.statusCode).toBe(404);
      const anonymous = await t.request({ method: 'POST', url: path, payload: { name: 'tada' } });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});
