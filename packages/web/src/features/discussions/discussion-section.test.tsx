// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { absoluteTime } from '../issuables/format-created.ts';
import {
  ALICE,
  BOB,
  buildDiscussion,
  buildNote,
  issueAnswer,
  page,
  type TestDiscussion,
  viewer,
} from './test/discussion-fixtures.ts';
import { renderDiscussionSection } from './test/render-section.tsx';
import { NOTE_MESSAGES } from './use-note-actions.ts';

const created = (discussion: TestDiscussion) => ({
  note: { __typename: 'Note', id: discussion.notes.nodes[0]?.id, discussion },
  errors: [],
});

afterEach(() => window.localStorage.clear());

/** `count` comments reading `<prefix>0`, `<prefix>1`, … */
function numbered(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => buildDiscussion([buildNote({ bodyHtml: `<p>${prefix}${i}</p>` })]));
}

/** A page of `asc` (oldest first) or of `desc` read newest first; cursors name the order and the offset. */
function pageIn(asc: TestDiscussion[], desc: TestDiscussion[], variables: Record<string, unknown>) {
  const list = variables.sort === 'DESC' ? [...desc].reverse() : asc;
  const start = variables.after ? Number(String(variables.after).split('-')[1]) : 0;
  const end = start + Number(variables.first);
  const next = end < list.length ? `${String(variables.sort)}-${end}` : null;
  return issueAnswer(page(list.slice(start, end), next, list.length));
}

/** The activity shows every one of `all`, in order, and is no longer loading. */
async function expectWholeList(all: TestDiscussion[], prefix: string) {
  const list = await screen.findByRole('list', { name: 'Activity' });
  // A hundred and more entries laid out a step at a time in jsdom: 12–13 s at load 20 on the 2-core machine.
  await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBe(all.length), { timeout: 30_000 });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading more activity' })).toBeNull());
  const shown = within(list)
    .getAllByRole('article')
    .map((article) => article.textContent?.match(new RegExp(`${prefix}\\d+`))?.[0]);
  expect(shown).toEqual(all.map((_, i) => `${prefix}${i}`));
}

// Typing whole comments with user-event takes seconds on a busy machine.
describe('DiscussionSection', { timeout: 20_000 }, () => {
  it('shows history lines, comments and threads with who, when, edited, internal and reactions', async () => {
    const history = buildDiscussion([
      buildNote(
        { system: true, systemNoteIconName: 'label', body: 'added ~bug label', bodyHtml: '<p>added ~bug label</p>' },
        BOB,
      ),
    ]);
    const comment = buildNote({
      bodyHtml: '<p>Looks <strong>good</strong></p>',
      lastEditedAt: '2026-11-20T11:00:00Z',
      lastEditedBy: { __typename: 'UserCore', id: BOB.id, name: 'Bob Brown', webPath: '/bob' },
      awardEmoji: {
        __typename: 'AwardEmojiConnection',
        nodes: [
          { __typename: 'AwardEmoji', name: 'thumbsup', user: ALICE },
          { __typename: 'AwardEmoji', name: 'thumbsup', user: BOB },
        ],
      },
    });
    const internal = buildNote({ internal: true, bodyHtml: '<p>Reporters only</p>' }, BOB);
    const thread = buildDiscussion([buildNote({ bodyHtml: '<p>Question?</p>' }, BOB), buildNote()], {
      individualNote: false,
      resolved: true,
      resolvedBy: { __typename: 'UserCore', id: ALICE.id, name: 'Alice Liddell' },
    });
    renderDiscussionSection({
      IssueDiscussionsQuery: () =>
        issueAnswer(page([history, buildDiscussion([comment]), buildDiscussion([internal]), thread])),
    });

    expect(screen.getByRole('status', { name: 'Loading activity' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText('added ~bug label')).toBeTruthy();
    expect(within(list).getAllByRole('link', { name: 'Bob Brown' })[0]?.getAttribute('href')).toBe('/bob');
    const first = within(list).getAllByRole('article')[0] as HTMLElement;
    expect(within(first).getByText('good').tagName).toBe('STRONG');
    expect(first.textContent).toContain('Edited');
    expect(within(first).getByRole('button', { name: 'You and Bob Brown reacted with :thumbsup:' })).toBeTruthy();
    expect(within(list).getByText('Internal note')).toBeTruthy();
    // The resolved thread shows collapsed: who started it, the replies, who resolved it.
    expect(within(list).queryByText('Question?')).toBeNull();
    expect(within(list).getByText('Bob Brown started a thread')).toBeTruthy();
    expect(within(list).getByText('Resolved by Alice Liddell')).toBeTruthy();
    const toggle = within(list).getByRole('button', { name: '1 reply' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(list).queryByRole('button', { name: 'Unresolve thread' })).toBeNull();
  });

  it("shows a note's exact time as its tooltip once the pointer comes over its entry, not before", async () => {
    const timed = buildNote({ bodyHtml: '<p>Timed</p>', createdAt: '2026-11-19T08:30:00Z' });
    const other = buildNote({ bodyHtml: '<p>Other</p>', createdAt: '2026-11-18T07:15:00Z' });
    const { user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([timed]), buildDiscussion([other])])),
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const [first, second] = within(list).getAllByRole('article') as [HTMLElement, HTMLElement];
    const time = first.querySelector('time');
    const otherTime = second.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe('2026-11-19T08:30:00Z');
    expect(time?.hasAttribute('title')).toBe(false);
    // Over the comment's text: its time has the tooltip before the pointer reaches it; the other's not.
    await user.hover(within(first).getByText('Timed'));
    expect(time?.getAttribute('title')).toBe(absoluteTime('2026-11-19T08:30:00Z'));
    expect(otherTime?.hasAttribute('title')).toBe(false);
    await user.hover(otherTime as HTMLElement);
    expect(otherTime?.getAttribute('title')).toBe(absoluteTime('2026-11-18T07:15:00Z'));
  });

  it('opens and closes a resolved thread; unresolving keeps it open, resolving collapses it', async () => {
    const start = buildNote({ bodyHtml: '<p>Ready?</p>' }, BOB);
    const answer = buildNote({ bodyHtml: '<p>Yes</p>', createdAt: '2026-11-20T11:00:00Z' });
    const resolved = buildDiscussion([start, answer, buildNote({ bodyHtml: '<p>Done</p>' }, BOB)], {
      individualNote: false,
      resolved: true,
      resolvedAt: '2026-11-20T12:00:00Z',
      resolvedBy: { __typename: 'UserCore', id: ALICE.id, name: 'Alice Liddell' },
    });
    const unresolved = { ...resolved, resolved: false, resolvedAt: null, resolvedBy: null };
    let next: TestDiscussion = unresolved;
    const { user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([resolved])),
      DiscussionToggleResolveMutation: () => {
        const discussion = next;
        next = resolved;
        return { discussionToggleResolve: { discussion, errors: [] } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getByText(/Last reply by Bob Brown/)).toBeTruthy();
    expect(
      within(list)
        .getByText(/^Resolved/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2026-11-20T12:00:00Z');
    await user.click(within(list).getByRole('button', { name: '2 replies' }));
    expect(within(list).getByText('Ready?')).toBeTruthy();
    expect(within(list).getByText('Done')).toBeTruthy();
    const hide = within(list).getByRole('button', { name: 'Hide thread' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(within(list).queryByText('Ready?')).toBeNull();
    await user.click(within(list).getByRole('button', { name: '2 replies' }));
    await user.click(within(list).getByRole('button', { name: 'Unresolve thread' }));
    expect(await within(list).findByRole('button', { name: 'Resolve thread' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Hide thread' })).toBeNull();
    expect(within(list).getByText('Ready?')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Resolve thread' }));
    expect(await within(list).findByRole('button', { name: '2 replies' })).toBeTruthy();
    expect(within(list).queryByText('Ready?')).toBeNull();
  });

  it('comments with Ctrl+Enter, shows the new comment and forgets the draft; an empty comment cannot be sent', async () => {
    const mine = buildDiscussion([buildNote({ body: 'Ship it', bodyHtml: '<p>Ship it</p>' })]);
    const { calls, user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([])),
      CreateNoteMutation: () => ({ createNote: created(mine) }),
    });
    const field = await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.getByRole('button', { name: 'Comment' }).hasAttribute('disabled')).toBe(true);
    await user.type(field, '   ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(calls.some((c) => c.operationName === 'CreateNoteMutation')).toBe(false);
    await user.clear(field);
    await user.type(field, 'Ship it');
    // The editor tells the form its text a pause after typing (decision 0045); the draft follows.
    await waitFor(() => expect(window.localStorage.getItem('milepost:draft:Issue/acme/app/7/comment')).toBe('Ship it'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Ship it', { selector: 'p' })).toBeTruthy();
    expect(calls.find((c) => c.operationName === 'CreateNoteMutation')?.variables).toEqual({
      input: { noteableId: 'gid://gitlab/Issue/7', body: 'Ship it', internal: false },
    });
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(window.localStorage.getItem('milepost:draft:Issue/acme/app/7/comment')).toBeNull();
  });

  it('keeps the text and says why when the comment fails', async () => {
    const { user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([])),
      CreateNoteMutation: () => new Error('offline'),
    });
    const field = await screen.findByRole('textbox', { name: 'Comment' });
    await user.type(field, 'Important');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTE_MESSAGES.create);
    expect((field as HTMLTextAreaElement).value).toBe('Important');
  });

  it('starts an internal thread for Reporter+; keeps the draft across a reload', async () => {
    window.localStorage.setItem('milepost:draft:Issue/acme/app/7/comment', 'Left over');
    const thread = buildDiscussion([buildNote({ internal: true, bodyHtml: '<p>Left over</p>' })], {
      individualNote: false,
    });
    const { calls, user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([])),
      CreateDiscussionMutation: () => ({ createDiscussion: created(thread) }),
    });
    const field = await screen.findByRole('textbox', { name: 'Comment' });
    expect((field as HTMLTextAreaElement).value).toBe('Left over');
    await user.click(screen.getByRole('checkbox', { name: 'Make this an internal note' }));
    expect(screen.getByRole('button', { name: 'Add internal note' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Comment type' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /Start thread/ }));
    await user.click(screen.getByRole('button', { name: 'Start internal thread' }));
    expect(await screen.findByRole('button', { name: 'Resolve thread' })).toBeTruthy();
    expect(calls.find((c) => c.operationName === 'CreateDiscussionMutation')?.variables).toEqual({
      input: { noteableId: 'gid://gitlab/Issue/7', body: 'Left over', internal: true },
    });
  });

  it('offers no internal checkbox without markNoteAsInternal', async () => {
    renderDiscussionSection({ IssueDiscussionsQuery: () => issueAnswer(page([]), { markNoteAsInternal: false }) });
    await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.queryByRole('checkbox', { name: 'Make this an internal note' })).toBeNull();
  });

  it('says a discussion is locked, and gives non-members no form', async () => {
    renderDiscussionSection({
      IssueDiscussionsQuery: () =>
        issueAnswer(page([buildDiscussion([buildNote()])]), { locked: true, createNote: false }),
    });
    expect(
      await screen.findByText('The discussion in this issue is locked. Only project members can comment.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply to comment' })).toBeNull();
  });

  it("says the discussion is locked as soon as the page locks it (the issue in Apollo's cache)", async () => {
    const text = 'The discussion in this issue is locked. Only project members can comment.';
    const { client } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([buildNote()])])),
    });
    await screen.findByRole('textbox', { name: 'Comment' });
    expect(screen.queryByText(text)).toBeNull();
    // What 'Lock discussion' in the actions menu does: its answer changes the issue in the cache.
    act(() => {
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Issue', id: 'gid://gitlab/Issue/7' }),
        fields: { discussionLocked: () => true },
      });
    });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('asks signed-out visitors to sign in', async () => {
    renderDiscussionSection({
      CurrentUserQuery: () => viewer(null),
      NotesPreferencesQuery: () => viewer(null),
      IssueDiscussionsQuery: () => issueAnswer(page([]), { createNote: false, markNoteAsInternal: false }),
    });
    expect((await screen.findByText(/to reply$/)).textContent).toBe('Please register or sign in to reply');
  });

  it('saves the filter and sort for the user and shows history only without a form', async () => {
    const { calls, user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([])),
      UpdateNotesPreferencesMutation: ({ input }) => ({
        userPreferencesUpdate: {
          currentUser: {
            __typename: 'CurrentUser',
            id: ALICE.id,
            issueNotesFilter: (input as { issueNotesFilter?: string }).issueNotesFilter ?? 'ALL_NOTES',
            epicNotesFilter: 'ALL_NOTES',
            notesSort: (input as { notesSort?: string }).notesSort ?? 'ASC',
          },
          errors: [],
        },
      }),
    });
    await screen.findByRole('textbox', { name: 'Comment' });
    await user.click(screen.getByRole('button', { name: /Filter activity/ }));
    await user.click(await screen.findByRole('option', { name: 'History only' }));
    expect(await screen.findByText(/You're only seeing/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Sort activity/ }));
    await user.click(await screen.findByRole('option', { name: 'Newest first' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'UpdateNotesPreferencesMutation').map((c) => c.variables)).toEqual(
        [{ input: { issueNotesFilter: 'ONLY_ACTIVITY' } }, { input: { notesSort: 'DESC' } }],
      ),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').at(-1)?.variables).toMatchObject({
        filter: 'ONLY_ACTIVITY',
        sort: 'DESC',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Show comments only' }));
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toBeTruthy();
  });

  it('loads every further page after the first, into one list', async () => {
    const firstPage = [buildDiscussion([buildNote({ bodyHtml: '<p>one</p>' })])];
    const secondPage = [buildDiscussion([buildNote({ bodyHtml: '<p>two</p>' })])];
    const { calls } = renderDiscussionSection({
      IssueDiscussionsQuery: (variables) =>
        variables.after ? issueAnswer(page(secondPage, null, 2)) : issueAnswer(page(firstPage, 'cursor-1', 2)),
    });
    expect(await screen.findByText('two')).toBeTruthy();
    expect(screen.getByText('one')).toBeTruthy();
    expect(calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').map((c) => c.variables)).toEqual([
      expect.objectContaining({ first: 20 }),
      expect.objectContaining({ after: 'cursor-1', first: 100 }),
    ]);
  });

  it('fetches page after page without waiting for the layout, lays the entries out a step at a time, then the form', async () => {
    const comments = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => buildDiscussion([buildNote({ bodyHtml: `<p>c${from + i}</p>` })]));
    const pages: Record<string, ReturnType<typeof page>> = {
      first: page(comments(0, 20), 'cursor-1', 70),
      'cursor-1': page(comments(20, 40), 'cursor-2', 70),
      'cursor-2': page(comments(60, 10), null, 70),
    };
    const { calls } = renderDiscussionSection({
      IssueDiscussionsQuery: (variables) => issueAnswer(pages[String(variables.after ?? 'first')] ?? page([])),
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    // The comment form below the thread mounts once the thread is laid out (decision 0086).
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(70);
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBe(70), { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading more activity' })).toBeNull());
    expect(list.getAttribute('aria-busy')).toBe('false');
    expect(await screen.findByRole('textbox', { name: 'Comment' })).toBeTruthy();
    expect(within(list).getByText('c69')).toBeTruthy();
    expect(calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').map((c) => c.variables.after)).toEqual([
      undefined,
      'cursor-1',
      'cursor-2',
    ]);
  });

  // A hundred and more entries laid out in jsdom: slow on a busy machine.
  it('fetches a long list from both ends at once and joins them', { timeout: 60_000 }, async () => {
    const all = numbered('c', 124);
    const { calls } = renderDiscussionSection({ IssueDiscussionsQuery: (variables) => pageIn(all, all, variables) });
    await expectWholeList(all, 'c');
    // 104 missing after the first 20: 52 from the near end, 53 from the far end (one to prove the seam).
    const pages = calls
      .filter((c) => c.operationName === 'IssueDiscussionsQuery')
      .map((c) => `${c.variables.sort}:${c.variables.after ?? '-'}:${c.variables.first}`);
    expect(pages.sort()).toEqual(['ASC:-:20', 'ASC:ASC-20:52', 'DESC:-:53'].sort());
  });

  it('pages on from the near end when the far end does not meet it as counted', { timeout: 60_000 }, async () => {
    const all = numbered('d', 124);
    // Someone added a comment between the requests: the far end starts past the near one.
    const grown = [...all, ...numbered('e', 1)];
    const { calls } = renderDiscussionSection({ IssueDiscussionsQuery: (variables) => pageIn(all, grown, variables) });
    await expectWholeList(all, 'd');
    expect(
      calls.filter((c) => c.operationName === 'IssueDiscussionsQuery').map((c) => String(c.variables.after ?? '-')),
    ).toContain('ASC-72');
  });

  it('scrolls to the note the address points at once it is laid out, though it comes on a later page', async () => {
    const comments = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => buildDiscussion([buildNote({ bodyHtml: `<p>c${from + i}</p>` })]));
    const later = comments(20, 40);
    const target = later[35]?.notes.nodes[0];
    const anchor = `note_${target?.id.split('/').pop()}`;
    const pages: Record<string, ReturnType<typeof page>> = {
      first: page(comments(0, 20), 'cursor-1', 60),
      'cursor-1': page(later, null, 60),
    };
    const scrolled: string[] = [];
    const prototype = Element.prototype as { scrollIntoView?: unknown };
    const original = prototype.scrollIntoView;
    prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    window.history.replaceState(null, '', `#${anchor}`);
    try {
      renderDiscussionSection({
        IssueDiscussionsQuery: (variables) => issueAnswer(pages[String(variables.after ?? 'first')] ?? page([])),
      });
      expect(await screen.findByText('c55', {}, { timeout: 15_000 })).toBeTruthy();
      await waitFor(() => expect(scrolled).toEqual([anchor]));
      expect(document.getElementById(anchor)?.textContent).toContain('c55');
    } finally {
      prototype.scrollIntoView = original;
      window.history.replaceState(null, '', window.location.pathname);
    }
  });

  it('edits under the lock version and keeps the text when someone else saved first', async () => {
    const note = buildNote({ body: 'Old', bodyHtml: '<p>Old</p>', lockVersion: 3 });
    const theirs = { ...note, body: 'Theirs', bodyHtml: '<p>Theirs</p>', lockVersion: 4 };
    const { calls, user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([note])])),
      UpdateNoteMutation: () => ({ updateNote: { note: null, errors: [NOTE_MESSAGES.stale] } }),
      NoteQuery: () => ({ note: theirs }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit comment' }));
    const field = screen.getByRole('textbox', { name: 'Edit comment' });
    await user.clear(field);
    await user.type(field, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTE_MESSAGES.stale);
    expect(calls.find((c) => c.operationName === 'UpdateNoteMutation')?.variables).toEqual({
      input: { id: note.id, body: 'Mine', lockVersion: 3 },
    });
    expect(within(screen.getByRole('region', { name: 'Latest version' })).getByText('Theirs')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Edit comment' }) as HTMLTextAreaElement).value).toBe('Mine');
  });

  it('deletes after confirmation; the last note takes its discussion along', async () => {
    const { user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([buildNote({ bodyHtml: '<p>Bye</p>' })])])),
      DestroyNoteMutation: () => ({ destroyNote: { errors: [] } }),
    });
    await screen.findByText('Bye');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete this comment?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('Bye')).toBeNull());
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('replies in a thread and resolves it', async () => {
    const start = buildNote({ bodyHtml: '<p>Start</p>' }, BOB);
    const thread = buildDiscussion([start], { individualNote: false });
    const withReply = {
      ...thread,
      notes: { ...thread.notes, nodes: [start, buildNote({ bodyHtml: '<p>Answer</p>' })] },
    };
    const { calls, user } = renderDiscussionSection({
      IssueDiscussionsQuery: () => issueAnswer(page([thread])),
      CreateNoteMutation: () => ({ createNote: created(withReply) }),
      DiscussionToggleResolveMutation: () => ({
        discussionToggleResolve: {
          discussion: {
            ...withReply,
            resolved: true,
            resolvedBy: { __typename: 'UserCore', id: ALICE.id, name: 'Alice Liddell' },
          },
          errors: [],
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reply…' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Answer');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('Answer')).toBeTruthy();
    expect(calls.find((c) => c.operationName === 'CreateNoteMutation')?.variables).toEqual({
      input: { noteableId: 'gid://gitlab/Issue/7', body: 'Answer', internal: false, discussionId: thread.id },
    });
    await user.click(screen.getByRole('button', { name: 'Resolve thread' }));
    expect(await screen.findByText('Resolved by Alice Liddell')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1 reply' }).getAttribute('aria-expanded')).toBe('false');
  });
});
