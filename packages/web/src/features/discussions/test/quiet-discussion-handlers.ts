import type { Handler } from '../../roadmap/test/render-roadmap.tsx';

const EMPTY = {
  __typename: 'DiscussionConnection',
  count: 0,
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  nodes: [],
};

/**
 * The page test's `handlers` plus answers for the discussion section under the page (no activity;
 * the viewer of the test's CurrentUserQuery, signed out without one), so a page's tests need not
 * know about it. `parent` is the page's project or group, `noteable` its issue or epic (null: not found); the
 * section reads the same issue, so its locked state is the page's.
 */
export function withQuietDiscussions(
  type: 'Issue' | 'Epic',
  parent: { id: string },
  noteable: { id: string; discussionLocked?: boolean | null } | null,
  handlers: Record<string, Handler>,
): Record<string, Handler> {
  const node = noteable && {
    __typename: type,
    id: noteable.id,
    ...(type === 'Issue' ? { discussionLocked: noteable.discussionLocked ?? false } : {}),
    userPermissions: { __typename: `${type}Permissions`, createNote: false, markNoteAsInternal: false },
    discussions: EMPTY,
  };
  const answer =
    type === 'Issue'
      ? { project: { __typename: 'Project', id: parent.id, issue: node } }
      : { group: { __typename: 'Group', id: parent.id, epic: node } };
  const currentUser = handlers.CurrentUserQuery ?? (() => ({ currentUser: null }));
  const preferences: Handler = (variables) => {
    const viewer = (currentUser(variables) as { currentUser: Record<string, unknown> | null }).currentUser;
    return {
      currentUser: viewer && {
        ...viewer,
        issueNotesFilter: 'ALL_NOTES',
        epicNotesFilter: 'ALL_NOTES',
        notesSort: 'ASC',
      },
    };
  };
  // Entries: operation names are PascalCase, not components.
  return {
    ...Object.fromEntries<Handler>([
      ['CurrentUserQuery', currentUser],
      ['NotesPreferencesQuery', preferences],
      [`${type}DiscussionsQuery`, () => answer],
    ]),
    ...handlers,
  };
}
