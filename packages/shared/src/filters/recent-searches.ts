/**
 * Recent searches of a filtered search: kept per group or project path and per page, newest first,
 * at most five, each stored as its query string (so the list is plain strings in local storage).
 */

import type { FilterValue } from './tokens.ts';
import { isFiltered } from './tokens.ts';
import { EPIC_TOKEN_SET, type FilterTokenSet } from './url.ts';

export const RECENT_SEARCHES_LIMIT = 5;

/** The local-storage key: `acme/platform-epics-recent-searches`. */
export function recentSearchesStorageKey(namespacePath: string, key: string): string {
  return `${namespacePath}-${key}-recent-searches`;
}

/**
 * The stored list: non-string and empty entries are ignored, duplicates collapsed, at most five.
 * `error` is set when the stored text is not a JSON list (the list is then empty).
 */
export function parseRecentSearches(
  stored: string | null,
  tokenSet: FilterTokenSet = EPIC_TOKEN_SET,
): { searches: string[]; error: boolean } {
  if (stored === null || stored === '') return { searches: [], error: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return { searches: [], error: true };
  }
  if (!Array.isArray(parsed)) return { searches: [], error: true };
  const searches: string[] = [];
  for (const entry of parsed) {
    if (typeof entry !== 'string') continue;
    const canonical = tokenSet.toQueryString(tokenSet.fromQueryString(entry));
    if (canonical && !searches.includes(canonical)) searches.push(canonical);
    if (searches.length === RECENT_SEARCHES_LIMIT) break;
  }
  return { searches, error: false };
}

/** The list with `value` first (moved up when already there); an unfiltered value changes nothing. */
export function addRecentSearch(
  searches: readonly string[],
  value: FilterValue,
  tokenSet: FilterTokenSet = EPIC_TOKEN_SET,
): string[] {
  if (!isFiltered(value)) return [...searches];
  const entry = tokenSet.toQueryString(value);
  if (!entry) return [...searches];
  return [entry, ...searches.filter((existing) => existing !== entry)].slice(0, RECENT_SEARCHES_LIMIT);
}

/** The filter a stored entry stands for. */
export function recentSearchValue(entry: string, tokenSet: FilterTokenSet = EPIC_TOKEN_SET): FilterValue {
  return tokenSet.fromQueryString(entry);
}
