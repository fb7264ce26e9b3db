/**
 * Filter tokens ↔ the page's query string, with GitLab's epics-list keys (`author_username`,
 * `not[label_name][]`, `or[author_username]`, …) so GitLab links keep working.
 */
import {
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  type FilterValue,
  normalizeFilterValue,
  TOKEN_DEFINITIONS,
  type TokenDefinitions,
} from './tokens.ts';

/** Pairs as `URLSearchParams` yields them (a `URLSearchParams` can be passed as is). */
export type UrlParamPairs = Iterable<readonly [string, string]>;

type UrlKey = { key: string; aliases: readonly string[]; type: FilterTokenType; operator: FilterOperator };

/**
 * The key written for each type and operator, and the other spellings read. There is no
 * `not[milestone_title]`: the epics API cannot negate a milestone.
 */
const URL_KEYS: readonly UrlKey[] = [
  { key: 'author_username', aliases: [], type: 'author', operator: '=' },
  { key: 'not[author_username]', aliases: [], type: 'author', operator: '!=' },
  { key: 'or[author_username]', aliases: ['or[author_username][]'], type: 'author', operator: '||' },
  { key: 'label_name[]', aliases: ['label_name'], type: 'label', operator: '=' },
  { key: 'not[label_name][]', aliases: ['not[label_name]'], type: 'label', operator: '!=' },
  { key: 'or[label_name][]', aliases: ['or[label_name]'], type: 'label', operator: '||' },
  { key: 'milestone_title', aliases: [], type: 'milestone', operator: '=' },
  { key: 'confidential', aliases: [], type: 'confidential', operator: '=' },
  { key: 'group_path', aliases: [], type: 'group', operator: '=' },
  { key: 'epic_iid', aliases: [], type: 'epic', operator: '=' },
  { key: 'my_reaction_emoji', aliases: [], type: 'my-reaction', operator: '=' },
  { key: 'not[my_reaction_emoji]', aliases: ['not[my_reaction_emoji][]'], type: 'my-reaction', operator: '!=' },
];

export const SEARCH_URL_KEY = 'search';

const BY_KEY: ReadonlyMap<string, UrlKey> = new Map(
  URL_KEYS.flatMap((entry) => [entry.key, ...entry.aliases].map((key) => [key, entry] as const)),
);

/** Every query key the filter reads (to remove before writing a new filter next to other params). */
export const FILTER_URL_KEYS: readonly string[] = [...BY_KEY.keys(), SEARCH_URL_KEY];

export function isFilterUrlKey(key: string): boolean {
  return BY_KEY.has(key) || key === SEARCH_URL_KEY;
}

/** The URL key a token is written under. */
export function filterUrlKey(type: FilterTokenType, operator: FilterOperator): string | null {
  return URL_KEYS.find((entry) => entry.type === type && entry.operator === operator)?.key ?? null;
}

/**
 * Reads tokens in the order of the query; invalid values, duplicates and repeats of unique types are
 * dropped; the first non-empty `search` is the search text. Other keys are ignored.
 */
export function filterValueFromUrl(params: UrlParamPairs): FilterValue {
  const tokens: FilterToken[] = [];
  let search = '';
  for (const [key, value] of params) {
    if (key === SEARCH_URL_KEY) {
      if (!search) search = value.trim();
      continue;
    }
    const entry = BY_KEY.get(key);
    if (entry) tokens.push({ type: entry.type, operator: entry.operator, value });
  }
  return normalizeFilterValue({ tokens, search });
}

/** The query pairs for a filter, tokens in order and `search` last (use `new URLSearchParams(pairs)`). */
export function filterValueToUrl(value: FilterValue): [string, string][] {
  const normalized = normalizeFilterValue(value);
  const pairs: [string, string][] = [];
  for (const token of normalized.tokens) {
    const key = filterUrlKey(token.type, token.operator);
    if (key) pairs.push([key, token.value]);
  }
  if (normalized.search) pairs.push([SEARCH_URL_KEY, normalized.search]);
  return pairs;
}

function encode(text: string): string {
  return encodeURIComponent(text).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

/** Query pairs as a query string without '?', brackets left readable: `label_name[]=bug&search=login`. */
export function pairsToQueryString(pairs: UrlParamPairs): string {
  return [...pairs].map(([key, text]) => `${encode(key)}=${encode(text)}`).join('&');
}

/** A query string (with or without '?') as its pairs, in order. */
export function queryStringToPairs(query: string): [string, string][] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '')
    .map((part): [string, string] => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

/** The filter as a query string without '?': `label_name[]=bug&search=login` (stable for a given filter). */
export function filterValueToQueryString(value: FilterValue): string {
  return pairsToQueryString(filterValueToUrl(value));
}

/** Parses a query string (with or without '?') into a filter. */
export function filterValueFromQueryString(query: string): FilterValue {
  return filterValueFromUrl(queryStringToPairs(query));
}

/**
 * A list's filter vocabulary: its token definitions and how its filters read in the URL (and so
 * in recent searches). The epics lists and the roadmap use `EPIC_TOKEN_SET`; the issue lists theirs.
 */
export type FilterTokenSet = {
  definitions: TokenDefinitions;
  toQueryString(value: FilterValue): string;
  fromQueryString(query: string): FilterValue;
};

export const EPIC_TOKEN_SET: FilterTokenSet = {
  definitions: TOKEN_DEFINITIONS,
  toQueryString: filterValueToQueryString,
  fromQueryString: filterValueFromQueryString,
};
