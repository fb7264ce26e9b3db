/**
 * The query string of a list page (GitLab's legacy filtered-search bar): a submit rewrites it as
 * `?scope=all&state=…&<filters>&<the page's own keys>`, and the state links (open, closed, all) set
 * `state` on the same query. Paging keys (`page`, `prev`, `next`) start over whenever the filter,
 * the state or the sort changes.
 */
import type { FilterValue } from './tokens.ts';
import { filterValueToUrl, isFilterUrlKey } from './url.ts';

export const LIST_STATES = { OPENED: 'opened', CLOSED: 'closed', MERGED: 'merged', ALL: 'all' } as const;
export type ListState = (typeof LIST_STATES)[keyof typeof LIST_STATES];

/** The states of issue and epic lists, in tab order (merge requests add 'merged'). */
export const ISSUABLE_LIST_STATES: readonly ListState[] = ['opened', 'closed', 'all'];

/** Keys the list page owns besides filters: the scope, state, sort, search field and paging. */
export const LIST_SCOPE_KEY = 'scope';
export const LIST_STATE_KEY = 'state';
export const LIST_PAGING_KEYS: readonly string[] = ['page', 'prev', 'next'];

/** GitLab's legacy spellings of the open state in list URLs. */
const STATE_ALIASES: Readonly<Record<string, ListState>> = { open: 'opened', opened: 'opened', closed: 'closed' };

/**
 * The state a list shows, from the URL's `state` (case-insensitive; 'open' is 'opened'); anything
 * not among `states` is the default ('opened').
 */
export function parseListState(
  value: string | null | undefined,
  states: readonly ListState[] = ISSUABLE_LIST_STATES,
  fallback: ListState = LIST_STATES.OPENED,
): ListState {
  const lower = value?.trim().toLowerCase() ?? '';
  const state = STATE_ALIASES[lower] ?? (lower as ListState);
  return states.includes(state) ? state : fallback;
}

export type ListQuery = {
  state: ListState;
  filter: FilterValue;
  /** The page's own keys after the filter (`sort`, `in`, `page`, `next`…), in order; empty values are left out. */
  extra?: readonly (readonly [string, string | null | undefined])[];
};

/** `[['scope','all'], ['state','opened'], …filters, …extra]`: the legacy bar's query for a list. */
export function listQueryPairs({ state, filter, extra = [] }: ListQuery): [string, string][] {
  const pairs: [string, string][] = [[LIST_SCOPE_KEY, 'all'], [LIST_STATE_KEY, state], ...filterValueToUrl(filter)];
  for (const [key, value] of extra) if (value) pairs.push([key, value]);
  return pairs;
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** The query string, '?' first: `?scope=all&state=opened&label_name[]=bug`. */
export function listQueryString(query: ListQuery): string {
  return `?${listQueryPairs(query)
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&')}`;
}

/**
 * The link of a state tab: the current query with `state` replaced (scope first), the page's own
 * keys kept except paging, which starts over.
 */
export function stateLinkPairs(current: Iterable<readonly [string, string]>, state: ListState): [string, string][] {
  const kept: [string, string][] = [];
  for (const [key, value] of current) {
    if (key === LIST_SCOPE_KEY || key === LIST_STATE_KEY || LIST_PAGING_KEYS.includes(key)) continue;
    kept.push([key, value]);
  }
  return [[LIST_SCOPE_KEY, 'all'], [LIST_STATE_KEY, state], ...kept];
}

/** Whether a key belongs to the list query (scope, state, paging or a filter). */
export function isListQueryKey(key: string): boolean {
  return key === LIST_SCOPE_KEY || key === LIST_STATE_KEY || LIST_PAGING_KEYS.includes(key) || isFilterUrlKey(key);
}
