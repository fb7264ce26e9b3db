import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

type Note = Record<string, unknown> & { id: number; body: string };
type Discussion = { id: string; individual_note: boolean; notes: Note[] };

describe('REST notes and discussions', () => {
  let t: TestApp;
  let reporter: UserRow;
  let guest: UserRow;
  let maintainer: UserRow;
  let outsider: UserRow;
  let issue: IssueNode;
  let secret: IssueNode;
  let locked: IssueNode;
  let epic: EpicNode;
  let secretEpic: EpicNode;
  const base = '/api/v4/projects/nt%2Fapp/issues';

  beforeAll(async () => {
    t = await createTestApp();
    const f = issuesFactories(t);
    [reporter, guest, maintainer, outsider] = await Promise.all([
      t.buildUser({ username: 'rita' }),
      t.buildUser({ username: 'gus' }),
      t.buildUser({ username: 'mae' }),
      t.buildUser({ username: 'otto' }),
    ]);
    const group = await t.buildGroup({ path: 'nt', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    await t.addGroupMember(group, maintainer, 40);
    const project = await t.buildProject({ group, path: 'app' });
    issue = await f.buildIssue({ project, title: 'Discuss me' });
    secret = await f.buildIssue({ project, title: 'Secret', confidential: true });
    locked = await f.buildIssue({ project, title: 'Locked', discussionLocked: true });
    const ef = epicsFactories(t);
    epic = await ef.buildEpic({ group, title: 'Epic to discuss' });
    secretEpic = await ef.buildEpic({ group, title: 'Secret epic', confidential: true });
  });

  const post = (url: string, as: UserRow | null, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, as, payload });
  const put = (url: string, as: UserRow | null, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url, as, payload });

  it('creates, lists (sorted, paginated), reads, edits and deletes issue notes in GitLab shapes', async () => {
    const url = `${base}/${issue.issue.iid}/notes`;
    const first = await post(url, guest, { body: 'First! @rita' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const note = first.json<Note>();
    expect(note).toMatchObject({
      type: null,
      body: 'First! @rita',
      attachment: null,
      author: { username: 'gus', id: guest.id },
      system: false,
      noteable_id: issue.issue.id,
      noteable_type: 'Issue',
      noteable_iid: issue.issue.iid,
      project_id: issue.project.id,
      resolvable: false,
      confidential: false,
      internal: false,
      commands_changes: {},
    });
    expect(note).not.toHaveProperty('resolved');
    await post(url, reporter, { body: 'Second' });
    await post(url, guest, { body: 'Third' });

    const page = await t.request({ method: 'GET', url: `${url}?per_page=2`, as: outsider });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total']).toBe('3');
    expect(page.headers['x-total-pages']).toBe('2');
    expect(page.headers['x-next-page']).toBe('2');
    expect(page.json<Note[]>().map((n) => n.body)).toEqual(['Third', 'Second']);
    const asc = await t.request({ method: 'GET', url: `${url}?sort=asc&order_by=updated_at`, as: null });
    expect(asc.json<Note[]>().map((n) => n.body)).toEqual(['First! @rita', 'Second', 'Third']);
    const bad = await t.request({ method: 'GET', url: `${url}?order_by=title`, as: guest });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'order_by does not have a valid value' });

    const one = await t.request({ method: 'GET', url: `${url}/${note.id}`, as: null });
    expect(one.json<Note>().body).toBe('First! @rita');

    // Only the author (or Maintainer+) edits; an empty body is refused and changes nothing.
    expect((await put(`${url}/${note.id}`, reporter, { body: 'hijack' })).statusCode).toBe(403);
    const blank = await put(`${url}/${note.id}`, guest, { body: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: { note: ["can't be blank"] } });
    const edited = await put(`${url}/${note.id}`, guest, { body: 'First, edited' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Note>().body).toBe('First, edited');
    const byMaintainer = await put(`${url}/${note.id}`, maintainer, { body: 'Moderated' });
    expect(byMaintainer.json<Note>().body).toBe('Moderated');

    expect((await t.request({ method: 'DELETE', url: `${url}/${note.id}`, as: reporter })).statusCode).toBe(403);
    const gone = await t.request({ method: 'DELETE', url: `${url}/${note.id}`, as: guest });
    expect(gone.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${url}/${note.id}`, as: guest })).statusCode).toBe(404);
  });

  it('refuses a stale lock version with 409 and keeps the newer text', async () => {
    const url = `${base}/${issue.issue.iid}/notes`;
    const note = (await post(url, guest, { body: 'v0' })).json<Note>();
    expect((await put(`${url}/${note.id}`, guest, { body: 'v1', lock_version: 0 })).statusCode).toBe(200);
    const stale = await put(`${url}/${note.id}`, guest, { body: 'v1 again', lock_version: 0 });
    expect(stale.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `${url}/${note.id}`, as: guest })).json<Note>().body).toBe('v1');
    // Two edits of the same version at once: one wins, the other is told to refresh; never a 500.
    const both = await Promise.all(
      ['left', 'right'].map((body) => put(`${url}/${note.id}`, guest, { body, lock_version: 1 })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 404 for the notes of a hidden issue or epic, exactly like missing ones', async () => {
    for (const url of [
      `${base}/${secret.issue.iid}/notes`,
      `${base}/999/notes`,
      `/api/v4/groups/nt/epics/${secretEpic.epic.id}/notes`,
      '/api/v4/groups/nt/epics/99999/notes',
    ]) {
      const res = await t.request({ method: 'GET', url, as: guest });
      expect(res.statusCode, url).toBe(404);
      const write = await post(url, guest, { body: 'peek' });
      expect(write.statusCode, url).toBe(404);
    }
    const own = await post(`${base}/${secret.issue.iid}/notes`, reporter, { body: 'for reporters' });
    expect(own.statusCode).toBe(201);
    const note = own.json<Note>();
    const hidden = await t.request({
      method: 'GET',
      url: `${base}/${secret.issue.iid}/notes/${note.id}`,
      as: outsider,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('hides internal notes from Guests and lets only Reporter+ write them', async () => {
    const url = `${base}/${issue.issue.iid}/notes`;
    const internal = await post(url, reporter, { body: 'Internal only', internal: true });
    expect(internal.json<Note>()).toMatchObject({ internal: true, confidential: true });
    const id = internal.json<Note>().id;
    for (const who of [guest, outsider, null]) {
      const list = await t.request({ method: 'GET', url: `${url}?per_page=100`, as: who });
      expect(list.json<Note[]>().some((n) => n.id === id)).toBe(false);
      expect((await t.request({ method: 'GET', url: `${url}/${id}`, as: who })).statusCode).toBe(404);
    }
    const seen = await t.request({ method: 'GET', url: `${url}?per_page=100`, as: reporter });
    expect(seen.json<Note[]>().some((n) => n.id === id)).toBe(true);
    // A Guest asking for an internal note gets a public one (GitLab drops the flag it may not set).
    const fromGuest = await post(url, guest, { body: 'I tried', internal: true });
    expect(fromGuest.json<Note>().internal).toBe(false);
  });

  it('lets only members comment on a locked issue', async () => {
    const url = `${base}/${locked.issue.iid}/notes`;
    const refused = await post(url, outsider, { body: 'Let me in' });
    expect(refused.statusCode).toBe(403);
    expect((await post(url, guest, { body: 'Member here' })).statusCode).toBe(201);
  });

  it('starts threads, replies, resolves and unresolves them, and drops a thread with its last note', async () => {
    const url = `${base}/${issue.issue.iid}/discussions`;
    const created = await post(url, guest, { body: 'Should we?' });
    expect(created.statusCode).toBe(201);
    const thread = created.json<Discussion>();
    expect(thread).toMatchObject({
      individual_note: false,
      notes: [{ body: 'Should we?', type: 'DiscussionNote', resolvable: true, resolved: false, resolved_by: null }],
    });
    expect(thread.id).toMatch(/^[0-9a-f]{40}$/);
    const reply = await post(`${url}/${thread.id}/notes`, reporter, { body: 'Yes' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Note>()).toMatchObject({ type: 'DiscussionNote', body: 'Yes' });

    // Guests who did not write the issue cannot resolve; Reporters can.
    expect((await put(`${url}/${thread.id}`, guest, { resolved: true })).statusCode).toBe(403);
    const resolved = await put(`${url}/${thread.id}`, reporter, { resolved: true });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<Discussion>().notes.map((n) => [n.resolved, (n.resolved_by as { id: number }).id])).toEqual([
      [true, reporter.id],
      [true, reporter.id],
    ]);
    const noteUrl = `${url}/${thread.id}/notes/${reply.json<Note>().id}`;
    const unresolved = await put(noteUrl, reporter, { resolved: false });
    expect(unresolved.json<Note>()).toMatchObject({ resolved: false, resolved_at: null });
    expect((await put(noteUrl, reporter, {})).json()).toEqual({
      error: 'body, resolved are missing, exactly one parameter must be provided',
    });

    const list = await t.request({ method: 'GET', url: `${url}?per_page=100`, as: guest });
    expect(list.headers['x-total']).toBe(String(list.json<Discussion[]>().length));
    expect(list.json<Discussion[]>().find((d) => d.id === thread.id)?.notes).toHaveLength(2);

    // Replying to an individual note turns it into a thread.
    const single = (await post(`${base}/${issue.issue.iid}/notes`, guest, { body: 'Alone' })).json<Note>();
    const single_d = (await t.request({ method: 'GET', url: `${url}?per_page=100`, as: guest }))
      .json<Discussion[]>()
      .find((d) => d.notes[0]?.id === single.id);
    expect(single_d?.individual_note).toBe(true);
    await post(`${url}/${single_d?.id}/notes`, reporter, { body: 'Not alone' });
    const converted = await t.request({ method: 'GET', url: `${url}/${single_d?.id}`, as: guest });
    expect(converted.json<Discussion>()).toMatchObject({
      individual_note: false,
      notes: [{ type: 'DiscussionNote' }, {}],
    });

    // Deleting every note removes the discussion.
    for (const n of converted.json<Discussion>().notes) {
      const author = (n.author as { id: number }).id === guest.id ? guest : reporter;
      const res = await t.request({ method: 'DELETE', url: `${url}/${single_d?.id}/notes/${n.id}`, as: author });
      expect(res.statusCode).toBe(204);
    }
    expect((await t.request({ method: 'GET', url: `${url}/${single_d?.id}`, as: guest })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${url}/${'0'.repeat(40)}`, as: guest })).statusCode).toBe(404);
  });

  it('serves notes and discussions of an epic by its id under the group', async () => {
    const url = `/api/v4/groups/nt/epics/${epic.epic.id}`;
    const note = await post(`${url}/notes`, guest, { body: 'Epic comment' });
    expect(note.statusCode).toBe(201);
    expect(note.json<Note>()).toMatchObject({ noteable_type: 'Epic', noteable_id: epic.epic.id, noteable_iid: null });
    const thread = await post(`${url}/discussions`, guest, { body: 'Epic thread' });
    expect(thread.statusCode).toBe(201);
    const list = await t.request({ method: 'GET', url: `${url}/discussions`, as: null });
    expect(list.json<Discussion[]>().map((d) => d.notes[0]?.body)).toEqual(['Epic comment', 'Epic thread']);
    const byGroupId = await t.request({
      method: 'GET',
      url: `/api/v4/groups/${epic.group.id}/epics/${epic.epic.id}/notes`,
      as: guest,
    });
    expect(byGroupId.json<Note[]>()).toHaveLength(2);
  });

  it('awards emoji on notes (list, add, read, remove)', async () => {
    const note = (await post(`${base}/${issue.issue.iid}/notes`, guest, { body: 'Like me' })).json<Note>();
    const url = `${base}/${issue.issue.iid}/notes/${note.id}/award_emoji`;
    const added = await post(url, reporter, { name: 'thumbsup' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'thumbsup',
      awardable_type: 'Note',
      awardable_id: note.id,
      user: { id: reporter.id },
    });
    expect((await post(url, reporter, { name: 'thumbsup' })).statusCode).toBe(404);
    expect((await post(url, reporter, { name: 'not-an-emoji' })).statusCode).toBe(400);
    const list = await t.request({ method: 'GET', url, as: null });
    expect(list.json<{ name: string }[]>().map((a) => a.name)).toEqual(['thumbsup']);
    const id = added.json<{ id: number }>().id;
    expect((await t.request({ method: 'DELETE', url: `${url}/${id}`, as: guest })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${url}/${id}`, as: reporter })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${url}/${id}`, as: reporter })).statusCode).toBe(404);
  });

  it('takes notes and their award emoji along when the issue is deleted', async () => {
    const doomed = await issuesFactories(t).buildIssue({
      project: { project: issue.project, group: issue.group },
      title: 'Doomed',
    });
    const url = `${base}/${doomed.issue.iid}/notes`;
    const note = (await post(url, guest, { body: 'Soon gone' })).json<Note>();
    expect((await post(`${url}/${note.id}/award_emoji`, reporter, { name: 'wave' })).statusCode).toBe(201);
    const admin = await t.systemAdmin();
    expect((await t.request({ method: 'DELETE', url: `${base}/${doomed.issue.iid}`, as: admin })).statusCode).toBe(204);
    const left = await t.database.pool.query(
      `SELECT (SELECT count(*) FROM notes WHERE id = $1)::int AS notes,
        (SELECT count(*) FROM award_emoji WHERE awardable_type = 'Note' AND awardable_id = $1)::int AS awards`,
      [note.id],
    );
    expect(left.rows[0]).toEqual({ notes: 0, awards: 0 });
  });
});
