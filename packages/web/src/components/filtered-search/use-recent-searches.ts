import {
  addRecentSearch,
  EPIC_TOKEN_SET,
  type FilterTokenSet,
  type FilterValue,
  parseRecentSearches,
  recentSearchesStorageKey,
  recentSearchValue,
} from '@milepost/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';

export const RECENT_SEARCHES_PARSE_ERROR = 'An error occurred while parsing recent searches';

/** Local storage when the browser lets us use it (it throws when disabled or blocked), else null. */
function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__milepost_storage_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

export type RecentSearches = {
  /** False when local storage is disabled: the list cannot be kept. */
  available: boolean;
  /** Newest first, at most five. */
  searches: readonly { entry: string; value: FilterValue }[];
  add: (value: FilterValue) => void;
  clear: () => void;
};

/** The recent searches of one page of one group or project, kept in local storage. */
export function useRecentSearches(
  namespacePath: string,
  key: string,
  tokenSet: FilterTokenSet = EPIC_TOKEN_SET,
): RecentSearches {
  const storageKey = recentSearchesStorageKey(namespacePath, key);
  const [storage] = useState(localStorageOrNull);
  const [state, setState] = useState(() => parseRecentSearches(storage?.getItem(storageKey) ?? null, tokenSet));

  useEffect(() => {
    setState(parseRecentSearches(storage?.getItem(storageKey) ?? null, tokenSet));
  }, [storage, storageKey, tokenSet]);

  useErrorAlert(state.error ? state : null, RECENT_SEARCHES_PARSE_ERROR);

  const save = useCallback(
    (searches: string[]) => {
      setState({ searches, error: false });
      try {
        if (searches.length > 0) storage?.setItem(storageKey, JSON.stringify(searches));
        else storage?.removeItem(storageKey);
      } catch {
        // Storage full or revoked meanwhile: the list still works for this page view.
      }
    },
    [storage, storageKey],
  );

  const add = useCallback(
    (value: FilterValue) => save(addRecentSearch(state.searches, value, tokenSet)),
    [save, state.searches, tokenSet],
  );
  const clear = useCallback(() => save([]), [save]);
  const searches = useMemo(
    () => state.searches.map((entry) => ({ entry, value: recentSearchValue(entry, tokenSet) })),
    [state.searches, tokenSet],
  );

  return { available: storage !== null, searches, add, clear };
}
