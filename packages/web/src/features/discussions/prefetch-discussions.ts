import type { ApolloClient } from '@apollo/client';
import {
  EpicDiscussionsQueryDocument,
  IssueDiscussionsQueryDocument,
  type NotesFilterType,
  NotesPreferencesQueryDocument,
  type NotesPreferencesQueryQuery,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import type { Noteable, NoteableType } from './noteable.ts';

/** The first page is small so the first discussions show at once; the rest follow in larger pages. */
export const FIRST_PAGE_SIZE = 20;

type Viewer = NotesPreferencesQueryQuery['currentUser'];

/** The viewer's saved activity filter and sort for issues or epics (GitLab's defaults without). */
export function savedNotesPreferences(
  viewer: Viewer | undefined,
  type: NoteableType,
): { filter: NotesFilterType; sort: SortDirectionEnum } {
  return {
    filter: (type === 'Issue' ? viewer?.issueNotesFilter : viewer?.epicNotesFilter) ?? 'ALL_NOTES',
    sort: viewer?.notesSort ?? 'ASC',
  };
}

/** The variables of the first page of discussions, as the section asks for it. */
export function firstPageVariables(noteable: Noteable, filter: NotesFilterType, sort: SortDirectionEnum) {
  return { fullPath: noteable.fullPath, iid: noteable.iid, filter, sort, first: FIRST_PAGE_SIZE };
}

/**
 * Starts the requests the discussion section makes first — the viewer's filter and sort, then the
 * first page of discussions with them — before the page around it has loaded, so the section finds
 * them in flight or in the cache. Failures are ignored here: the section asks again.
 */
export function prefetchDiscussions(client: ApolloClient, noteable: Noteable): void {
  client
    .query({ query: NotesPreferencesQueryDocument })
    .then(async ({ data }): Promise<unknown> => {
      const { filter, sort } = savedNotesPreferences(data?.currentUser, noteable.type);
      const variables = firstPageVariables(noteable, filter, sort);
      return noteable.type === 'Issue'
        ? await client.query({ query: IssueDiscussionsQueryDocument, variables })
        : await client.query({ query: EpicDiscussionsQueryDocument, variables });
    })
    .catch(() => undefined);
}
