/**
 * The issue lists' view ⇄ the page's query string, with GitLab's keys so GitLab links keep working:
 * filters (`assignee_username[]`, `not[label_name][]`, `or[author_username]`, `milestone_title=Upcoming`,
 * `weight`, `epic_id`, `health_status`, `type[]`, …), `search` + `in`, `state`, `sort` (GitLab's URL
 * sort words: `created_date`, `priority`, `milestone_due_desc`, …) and keyset paging
 * (`page_after` / `page_before` with `first_page_size` / `last_page_size`).
 */
import { ISSUE_TOKEN_DEFINITIONS } from './issue-tokens.ts';
import {
  ANY_VALUE,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  type FilterValue,
  NONE_VALUE,
  normalizeFilterValue,
} from './tokens.ts';
import { type FilterTokenSet, pairsToQueryString, queryStringToPairs, type UrlParamPairs } from './url.ts';

type IssueUrlKey = { key: string; aliases: readonly string[]; type: FilterTokenType; operator: FilterOperator };

/** The key written for each type and operator, and the other spellings read. */
const ISSUE_URL_KEYS: readonly IssueUrlKey[] = [
  { key: 'author_username', aliases: [], type: 'author', operator: '=' },
  { key: 'not[author_username]', aliases: [], type: 'author', operator: '!=' },
  { key: 'or[author_username]', aliases: ['or[author_username][]'], type: 'author', operator: '||' },
  { key: 'assignee_username[]', aliases: ['assignee_username'], type: 'assignee', operator: '=' },
  { key: 'not[assignee_username][]', aliases: ['not[assignee_username]'], type: 'assignee', operator: '!=' },
  { key: 'or[assignee_username][]', aliases: ['or[assignee_username]'], type: 'assignee', operator: '||' },
  { key: 'label_name[]', aliases: ['label_name'], type: 'label', operator: '=' },
  { key: 'not[label_name][]', aliases: ['not[label_name]'], type: 'label', operator: '!=' },
  { key: 'or[label_name][]', aliases: ['or[label_name]'], type: 'label', operator: '||' },
  { key: 'milestone_title', aliases: [], type: 'milestone', operator: '=' },
  { key: 'not[milestone_title]', aliases: [], type: 'milestone', operator: '!=' },
  { key: 'weight', aliases: [], type: 'weight', operator: '=' },
  { key: 'not[weight]', aliases: [], type: 'weight', operator: '!=' },
  { key: 'epic_iid', aliases: [], type: 'epic', operator: '=' },
  { key: 'not[epic_iid]', aliases: [], type: 'epic', operator: '!=' },
  { key: 'iteration_id', aliases: [], type: 'iteration', operator: '=' },
  { key: 'not[iteration_id]', aliases: [], type: 'iteration', operator: '!=' },
  { key: 'health_status', aliases: [], type: 'health', operator: '=' },
  { key: 'not[health_status]', aliases: [], type: 'health', operator: '!=' },
  { key: 'type[]', aliases: ['type'], type: 'type', operator: '=' },
  { key: 'not[type][]', aliases: ['not[type]'], type: 'type', operator: '!=' },
  { key: 'confidential', aliases: [], type: 'confidential', operator: '=' },
  { key: 'my_reaction_emoji', aliases: [], type: 'my-reaction', operator: '=' },
  { key: 'not[my_reaction_emoji]', aliases: [], type: 'my-reaction', operator: '!=' },
];

/** GitLab writes the assignee wildcards under their own key: `assignee_id=None`. */
const ASSIGNEE_WILDCARD_KEY = 'assignee_id';

const BY_KEY: ReadonlyMap<string, IssueUrlKey> = new Map(
  ISSUE_URL_KEYS.flatMap((entry) => [entry.key, ...entry.aliases].map((key) => [key, entry] as const)),
);

export const ISSUE_STATES = ['opened', 'closed', 'all'] as const;
export type IssueListState = (typeof ISSUE_STATES)[number];

/** The sorts of the issue lists: GraphQL's `IssueSort` value ⇄ GitLab's URL word, in the menu's order. */
export const ISSUE_LIST_SORTS = [
  { sort: 'PRIORITY_ASC', url: 'priority', title: 'Priority', desc: false },
  { sort: 'PRIORITY_DESC', url: 'priority_desc', title: 'Priority', desc: true },
  { sort: 'CREATED_ASC', url: 'created_asc', title: 'Created date', desc: false },
  { sort: 'CREATED_DESC', url: 'created_date', title: 'Created date', desc: true },
  { sort: 'UPDATED_ASC', url: 'updated_asc', title: 'Updated date', desc: false },
  { sort: 'UPDATED_DESC', url: 'updated_desc', title: 'Updated date', desc: true },
  { sort: 'MILESTONE_DUE_ASC', url: 'milestone', title: 'Milestone due date', desc: false },
  { sort: 'MILESTONE_DUE_DESC', url: 'milestone_due_desc', title: 'Milestone due date', desc: true },
  { sort: 'DUE_DATE_ASC', url: 'due_date', title: 'Due date', desc: false },
  { sort: 'DUE_DATE_DESC', url: 'due_date_desc', title: 'Due date', desc: true },
  { sort: 'POPULARITY_ASC', url: 'popularity_asc', title: 'Popularity', desc: false },
  { sort: 'POPULARITY_DESC', url: 'popularity', title: 'Popularity', desc: true },
  { sort: 'LABEL_PRIORITY_ASC', url: 'label_priority', title: 'Label priority', desc: false },
  { sort: 'LABEL_PRIORITY_DESC', url: 'label_priority_desc', title: 'Label priority', desc: true },
  { sort: 'RELATIVE_POSITION_ASC', url: 'relative_position', title: 'Manual', desc: false },
  { sort: 'TITLE_ASC', url: 'title_asc', title: 'Title', desc: false },
  { sort: 'TITLE_DESC', url: 'title_desc', title: 'Title', desc: true },
  { sort: 'WEIGHT_ASC', url: 'weight', title: 'Weight', desc: false },
  { sort: 'WEIGHT_DESC', url: 'weight_desc', title: 'Weight', desc: true },
] as const;
export type IssueListSort = (typeof ISSUE_LIST_SORTS)[number]['sort'];
export const DEFAULT_ISSUE_SORT: IssueListSort = 'CREATED_DESC';

/** The sort titles of the menu, once each, in order. */
export const ISSUE_SORT_TITLES: readonly string[] = [...new Set(ISSUE_LIST_SORTS.map((entry) => entry.title))];

/** The same sort in the other direction (Manual has only one). */
export function toggledIssueSort(sort: IssueListSort): IssueListSort {
  const entry = ISSUE_LIST_SORTS.find((e) => e.sort === sort);
  const other = ISSUE_LIST_SORTS.find((e) => e.title === entry?.title && e.desc !== entry?.desc);
  return other?.sort ?? sort;
}

/** The sort of a menu title, keeping the direction where the title has it. */
export function issueSortForTitle(title: string, desc: boolean): IssueListSort {
  const matches = ISSUE_LIST_SORTS.filter((entry) => entry.title === title);
  return (matches.find((entry) => entry.desc === desc) ?? matches[0])?.sort ?? DEFAULT_ISSUE_SORT;
}

/** GitLab's page sizes; 20 is the default, kept per browser under `issuable_list_page_size`. */
export const ISSUE_PAGE_SIZES = [5, 20, 50, 100] as const;
export const DEFAULT_ISSUE_PAGE_SIZE = 20;
export const PAGE_SIZE_STORAGE_KEY = 'issuable_list_page_size';

export function isIssuePageSize(value: unknown): value is (typeof ISSUE_PAGE_SIZES)[number] {
  return (ISSUE_PAGE_SIZES as readonly unknown[]).includes(value);
}

/** Search within: both (no `in`), titles only or descriptions only. */
export type IssueSearchIn = 'TITLE' | 'DESCRIPTION' | null;

export type IssuesListView = {
  state: IssueListState;
  sort: IssueListSort;
  filter: FilterValue;
  searchIn: IssueSearchIn;
  /** From the URL only; null when the URL names none (then the stored size applies). */
  pageSize: number | null;
  /** Keyset cursors: the page after this cursor, or before that one. */
  after: string | null;
  before: string | null;
};

export const DEFAULT_ISSUES_LIST_VIEW: IssuesListView = {
  state: 'opened',
  sort: DEFAULT_ISSUE_SORT,
  filter: { tokens: [], search: '' },
  searchIn: null,
  pageSize: null,
  after: null,
  before: null,
};

const CURSOR_RE = /^[A-Za-z0-9+/=_-]{1,200}$/;

function pageSizeOf(value: string | undefined): number | null {
  const size = Number(value);
  return isIssuePageSize(size) ? size : null;
}

/** Reads the view from the query: unknown keys and invalid values are ignored. */
export function issuesListViewFromUrl(params: UrlParamPairs): IssuesListView {
  const tokens: FilterToken[] = [];
  let search = '';
  const single = new Map<string, string>();
  for (const [key, value] of params) {
    if (key === 'search') {
      if (!search) search = value.trim();
    } else if (key === ASSIGNEE_WILDCARD_KEY) {
      if (/^(none|any)$/i.test(value)) tokens.push({ type: 'assignee', operator: '=', value });
    } else {
      const entry = BY_KEY.get(key);
      if (entry) tokens.push({ type: entry.type, operator: entry.operator, value });
      else if (!single.has(key)) single.set(key, value);
    }
  }
  const state = single.get('state');
  const sortWord = single.get('sort');
  const inWord = single.get('in')?.toUpperCase();
  const after = single.get('page_after');
  const before = single.get('page_before');
  const filter = normalizeFilterValue({ tokens, search }, undefined, ISSUE_TOKEN_DEFINITIONS);
  return {
    state: (ISSUE_STATES as readonly string[]).includes(state ?? '') ? (state as IssueListState) : 'opened',
    sort: ISSUE_LIST_SORTS.find((entry) => entry.url === sortWord)?.sort ?? DEFAULT_ISSUE_SORT,
    filter,
    searchIn: filter.search && (inWord === 'TITLE' || inWord === 'DESCRIPTION') ? inWord : null,
    pageSize: before ? pageSizeOf(single.get('last_page_size')) : pageSizeOf(single.get('first_page_size')),
    after: !before && after && CURSOR_RE.test(after) ? after : null,
    before: before && CURSOR_RE.test(before) ? before : null,
  };
}

/** Every key the view writes or reads, so other keys of the page can be kept beside it. */
export function isIssuesListUrlKey(key: string): boolean {
  return (
    BY_KEY.has(key) ||
    [
      ASSIGNEE_WILDCARD_KEY,
      'search',
      'in',
      'state',
      'sort',
      'page_after',
      'page_before',
      'first_page_size',
      'last_page_size',
    ].includes(key)
  );
}

/**
 * The query pairs for a view, in a stable order: state, sort, filters (tokens in order), search,
 * in, then paging. Defaults (open, created date, no size) are left out.
 */
export function issuesListViewToUrl(view: IssuesListView): [string, string][] {
  const pairs: [string, string][] = [];
  if (view.state !== 'opened') pairs.push(['state', view.state]);
  if (view.sort !== DEFAULT_ISSUE_SORT) {
    const word = ISSUE_LIST_SORTS.find((entry) => entry.sort === view.sort)?.url;
    if (word) pairs.push(['sort', word]);
  }
  const filter = normalizeFilterValue(view.filter, undefined, ISSUE_TOKEN_DEFINITIONS);
  for (const token of filter.tokens) {
    if (token.type === 'assignee' && (token.value === NONE_VALUE || token.value === ANY_VALUE)) {
      pairs.push([ASSIGNEE_WILDCARD_KEY, token.value]);
      continue;
    }
    const key = ISSUE_URL_KEYS.find((entry) => entry.type === token.type && entry.operator === token.operator)?.key;
    if (key) pairs.push([key, token.value]);
  }
  if (filter.search) {
    pairs.push(['search', filter.search]);
    if (view.searchIn) pairs.push(['in', view.searchIn]);
  }
  if (view.before) {
    pairs.push(['page_before', view.before]);
    if (view.pageSize) pairs.push(['last_page_size', String(view.pageSize)]);
  } else {
    if (view.after) pairs.push(['page_after', view.after]);
    if (view.pageSize) pairs.push(['first_page_size', String(view.pageSize)]);
  }
  return pairs;
}

/** The issue lists' tokens and URL keys, for the filtered search and its recent searches. */
export const ISSUE_TOKEN_SET: FilterTokenSet = {
  definitions: ISSUE_TOKEN_DEFINITIONS,
  toQueryString: (filter) => pairsToQueryString(issuesListViewToUrl({ ...DEFAULT_ISSUES_LIST_VIEW, filter })),
  fromQueryString: (query) => issuesListViewFromUrl(queryStringToPairs(query)).filter,
};
