/** Discussions as the server sends them, for the section's component tests. */
let nextId = 100;

export const ALICE = { __typename: 'UserCore', id: 'gid://gitlab/User/2', name: 'Alice Liddell', username: 'alice' };
export const BOB = { __typename: 'UserCore', id: 'gid://gitlab/User/3', name: 'Bob Brown', username: 'bob' };

type Person = typeof ALICE;

export function buildNote(overrides: Record<string, unknown> = {}, author: Person = ALICE) {
  const id = nextId++;
  return {
    __typename: 'Note',
    id: `gid://gitlab/Note/${id}`,
    body: `Note ${id}`,
    bodyHtml: `<p>Note ${id}</p>`,
    system: false,
    systemNoteIconName: null,
    internal: false,
    createdAt: '2026-11-20T10:00:00Z',
    lastEditedAt: null,
    lockVersion: 0,
    lastEditedBy: null,
    author: { ...author, avatarUrl: null, webPath: `/${author.username}` },
    userPermissions: {
      __typename: 'NotePermissions',
      adminNote: true,
      resolveNote: true,
      awardEmoji: true,
      createNote: true,
    },
    awardEmoji: { __typename: 'AwardEmojiConnection', nodes: [] as unknown[] },
    ...overrides,
  };
}

export type TestNote = ReturnType<typeof buildNote>;

export function buildDiscussion(notes: TestNote[], overrides: Record<string, unknown> = {}) {
  const id = `gid://gitlab/Discussion/${String(nextId++).padStart(40, '0')}`;
  const thread = overrides.individualNote === false;
  return {
    __typename: 'Discussion',
    id,
    replyId: id,
    individualNote: true,
    resolvable: thread,
    resolved: false,
    resolvedAt: null,
    resolvedBy: null,
    notes: { __typename: 'NoteConnection', nodes: notes },
    ...overrides,
  };
}

export type TestDiscussion = ReturnType<typeof buildDiscussion>;

export function page(discussions: TestDiscussion[], next: string | null = null, count = discussions.length) {
  return {
    __typename: 'DiscussionConnection',
    count,
    pageInfo: { __typename: 'PageInfo', hasNextPage: next !== null, endCursor: next },
    nodes: discussions,
  };
}

/** IssueDiscussionsQuery's answer for acme/app#7. */
export function issueAnswer(
  discussions: ReturnType<typeof page>,
  options: { locked?: boolean; createNote?: boolean; markNoteAsInternal?: boolean } = {},
) {
  return {
    project: {
      __typename: 'Project',
      id: 'gid://gitlab/Project/1',
      issue: {
        __typename: 'Issue',
        id: 'gid://gitlab/Issue/7',
        discussionLocked: options.locked ?? false,
        userPermissions: {
          __typename: 'IssuePermissions',
          createNote: options.createNote ?? true,
          markNoteAsInternal: options.markNoteAsInternal ?? true,
        },
        discussions,
      },
    },
  };
}

export function viewer(person: Person | null, filter = 'ALL_NOTES', sort = 'ASC') {
  return person
    ? {
        currentUser: {
          ...person,
          __typename: 'CurrentUser',
          avatarUrl: null,
          webPath: `/${person.username}`,
          admin: false,
          issueNotesFilter: filter,
          epicNotesFilter: 'ALL_NOTES',
          notesSort: sort,
        },
      }
    : { currentUser: null };
}
