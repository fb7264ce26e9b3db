import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { issuesFactories } from '../../test/issues-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

type NoteData = { id: string; body: string; discussion: { id: string } };

describe('GraphQL notes and discussions', () => {
  let t: TestApp;
  let reporter: UserRow;
  let guest: UserRow;
  let outsider: UserRow;
  let issue: IssueNode;
  let secret: IssueNode;
  let epic: EpicNode;
  let project: Awaited<ReturnType<TestApp['buildProject']>>;

  beforeAll(async () => {
    t = await createTestApp();
    [reporter, guest, outsider] = await Promise.all([
      t.buildUser({ username: 'rhea' }),
      t.buildUser({ username: 'gil' }),
      t.buildUser({ username: 'oz' }),
    ]);
    const group = await t.buildGroup({ path: 'gn', visibility: 'public' });
    await t.addGroupMember(group, reporter, 20);
    await t.addGroupMember(group, guest, 10);
    project = await t.buildProject({ group, path: 'app' });
    const f = issuesFactories(t);
    issue = await f.buildIssue({ project, title: 'Talk' });
    secret = await f.buildIssue({ project, title: 'Hush', confidential: true });
    epic = await epicsFactories(t).buildEpic({ group, title: 'Big talk' });
  });

  const create = `mutation($input: CreateNoteInput!) { createNote(input: $input) {
    note { id body bodyHtml internal discussion { id } author { username } } errors } }`;
  const issueNotes = (iid: number) => `query { project(fullPath: "gn/app") { issue(iid: "${iid}") {
    userNotesCount userDiscussionsCount
    notes { count nodes { body internal system bodyHtml userPermissions { adminNote readNote awardEmoji resolveNote } } }
    discussions { count nodes { individualNote resolvable resolved resolvedBy { username } notes { nodes { body } } } } } } }`;

  const createNote = async (as: UserRow, input: Record<string, unknown>) =>
    await t.graphql<{ createNote: { note: NoteData | null; errors: string[] } }>(create, { input }, { as });

  it('creates notes, replies and internal notes; lists them with permissions and rendered mentions', async () => {
    const issueGid = `gid://gitlab/Issue/${issue.issue.id}`;
    const first = await createNote(guest, { noteableId: issueGid, body: 'Ping @rhea' });
    expect(first.data?.createNote).toMatchObject({
      note: { body: 'Ping @rhea', internal: false, author: { username: 'gil' } },
      errors: [],
    });
    expect(first.data?.createNote.note?.id).toMatch(/^gid:\/\/gitlab\/Note\/\d+$/);
    const discussionId = first.data?.createNote.note?.discussion.id;
    expect(discussionId).toMatch(/^gid:\/\/gitlab\/Discussion\/[0-9a-f]{40}$/);
    const reply = await createNote(reporter, { noteableId: issueGid, body: 'On it', discussionId });
    expect(reply.data?.createNote.note?.discussion.id).toBe(discussionId);
    await createNote(reporter, { noteableId: issueGid, body: 'Reporters only', internal: true });
    const blank = await createNote(guest, { noteableId: issueGid, body: ' ' });
    expect(blank.data?.createNote).toEqual({ note: null, errors: ["Note can't be blank"] });

    const asGuest = await t.graphql(issueNotes(issue.issue.iid), {}, { as: guest });
    expect(asGuest.data).toMatchObject({
      project: {
        issue: {
          userNotesCount: 2,
          userDiscussionsCount: 1,
          notes: {
            count: 2,
            nodes: [
              {
                body: 'Ping @rhea',
                internal: false,
                system: false,
                userPermissions: { adminNote: true, readNote: true, awardEmoji: true, resolveNote: false },
              },
              { body: 'On it', userPermissions: { adminNote: false, resolveNote: false } },
            ],
          },
          discussions: {
            count: 1,
            nodes: [{ individualNote: false, resolvable: true, resolved: false, notes: { nodes: [{}, {}] } }],
          },
        },
      },
    });
    const html = (asGuest.data as { project: { issue: { notes: { nodes: { bodyHtml: string }[] } } } }).project.issue
      .notes.nodes[0]?.bodyHtml;
    expect(html).toContain(
      `<a href="/rhea" class="gfm gfm-project_member" data-reference-type="user" data-original="@rhea" data-user="${reporter.id}"`,
    );
    const asReporter = await t.graphql(issueNotes(issue.issue.iid), {}, { as: reporter });
    expect(asReporter.data).toMatchObject({
      project: {
        issue: { userNotesCount: 3, userDiscussionsCount: 2, notes: { count: 3 }, discussions: { count: 2 } },
      },
    });
    const rest = async (as: UserRow) =>
      (await t.request({ method: 'GET', url: `/api/v4/projects/gn%2Fapp/issues/${issue.issue.iid}`, as })).json<{
        user_notes_count: number;
      }>().user_notes_count;
    expect([await rest(guest), await rest(reporter)]).toEqual([2, 3]);
  });

  it('resolves and unresolves a thread, edits and deletes notes, with GitLab errors for the rest', async () => {
    const issueGid = `gid://gitlab/Issue/${issue.issue.id}`;
    const note = (await createNote(guest, { noteableId: issueGid, body: 'Thread start' })).data?.createNote.note;
    const reply = await createNote(reporter, {
      noteableId: issueGid,
      body: 'Reply',
      discussionId: note?.discussion.id,
    });
    const toggle = `mutation($input: DiscussionToggleResolveInput!) { discussionToggleResolve(input: $input) {
      discussion { resolved resolvedBy { username } notes { nodes { resolved } } } errors } }`;
    const denied = await t.graphql(toggle, { input: { id: note?.discussion.id, resolve: true } }, { as: guest });
    expect(denied.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const resolved = await t.graphql(toggle, { input: { id: note?.discussion.id, resolve: true } }, { as: reporter });
    expect(resolved.data).toEqual({
      discussionToggleResolve: {
        discussion: {
          resolved: true,
          resolvedBy: { username: 'rhea' },
          notes: { nodes: [{ resolved: true }, { resolved: true }] },
        },
        errors: [],
      },
    });

    const update = `mutation($input: UpdateNoteInput!) { updateNote(input: $input) { note { body } errors } }`;
    const notMine = await t.graphql(update, { input: { id: note?.id, body: 'x' } }, { as: reporter });
    expect(notMine.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const mine = await t.graphql(update, { input: { id: note?.id, body: 'Thread, edited' } }, { as: guest });
    expect(mine.data).toEqual({ updateNote: { note: { body: 'Thread, edited' }, errors: [] } });

    const destroy = `mutation($input: DestroyNoteInput!) { destroyNote(input: $input) { note { id } errors } }`;
    const gone = await t.graphql(destroy, { input: { id: reply.data?.createNote.note?.id } }, { as: reporter });
    expect(gone.data).toEqual({ destroyNote: { note: null, errors: [] } });
    const again = await t.graphql(destroy, { input: { id: reply.data?.createNote.note?.id } }, { as: reporter });
    expect(again.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });

  it('treats notes of hidden issues as missing and keeps out non-members of hidden things', async () => {
    const secretGid = `gid://gitlab/Issue/${secret.issue.id}`;
    const refused = await createNote(outsider, { noteableId: secretGid, body: 'Let me see' });
    expect(refused.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
    const own = await createNote(reporter, { noteableId: secretGid, body: 'Secret talk' });
    const hidden = await t.graphql(issueNotes(secret.issue.iid), {}, { as: outsider });
    expect(hidden.data).toEqual({ project: { issue: null } });
    const update = `mutation($input: UpdateNoteInput!) { updateNote(input: $input) { note { body } errors } }`;
    const probe = await t.graphql(
      update,
      { input: { id: own.data?.createNote.note?.id, body: 'x' } },
      { as: outsider },
    );
    expect(probe.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
  });

  it('serves Epic.notes and Epic.discussions and reacts to notes', async () => {
    const note = await createNote(guest, { noteableId: `gid://gitlab/Epic/${epic.epic.id}`, body: 'Epic chat' });
    const toggle = `mutation($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) { toggledOn errors } }`;
    const awarded = await t.graphql(
      toggle,
      { input: { awardableId: note.data?.createNote.note?.id, name: 'tada' } },
      { as: reporter },
    );
    expect(awarded.data).toEqual({ awardEmojiToggle: { toggledOn: true, errors: [] } });
    const q = `query { group(fullPath: "gn") { epic(iid: "${epic.epic.iid}") {
      notes { nodes { body awardEmoji { nodes { name user { username } } } } }
      discussions { nodes { individualNote notes { nodes { body } } } } } } }`;
    expect((await t.graphql(q, {}, { as: null })).data).toEqual({
      group: {
        epic: {
          notes: {
            nodes: [{ body: 'Epic chat', awardEmoji: { nodes: [{ name: 'tada', user: { username: 'rhea' } }] } }],
          },
          discussions: { nodes: [{ individualNote: true, notes: { nodes: [{ body: 'Epic chat' }] } }] },
        },
      },
    });
  });

  it('shows system notes with their icon in the activity filter', async () => {
    await t.request({
      method: 'PUT',
      url: `/api/v4/projects/gn%2Fapp/issues/${issue.issue.iid}`,
      as: reporter,
      payload: { title: 'Talk more' },
    });
    const q = `query { project(fullPath: "gn/app") { issue(iid: "${issue.issue.iid}") {
      notes(filter: ONLY_ACTIVITY) { nodes { body system systemNoteIconName author { username } } } } } }`;
    expect((await t.graphql(q, {}, { as: guest })).data).toEqual({
      project: {
        issue: {
          notes: {
            nodes: [
              {
                body: 'changed title from **Talk** to **Talk more**',
                system: true,
                systemNoteIconName: 'pencil',
                author: { username: 'rhea' },
              },
            ],
          },
        },
      },
    });
  });

  it('starts a thread with createDiscussion and sorts discussions newest first on request', async () => {
    const other = await issuesFactories(t).buildIssue({ project, title: 'Sorted' });
    const gid = `gid://gitlab/Issue/${other.issue.id}`;
    const start = `mutation($input: CreateDiscussionInput!) { createDiscussion(input: $input) {
      note { body internal discussion { id } } errors } }`;
    await createNote(guest, { noteableId: gid, body: 'First comment' });
    const thread = await t.graphql<{ createDiscussion: { note: NoteData & { internal: boolean }; errors: string[] } }>(
      start,
      { input: { noteableId: gid, body: 'A thread', internal: true } },
      { as: reporter },
    );
    expect(thread.data?.createDiscussion).toMatchObject({ note: { body: 'A thread', internal: true }, errors: [] });
    const blank = await t.graphql(start, { input: { noteableId: gid, body: '' } }, { as: reporter });
    expect(blank.data).toEqual({ createDiscussion: { note: null, errors: ["Note can't be blank"] } });
    const list = (sort: string) => `query { project(fullPath: "gn/app") { issue(iid: "${other.issue.iid}") {
      discussions(sort: ${sort}) { nodes { individualNote resolvable notes { nodes { body } } } } } } }`;
    type List = {
      project: {
        issue: {
          discussions: {
            nodes: { individualNote: boolean; resolvable: boolean; notes: { nodes: { body: string }[] } }[];
          };
        };
      };
    };
    const asc = await t.graphql<List>(list('ASC'), {}, { as: reporter });
    expect(asc.data?.project.issue.discussions.nodes).toEqual([
      { individualNote: true, resolvable: false, notes: { nodes: [{ body: 'First comment' }] } },
      { individualNote: false, resolvable: true, notes: { nodes: [{ body: 'A thread' }] } },
    ]);
    const desc = await t.graphql<List>(list('DESC'), {}, { as: reporter });
    expect(desc.data?.project.issue.discussions.nodes.map((d) => d.notes.nodes[0]?.body)).toEqual([
      'A thread',
      'First comment',
    ]);
    const guestView = await t.graphql<List>(list('DESC'), {}, { as: guest });
    expect(guestView.data?.project.issue.discussions.nodes.map((d) => d.notes.nodes[0]?.body)).toEqual([
      'First comment',
    ]);
  });

  it('edits under a lock version and finds a note by id, hidden ones as missing', async () => {
    const gid = `gid://gitlab/Issue/${issue.issue.id}`;
    const created = await createNote(guest, { noteableId: gid, body: 'Version one' });
    const id = created.data?.createNote.note?.id;
    const find = `query($id: ID!) { note(id: $id) { body lockVersion } }`;
    expect((await t.graphql(find, { id }, { as: guest })).data).toEqual({
      note: { body: 'Version one', lockVersion: 0 },
    });
    const update = `mutation($input: UpdateNoteInput!) { updateNote(input: $input) { note { body lockVersion } errors } }`;
    const first = await t.graphql(update, { input: { id, body: 'Version two', lockVersion: 0 } }, { as: guest });
    expect(first.data).toEqual({ updateNote: { note: { body: 'Version two', lockVersion: 1 }, errors: [] } });
    const stale = await t.graphql(update, { input: { id, body: 'Version three', lockVersion: 0 } }, { as: guest });
    expect(stale.data).toEqual({
      updateNote: {
        note: null,
        errors: ['Someone edited this comment at the same time you did. Please refresh the page to see their changes.'],
      },
    });
    expect((await t.graphql(find, { id }, { as: guest })).data).toEqual({
      note: { body: 'Version two', lockVersion: 1 },
    });
    const internal = await createNote(reporter, { noteableId: gid, body: 'Quiet', internal: true });
    expect((await t.graphql(find, { id: internal.data?.createNote.note?.id }, { as: guest })).data).toEqual({
      note: null,
    });
    expect((await t.graphql(find, { id: 'gid://gitlab/Note/999999' }, { as: guest })).data).toEqual({ note: null });
  });
});
