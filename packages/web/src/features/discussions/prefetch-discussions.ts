import type { PrefetchClient } from '../../app/prefetch-client.ts';
import {
  type NotesFilterType,
  NotesPreferencesQueryDocument,
  type NotesPreferencesQueryQuery,
  type SortDirectionEnum,
} from '../../gql/graphql.ts';
import { discussionStoreOf } from './load-pages.ts';
import type { Noteable, NoteableType } from './noteable.ts';

type Viewer = NotesPreferencesQueryQuery['currentUser'];
type Preferences = { filter: NotesFilterType; sort: SortDirectionEnum };

/** The viewer's saved activity filter and sort for issues or epics (GitLab's defaults without). */
export function savedNotesPreferences(viewer: Viewer | undefined, type: NoteableType): Preferences {
  return {
    filter: (type === 'Issue' ? viewer?.issueNotesFilter : viewer?.epicNotesFilter) ?? 'ALL_NOTES',
    sort: viewer?.notesSort ?? 'ASC',
  };
}

const NOTES_FILTERS: readonly NotesFilterType[] = ['ALL_NOTES', 'ONLY_COMMENTS', 'ONLY_ACTIVITY'];

/** Where the browser keeps the viewer's last known filter and sort (per issues or epics). */
const rememberedKey = (type: NoteableType) => `milepost:notes-preferences:${type}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The filter and sort this browser last saw for issues or epics (GitLab's defaults when it saw
 * none): the guess the first page is asked for with while the viewer's saved choice is on its way.
 */
export function rememberedNotesPreferences(type: NoteableType): Preferences {
  const fallback: Preferences = { filter: 'ALL_NOTES', sort: 'ASC' };
  try {
    const stored = JSON.parse(storage()?.getItem(rememberedKey(type)) ?? 'null') as Partial<Preferences> | null;
    const filter = NOTES_FILTERS.find((value) => value === stored?.filter) ?? fallback.filter;
    const sort = stored?.sort === 'DESC' ? 'DESC' : fallback.sort;
    return { filter, sort };
  } catch {
    return fallback;
  }
}

/** Keeps the viewer's filter and sort for the next page's guess; storage full or switched off keeps none. */
export function rememberNotesPreferences(type: NoteableType, preferences: Preferences): void {
  try {
    storage()?.setItem(rememberedKey(type), JSON.stringify(preferences));
  } catch {
    // nothing kept: the next page guesses GitLab's defaults
  }
}

/**
 * Starts the requests the discussion section makes first — the viewer's filter and sort, the first
 * page of discussions with them, then the further pages (`DiscussionStore.loadRest`) — before the
 * page around it has loaded, so the section finds them in flight or in its store. The first page
 * does not wait for the filter and sort: it is asked for at once with the ones this browser saw last
 * (or GitLab's defaults), and again only when the viewer's saved ones differ. The early script's
 * client sends the same chain of pages as the app's store will ask for (it goes on as each page
 * arrives, while the app's code still loads), and the app's store is answered by those requests.
 * Failures are ignored here: the section asks again.
 */
export function prefetchDiscussions(client: PrefetchClient, noteable: Noteable): void {
  const store = discussionStoreOf(client);
  const guess = rememberedNotesPreferences(noteable.type);
  const guessed = store.loadFirstPage(noteable, guess.filter, guess.sort);
  client
    .query({ query: NotesPreferencesQueryDocument })
    .then(async ({ data }): Promise<unknown> => {
      const saved = savedNotesPreferences(data?.currentUser, noteable.type);
      if (data?.currentUser) rememberNotesPreferences(noteable.type, saved);
      const { filter, sort } = saved;
      await (filter === guess.filter && sort === guess.sort ? guessed : store.loadFirstPage(noteable, filter, sort));
      return await store.loadRest(noteable, filter, sort);
    })
    .catch(() => undefined);
}
