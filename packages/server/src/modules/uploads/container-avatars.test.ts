/**
 * Group and project avatars (decision 0055): GitLab's `PUT /groups/:id` and `PUT /projects/:id` with
 * a multipart `avatar` (a blank one removes it), `avatar_url` absolute in the REST entities, the path in
 * GraphQL, the files readable only by those who may see the group or project, changed only by those
 * who may edit it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { multipartForm } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { AVATAR_BAD_FORMAT, AVATAR_MAX_BYTES, AVATAR_TOO_BIG } from './avatars.service.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e6b7d40000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32, 1)]);

type Fields = Record<string, string>;

describe('group and project avatars', () => {
  let t: TestApp;
  let owner: UserRow;
  let maintainer: UserRow;
  let developer: UserRow;
  let outsider: UserRow;
  let open: GroupRow;
  let lab: GroupRow;
  let web: ProjectWithGroup;
  let vault: ProjectWithGroup;
  const base = () => t.config.externalUrl;

  const put = (target: string, as: UserRow | null, file: Buffer | null, fields: Fields = {}) =>
    t.request({
      method: 'PUT',
      url: `/api/v4/${target}`,
      ...multipartForm([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(file ? [{ name: 'avatar', filename: 'logo.png', data: file, contentType: 'image/png' }] : []),
      ]),
      as,
    });
  const get = (url: string, as: UserRow | null = null) => t.request({ method: 'GET', url, as });
  const avatarRows = async (column: 'group_id' | 'project_id', id: number) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM uploads WHERE ${sql.raw(column)} = ${id} AND avatar`,
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser({ username: 'gowner' });
    maintainer = await t.buildUser();
    developer = await t.buildUser();
    outsider = await t.buildUser();
    open = await t.buildGroup({ path: 'brand', visibility: 'public', owner });
    lab = await t.buildGroup({ path: 'brand-lab', visibility: 'private', owner });
    web = await t.buildProject({ group: open, path: 'site', visibility: 'public' });
    vault = await t.buildProject({ group: lab, path: 'vault', visibility: 'private' });
    await t.addGroupMember(open, maintainer, 40);
    await t.addGroupMember(open, developer, 30);
    await t.addGroupMember(lab, developer, 30);
  });

  it("sets a group's avatar (multipart `avatar`), gives it absolute in REST and as a path in GraphQL, and serves it", async () => {
    const res = await put(`groups/${open.id}`, owner, PNG);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const url = res.json<{ avatar_url: string }>().avatar_url;
    expect(url).toMatch(new RegExp(`^${base()}/uploads/-/system/group/avatar/${open.id}/[0-9a-f]{32}/avatar\\.png$`));
    const path = url.slice(base().length);

    expect((await get(`/api/v4/groups/${open.id}`)).json<{ avatar_url: string }>().avatar_url).toBe(url);
    // The project's namespace carries its group's avatar too.
    const project = (await get(`/api/v4/projects/${web.project.id}`)).json<{ namespace: { avatar_url: string } }>();
    expect(project.namespace.avatar_url).toBe(url);
    const gql = await t.graphql('query($p: ID!) { group(fullPath: $p) { avatarUrl } }', { p: 'brand' });
    expect(gql.data).toEqual({ group: { avatarUrl: path } });

    const file = await get(path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it("sets a project's avatar with other fields at once and keeps the project's markdown uploads", async () => {
    const attachment = await t.request({
      method: 'POST',
      url: `/api/v4/projects/${web.project.id}/uploads`,
      ...multipartForm([{ name: 'file', filename: 'shot.png', data: PNG }]),
      as: maintainer,
    });
    expect(attachment.statusCode).toBe(201);

    const first = await put(`projects/${web.project.id}`, maintainer, PNG, { description: 'The public site' });
    expect(first.statusCode).toBe(200);
    const body = first.json<{ avatar_url: string; description: string }>();
    expect(body.description).toBe('The public site');
    expect(body.avatar_url).toMatch(
      new RegExp(`^${base()}/uploads/-/system/project/avatar/${web.project.id}/[0-9a-f]{32}/avatar\\.png$`),
    );
    const second = await put(`projects/${web.project.id}`, maintainer, GIF);
    const url = second.json<{ avatar_url: string }>().avatar_url;
    expect(url).toMatch(/\/avatar\.gif$/);
    // The old avatar is gone, the new one served; the markdown upload is untouched.
    expect((await get(body.avatar_url.slice(base().length))).statusCode).toBe(404);
    expect((await get(url.slice(base().length))).headers['content-type']).toBe('image/gif');
    expect(await avatarRows('project_id', web.project.id)).toBe(1);
    const markdownUrl = attachment.json<{ url: string }>().url;
    expect((await get(markdownUrl, maintainer)).statusCode).toBe(200);

    const gql = await t.graphql('query($p: ID!) { project(fullPath: $p) { avatarUrl } }', { p: 'brand/site' });
    expect(gql.data).toEqual({ project: { avatarUrl: url.slice(base().length) } });
    const list = await get(`/api/v4/groups/${open.id}/projects`);
    expect(list.json<{ avatar_url: string }[]>().map((p) => p.avatar_url)).toContain(url);
  });

  it('shows the avatar of a private group or project only to those who may see it (404 to others)', async () => {
    const group = (await put(`groups/${lab.id}`, owner, PNG)).json<{ avatar_url: string }>().avatar_url;
    const project = (await put(`projects/${vault.project.id}`, owner, PNG)).json<{ avatar_url: string }>().avatar_url;
    for (const url of [group, project]) {
      const path = url.slice(base().length);
      expect((await get(path, developer)).statusCode).toBe(200);
      expect((await get(path, outsider)).statusCode).toBe(404);
      expect((await get(path, null)).statusCode).toBe(404);
    }
  });

  it('lets only those who may edit the group or project change it; a bad file changes nothing', async () => {
    // Group avatars: Owners (adminGroup); project avatars: Maintainers (adminProject).
    expect((await put(`groups/${open.id}`, maintainer, PNG)).statusCode).toBe(403);
    expect((await put(`projects/${web.project.id}`, developer, PNG)).statusCode).toBe(403);
    expect((await put(`groups/${lab.id}`, outsider, PNG)).statusCode).toBe(404);
    expect((await put(`groups/${open.id}`, null, PNG)).statusCode).toBe(401);
    expect((await put(`groups/${open.id}`, owner, PNG, {})).statusCode).toBe(200);
    const rows = await avatarRows('group_id', open.id);

    const big = await put(`groups/${open.id}`, owner, Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES, 0)]), {
      description: 'not saved',
    });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ message: `Avatar ${AVATAR_TOO_BIG}` });
    const text = await put(`groups/${open.id}`, owner, Buffer.from('<svg onload="alert(1)"/>'));
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: `Avatar ${AVATAR_BAD_FORMAT}` });
    expect(await avatarRows('group_id', open.id)).toBe(rows);
    expect((await get(`/api/v4/groups/${open.id}`)).json<{ description: string }>().description).not.toBe('not saved');
  });

  it('removes the avatar with a blank `avatar` (form or multipart): the initial shows again, the file is gone', async () => {
    const url = (await put(`groups/${open.id}`, owner, PNG)).json<{ avatar_url: string }>().avatar_url;
    const res = await t.request({
      method: 'PUT',
      url: `/api/v4/groups/${open.id}`,
      payload: 'avatar=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      as: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ avatar_url: string | null }>().avatar_url).toBeNull();
    expect((await get(url.slice(base().length))).statusCode).toBe(404);
    expect(await avatarRows('group_id', open.id)).toBe(0);

    await put(`projects/${web.project.id}`, maintainer, PNG);
    const cleared = await put(`projects/${web.project.id}`, maintainer, null, { avatar: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ avatar_url: string | null }>().avatar_url).toBeNull();
    expect(await avatarRows('project_id', web.project.id)).toBe(0);
  });
});
