/** The markdown previews (`POST /groups/<path>/-/preview_markdown`, `POST /<project>/-/preview_markdown`) of the edit and comment forms. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAX_DESCRIPTION_LENGTH } from '../epics/epic-input.ts';

describe('markdown preview', () => {
  let t: TestApp;
  let owner: UserRow;
  let outsider: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.buildUser();
    outsider = await t.buildUser();
    const acme = await t.buildGroup({ path: 'acme', owner });
    await t.buildGroup({ path: 'platform', parent: acme, owner });
    const secret = await t.buildGroup({ path: 'secret', visibility: 'private', owner });
    await t.buildProject({ group: acme, path: 'app' });
    await t.buildProject({ group: secret, path: 'vault', visibility: 'private' });
  });

  const preview = (url: string, payload: unknown, as: UserRow | null = owner) =>
    t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, as });

  it('renders markdown to sanitised HTML in {body}, for a nested group, with or without /-/', async () => {
    const res = await preview('/groups/acme/platform/-/preview_markdown?target_type=Epic&target_id=1', {
      text: '**Bold** and [link](https://example.com)\n\n- [x] done\n\n<script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ body: string; references: { users: unknown[] } }>();
    expect(body.body).toContain('<strong>Bold</strong>');
    expect(body.body).toContain('href="https://example.com"');
    expect(body.body).toContain(
      '<input type="checkbox" class="task-list-item-checkbox" disabled checked aria-label="done" />',
    );
    expect(body.body).not.toContain('<script>');
    expect(body.references.users).toEqual([]);

    const bare = await preview('/groups/acme/preview_markdown', { text: '# Title' });
    expect([bare.statusCode, bare.json<{ body: string }>().body.trim()]).toEqual([200, '<h1>Title</h1>']);
  });

  it('gives an empty body for empty or missing text', async () => {
    expect((await preview('/groups/acme/-/preview_markdown', {})).json()).toMatchObject({ body: '' });
    expect((await preview('/groups/acme/-/preview_markdown', { text: '' })).json()).toMatchObject({ body: '' });
  });

  it('refuses text over the description limit and text that is not a string (422)', async () => {
    const long = await preview('/groups/acme/-/preview_markdown', { text: 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ message: string }>().message).toMatch(/^Text is too long/);
    expect((await preview('/groups/acme/-/preview_markdown', { text: 5 })).statusCode).toBe(422);
  });

  it('is a 404 for a group the viewer cannot read or that does not exist', async () => {
    expect((await preview('/groups/secret/-/preview_markdown', { text: 'x' }, outsider)).statusCode).toBe(404);
    expect((await preview('/groups/secret/-/preview_markdown', { text: 'x' }, null)).statusCode).toBe(404);
    expect((await preview('/groups/secret/-/preview_markdown', { text: 'x' })).statusCode).toBe(200);
    expect((await preview('/groups/nope/-/preview_markdown', { text: 'x' })).statusCode).toBe(404);
  });

  it('previews for a project the viewer can read, and is a 404 for others', async () => {
    const res = await preview('/acme/app/-/preview_markdown?target_type=Note', { text: '_hi_' });
    expect([res.statusCode, res.json<{ body: string }>().body.trim()]).toEqual([200, '<p><em>hi</em></p>']);
    expect((await preview('/secret/vault/-/preview_markdown', { text: 'x' }, outsider)).statusCode).toBe(404);
    expect((await preview('/secret/vault/-/preview_markdown', { text: 'x' })).statusCode).toBe(200);
    expect((await preview('/acme/nope/-/preview_markdown', { text: 'x' })).statusCode).toBe(404);
  });
});
