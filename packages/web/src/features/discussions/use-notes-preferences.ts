import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import {
  type NotesFilterType,
  NotesPreferencesQueryDocument,
  type SortDirectionEnum,
  UpdateNotesPreferencesMutationDocument,
} from '../../gql/graphql.ts';
import type { NoteableType } from './noteable.ts';
import { rememberNotesPreferences, savedNotesPreferences } from './prefetch-discussions.ts';

export type NotesPreferences = {
  filter: NotesFilterType;
  sort: SortDirectionEnum;
  /** False until the signed-in viewer's saved choice is known (the list waits for it). */
  ready: boolean;
  setFilter: (filter: NotesFilterType) => void;
  setSort: (sort: SortDirectionEnum) => void;
  /** The choice could not be saved (it still applies on this page). */
  saveError: boolean;
};

/**
 * The activity filter and sort, kept per user on the server (GitLab's `issue_notes_filter`; one
 * filter for issues, one for epics, one sort for both). Signed-out visitors choose for this page only.
 */
export function useNotesPreferences(type: NoteableType): NotesPreferences {
  const { data, loading, error } = useQuery(NotesPreferencesQueryDocument);
  const [update] = useMutation(UpdateNotesPreferencesMutationDocument);
  const [local, setLocal] = useState<{ filter?: NotesFilterType; sort?: SortDirectionEnum }>({});
  const [saveError, setSaveError] = useState(false);
  const user = data?.currentUser;
  const saved = savedNotesPreferences(user, type);
  const filter = local.filter ?? saved.filter;
  const sort = local.sort ?? saved.sort;

  const save = async (input: { filter?: NotesFilterType; sort?: SortDirectionEnum }) => {
    setLocal((current) => ({ ...current, ...input }));
    if (!user) return;
    rememberNotesPreferences(type, { filter, sort, ...input });
    setSaveError(false);
    const preferences = {
      ...(input.filter ? { [type === 'Issue' ? 'issueNotesFilter' : 'epicNotesFilter']: input.filter } : {}),
      ...(input.sort ? { notesSort: input.sort } : {}),
    };
    try {
      const result = await update({ variables: { input: preferences } });
      if (result.data?.userPreferencesUpdate?.errors.length) setSaveError(true);
    } catch {
      setSaveError(true);
    }
  };

  // Setters that never change, acting on the latest choice: the activity's controls are memoised and
  // must not render again (two React Aria selects) with each page of the thread.
  const latestSave = useRef(save);
  useLayoutEffect(() => {
    latestSave.current = save;
  });
  const setFilter = useCallback((next: NotesFilterType) => void latestSave.current({ filter: next }), []);
  const setSort = useCallback((next: SortDirectionEnum) => void latestSave.current({ sort: next }), []);

  return {
    filter,
    sort,
    ready: !loading || Boolean(data) || Boolean(error),
    setFilter,
    setSort,
    saveError,
  };
}
