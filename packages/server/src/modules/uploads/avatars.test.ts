/**
 * Avatars: GitLab's `PUT /user/avatar`, the profile's 'Remove avatar', the public files, and the
 * user's `avatar_url` wherever the API and GraphQL show the user.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { AVATAR_BAD_FORMAT, AVATAR_MAX_BYTES, AVATAR_TOO_BIG } from './avatars.service.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e6b7d40000000049454e44ae426082',
  'hex',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

const multipart = (filename: string, data: Buffer, field = 'avatar') => multipartFile(field, filename, data);

describe('avatars', () => {
  let t: TestApp;
  let ava: UserRow;
  const base = () => t.config.externalUrl;

  const putAvatar = (data: Buffer, as: UserRow | null, opts: { field?: string; scopes?: string[] } = {}) =>
    t.request({
      method: 'PUT',
      url: '/api/v4/user/avatar',
      ...multipart('me.png', data, opts.field),
      as,
      ...(opts.scopes ? { scopes: opts.scopes } : {}),
    });
  const avatarRows = async (userId: number) =>
    Number(
      (
        await t.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM uploads WHERE user_id = ${userId}`,
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    ava = await t.buildUser({ username: 'ava' });
  });

  it('stores an avatar and serves it to anyone at the absolute avatar_url the API gives', async () => {
    const res = await putAvatar(PNG, ava);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    const { avatar_url } = res.json<{ avatar_url: string }>();
    expect(avatar_url).toMatch(
      new RegExp(`^${base()}/uploads/-/system/user/avatar/${ava.id}/[0-9a-f]{32}/avatar\\.png$`),
    );
    const path = avatar_url.slice(base().length);

    const file = await t.request({ method: 'GET', url: path, as: null });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // The API's user entities carry the absolute URL; GraphQL the path (same origin as the web app).
    const self = await t.request({ method: 'GET', url: '/api/v4/user', as: ava });
    expect(self.json<{ avatar_url: string }>().avatar_url).toBe(avatar_url);
    const other = await t.request({ method: 'GET', url: `/api/v4/users/${ava.id}`, as: null });
    expect(other.json<{ avatar_url: string }>().avatar_url).toBe(avatar_url);
    const gql = await t.graphql(
      '{ currentUser { avatarUrl } users(usernames: ["ava"]) { nodes { avatarUrl } } }',
      {},
      {
        as: ava,
      },
    );
    expect(gql.data).toEqual({ currentUser: { avatarUrl: path }, users: { nodes: [{ avatarUrl: path }] } });
  });

  it('replaces the old file with a new avatar (the old URL is gone), and takes JPEG by its bytes', async () => {
    const first = (await putAvatar(PNG, ava)).json<{ avatar_url: string }>().avatar_url;
    const jpeg = Buffer.concat([JPEG_HEAD, Buffer.alloc(64, 7)]);
    const res = await putAvatar(jpeg, ava, { field: 'user[avatar]' });
    expect(res.statusCode).toBe(200);
    const second = res.json<{ avatar_url: string }>().avatar_url;
    expect(second).toMatch(/\/avatar\.jpg$/);
    expect((await t.request({ method: 'GET', url: first.slice(base().length) })).statusCode).toBe(404);
    const served = await t.request({ method: 'GET', url: second.slice(base().length) });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await avatarRows(ava.id)).toBe(1);
  });

  it('takes exactly 200 KiB and refuses more, or what is not an image, with clear words and nothing kept', async () => {
    const user = await t.buildUser();
    const full = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length, 0)]);
    expect((await putAvatar(full, user)).statusCode).toBe(200);
    const big = await putAvatar(Buffer.concat([full, Buffer.from([0])]), user);
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ message: `Avatar ${AVATAR_TOO_BIG}` });
    const text = await putAvatar(Buffer.from('<svg onload="alert(1)"/>'), user);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: `Avatar ${AVATAR_BAD_FORMAT}` });
    expect(await avatarRows(user.id)).toBe(1);
    const missing = await putAvatar(PNG, user, { field: 'file' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'avatar is missing' });
  });

  it('needs a signed-in user with write access', async () => {
    expect((await putAvatar(PNG, null)).statusCode).toBe(401);
    expect((await putAvatar(PNG, ava, { scopes: ['read_api'] })).statusCode).toBe(403);
    const someoneElses = `/uploads/-/system/user/avatar/${ava.id + 1000}/${'0'.repeat(32)}/avatar.png`;
    expect((await t.request({ method: 'GET', url: someoneElses })).statusCode).toBe(404);
  });

  it('removes the avatar from the profile page (initials again) and deletes its file', async () => {
    const user = await t.buildUser({ username: 'remover' });
    const path = (await putAvatar(PNG, user)).json<{ avatar_url: string }>().avatar_url.slice(base().length);
    const b = createBrowser(t);
    await b.signIn('remover', TEST_PASSWORD);
    expect((await b.request({ method: 'DELETE', url: '/-/profile/avatar' })).statusCode).toBe(403);
    const res = await b.request({ method: 'DELETE', url: '/-/profile/avatar', csrf: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Avatar was successfully removed.', user: { avatar_url: null } });
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(await avatarRows(user.id)).toBe(0);
  });
});
