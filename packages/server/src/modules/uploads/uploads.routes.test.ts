import { detectSecrets } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

const MIB = 1024 * 1024;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e6b7d40000000049454e44ae426082',
  'hex',
);

type Entity = { id: number; alt: string; url: string; full_path: string; markdown: string };

const multipart = (filename: string, data: Buffer, field = 'file') => multipartFile(field, filename, data);

describe('uploads', () => {
  let t: TestApp;
  let member: UserRow;
  let outsider: UserRow;
  let open: ProjectWithGroup;
  let secret: ProjectWithGroup;
  let privateGroup: GroupRow;

  const upload = (target: string, filename: string, data: Buffer, as: UserRow | null, field?: string) =>
    t.request({ method: 'POST', url: `/api/v4/${target}/uploads`, ...multipart(filename, data, field), as });
  const get = (url: string, as?: UserRow | null, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, as, headers });
  const uploadRows = async () =>
    Number((await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM uploads`)).rows[0]?.n);

  beforeAll(async () => {
    // A 2 MiB limit keeps the size tests small; the token prefix shows the issued tokens follow the setting.
    t = await createTestApp({ maxAttachmentSizeMb: 2, patPrefix: 'mlpat-' });
    member = await t.buildUser();
    outsider = await t.buildUser();
    const top = await t.buildGroup({ path: 'up', visibility: 'public' });
    open = await t.buildProject({ group: top, path: 'web', visibility: 'public' });
    privateGroup = await t.buildGroup({ path: 'up-lab', visibility: 'private' });
    secret = await t.buildProject({ group: privateGroup, path: 'vault', visibility: 'private' });
    await t.addGroupMember(privateGroup, member, 30);
  });

  describe('POST /projects/:id/uploads', () => {
    it("answers GitLab's entity: an image as ![name](url) without its extension", async () => {
      const res = await upload(`projects/${open.project.id}`, 'dk.png', PNG, member);
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toBe('application/json');
      const body = res.json<Entity>();
      expect(Object.keys(body).sort()).toEqual(['alt', 'full_path', 'id', 'markdown', 'url']);
      expect(body.alt).toBe('dk');
      expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\/dk\.png$/);
      expect(body.full_path).toBe(`/up/web${body.url}`);
      expect(body.markdown).toBe(`![dk](${body.url})`);
      expect(typeof body.id).toBe('number');
    });

    it('links other files as [name](url) and sanitises names as GitLab does', async () => {
      const pdf = (
        await upload(`projects/${encodeURIComponent('up/web')}`, 'my report (v2).pdf', Buffer.from('%PDF-1.4'), member)
      ).json<Entity>();
      expect(pdf.alt).toBe('my_report__v2_.pdf');
      expect(pdf.markdown).toBe(`[my_report__v2_.pdf](${pdf.url})`);
      expect(pdf.url).toMatch(/\/my_report__v2_\.pdf$/);
    });

    it('stores a file of several chunks and serves it back byte for byte', async () => {
      const data = Buffer.alloc(Math.round(1.5 * MIB), 0);
      for (let i = 0; i < data.length; i += 1) data[i] = (i * 31) % 251;
      const res = await upload(`projects/${open.project.id}`, 'dump.bin', data, member);
      expect(res.statusCode).toBe(201);
      const file = await get(res.json<Entity>().url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-length']).toBe(String(data.length));
      expect(file.rawPayload.equals(data)).toBe(true);
    });

    it('takes a file of exactly the limit and refuses one byte more with 413 naming the limit, keeping nothing', async () => {
      const before = await uploadRows();
      const ok = await upload(`projects/${open.project.id}`, 'full.bin', Buffer.alloc(2 * MIB, 1), member);
      expect(ok.statusCode).toBe(201);
      const res = await upload(`projects/${open.project.id}`, 'big.bin', Buffer.alloc(2 * MIB + 1, 1), member);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'File is too large (maximum is 2 MiB)' });
      expect(await uploadRows()).toBe(before + 1);
    });

    it('answers 400 file is missing without a file part', async () => {
      const wrongField = await upload(`projects/${open.project.id}`, 'a.txt', Buffer.from('x'), member, 'attachment');
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ error: 'file is missing' });
      const json = await t.request({
        method: 'POST',
        url: `/api/v4/projects/${open.project.id}/uploads`,
        payload: { file: 'x' },
        as: member,
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ error: 'file is missing' });
    });

    it('needs a signed-in writer who can see the project', async () => {
      expect((await upload(`projects/${open.project.id}`, 'a.png', PNG, null)).statusCode).toBe(401);
      const hidden = await upload(`projects/${secret.project.id}`, 'a.png', PNG, outsider);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
      const readOnly = await t.request({
        method: 'POST',
        url: `/api/v4/projects/${open.project.id}/uploads`,
        ...multipart('a.png', PNG),
        as: member,
        scopes: ['read_api'],
      });
      expect(readOnly.statusCode).toBe(403);
    });
  });

  describe('serving', () => {
    it('shows raster images inline with their own type, nosniff and a sandboxing policy', async () => {
      const { url, full_path } = (await upload(`projects/${open.project.id}`, 'shot.png', PNG, member)).json<Entity>();
      for (const path of [url, full_path]) {
        const res = await get(path, null);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['content-disposition']).toBe('inline');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toContain('sandbox');
        expect(res.rawPayload.equals(PNG)).toBe(true);
      }
    });

    it.each([
      ['page.html', '<script>alert(1)</script>', 'text/html', '![page]'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/svg+xml', '![logo]'],
      ['notes.txt', 'plain', 'text/plain', '[notes.txt]'],
      ['blob', 'no extension', 'application/octet-stream', '[blob]'],
    ])('%s: downloaded as an attachment, never run', async (name, text, type, markdown) => {
      const body = (await upload(`projects/${open.project.id}`, name, Buffer.from(text), member)).json<Entity>();
      expect(body.markdown.startsWith(markdown) || type === 'text/html').toBe(true);
      const res = await get(body.url, null);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers HEAD with the headers and no body', async () => {
      const { url } = (await upload(`projects/${open.project.id}`, 'head.png', PNG, member)).json<Entity>();
      const res = await t.request({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(PNG.length));
      expect(res.rawPayload.length).toBe(0);
    });

    it('answers 304 to a browser that already has the file', async () => {
      const { url } = (await upload(`projects/${open.project.id}`, 'again.png', PNG, member)).json<Entity>();
      const first = await get(url);
      const again = await get(url, null, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it("keeps a private project's files from outsiders: 404, as for a missing file", async () => {
      const { url, full_path } = (
        await upload(`projects/${secret.project.id}`, 'plan.png', PNG, member)
      ).json<Entity>();
      expect(full_path).toBe(`/up-lab/vault${url}`);
      for (const path of [url, full_path]) {
        expect((await get(path, member)).statusCode).toBe(200);
        for (const who of [null, outsider]) {
          const res = await get(path, who);
          expect(res.statusCode).toBe(404);
          expect(res.rawPayload.includes(PNG)).toBe(false);
        }
      }
      // The right secret under another project's path, or a wrong name, is no file either.
      expect((await get(`/up/web${url}`, member)).statusCode).toBe(404);
      expect((await get(url.replace('plan.png', 'other.png'), member)).statusCode).toBe(404);
    });
  });

  describe('POST /groups/:id/uploads', () => {
    it("stores a group's file under /groups/<path>/-/uploads, readable as the group is", async () => {
      const res = await upload(`groups/${privateGroup.id}`, 'roadmap.png', PNG, member);
      expect(res.statusCode).toBe(201);
      const body = res.json<Entity>();
      expect(body.full_path).toBe(`/groups/up-lab/-${body.url}`);
      expect(body.markdown).toBe(`![roadmap](${body.url})`);
      for (const path of [body.url, body.full_path]) {
        expect((await get(path, member)).statusCode).toBe(200);
        expect((await get(path, outsider)).statusCode).toBe(404);
      }
      expect((await upload(`groups/${privateGroup.id}`, 'x.png', PNG, outsider)).statusCode).toBe(404);
    });
  });

  it('issues personal access tokens with the configured prefix, in the shape secret detection finds', async () => {
    const token = (await t.authHeaders(member))['private-token'] ?? '';
    expect(token).toMatch(/^mlpat-[A-Za-z0-9_-]{20}$/);
    expect(detectSecrets(`my token: ${token}`, 'mlpat-')).toEqual([
      { type: 'GitLab personal access token', value: token },
    ]);
  });
});
