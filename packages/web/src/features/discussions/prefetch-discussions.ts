import type { ApolloClient } from '@apollo/client';
import {
  EpicDiscussionsQueryDocument,
  IssueDiscussionsQueryDocument,
  type NotesFilterType,
  NotesPreferencesQueryDocument,
  type NotesPreferencesQueryQuery,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { firstPageVariables, loadRemainingPages, nextCursor, pageOf } from './load-pages.ts';
import type { Noteable, NoteableType } from './noteable.ts';

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

/**
 * Starts the requests the discussion section makes first — the viewer's filter and sort, then the
 * first page of discussions with them, then the further pages (`loadRemainingPages`) — before the
 * page around it has loaded, so the section finds them in flight or in the cache. Failures are
 * ignored here: the section asks again.
 */
export function prefetchDiscussions(client: ApolloClient, noteable: Noteable): void {
  client
    .query({ query: NotesPreferencesQueryDocument })
    .then(async ({ data }): Promise<unknown> => {
      const { filter, sort } = savedNotesPreferences(data?.currentUser, noteable.type);
      const variables = firstPageVariables(noteable, filter, sort);
      const first =
        noteable.type === 'Issue'
          ? await client.query({ query: IssueDiscussionsQueryDocument, variables })
          : await client.query({ query: EpicDiscussionsQueryDocument, variables });
      const after = nextCursor(first);
      const page = pageOf(first.data);
      if (!after || !page) return;
      const position = { after, loaded: page.nodes?.length ?? 0, count: page.count };
      return await loadRemainingPages(client, noteable, filter, sort, position);
    })
    .catch(() => undefined);
}
