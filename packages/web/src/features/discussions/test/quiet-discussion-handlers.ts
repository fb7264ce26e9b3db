import type { Handler } from '../../roadmap/test/render-roadmap.tsx';

const EMPTY = {
  __typename: 'DiscussionConnection',
  count: 0,
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  nodes: [],
};

/**
 * Answers for the discussion section under a page's own component tests (a signed-out viewer, no
 * activity), so the page's tests need not know about it. `parent` is the page's project or group,
 * `noteable` its issue or epic (null: not found).
 */
export function quietDiscussionHandlers(
  type: 'Issue' | 'Epic',
  parent: { id: string },
  noteable: { id: string } | null,
): Record<string, Handler> {
  const node = noteable && {
    __typename: type,
    id: noteable.id,
    ...(type === 'Issue' ? { discussionLocked: false } : {}),
    userPermissions: { __typename: `${type}Permissions`, createNote: false, markNoteAsInternal: false },
    discussions: EMPTY,
  };
  const answer =
    type === 'Issue'
      ? { project: { __typename: 'Project', id: parent.id, issue: node } }
      : { group: { __typename: 'Group', id: parent.id, epic: node } };
  // Entries: operation names are PascalCase, not components.
  return Object.fromEntries<Handler>([
    ['NotesPreferencesQuery', () => ({ currentUser: null })],
    ['CurrentUserQuery', () => ({ currentUser: null })],
    [`${type}DiscussionsQuery`, () => answer],
  ]);
}
