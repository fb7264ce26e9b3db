/**
 * The group epics list's view ⇄ its URL (spec 002 §7.4: `in`, `state`, `page`, `sort`, `prev`,
 * `next` and the filter keys), so a link from the roadmap or anywhere else lands on the same view.
 * Sorts are written in GitLab's lowercase URL spelling (`start_date_desc`); GraphQL's upper-case
 * names (`START_DATE_DESC`, `CREATED_AT_DESC`) are read too.
 */
import { type ListState, listQueryPairs, parseListState } from './list-query.ts';
import type { FilterValue } from './tokens.ts';
import { filterValueFromUrl, type UrlParamPairs } from './url.ts';

export type EpicsListSort =
  | 'start_date_asc'
  | 'start_date_desc'
  | 'end_date_asc'
  | 'end_date_desc'
  | 'created_asc'
  | 'created_desc'
  | 'updated_asc'
  | 'updated_desc'
  | 'title_asc'
  | 'title_desc'
  | 'relative_position';

/** The GraphQL `EpicSort` value of each sort. */
export type EpicsListGraphqlSort =
  | 'START_DATE_ASC'
  | 'START_DATE_DESC'
  | 'END_DATE_ASC'
  | 'END_DATE_DESC'
  | 'CREATED_AT_ASC'
  | 'CREATED_AT_DESC'
  | 'UPDATED_AT_ASC'
  | 'UPDATED_AT_DESC'
  | 'TITLE_ASC'
  | 'TITLE_DESC'
  | 'RELATIVE_POSITION_ASC';

export type EpicsListSortField = { text: string; ascending: EpicsListSort; descending: EpicsListSort };

/** The sort dropdown, in GitLab's order; 'Manual' (the epics' relative position) has no direction. */
export const EPICS_LIST_SORT_FIELDS: readonly EpicsListSortField[] = [
  { text: 'Start date', ascending: 'start_date_asc', descending: 'start_date_desc' },
  { text: 'Due date', ascending: 'end_date_asc', descending: 'end_date_desc' },
  { text: 'Created date', ascending: 'created_asc', descending: 'created_desc' },
  { text: 'Updated date', ascending: 'updated_asc', descending: 'updated_desc' },
  { text: 'Title', ascending: 'title_asc', descending: 'title_desc' },
  { text: 'Manual', ascending: 'relative_position', descending: 'relative_position' },
];

/** GitLab's default for the epics list. */
export const DEFAULT_EPICS_LIST_SORT: EpicsListSort = 'start_date_desc';

const TO_GRAPHQL: Readonly<Record<EpicsListSort, EpicsListGraphqlSort>> = {
  start_date_asc: 'START_DATE_ASC',
  start_date_desc: 'START_DATE_DESC',
  end_date_asc: 'END_DATE_ASC',
  end_date_desc: 'END_DATE_DESC',
  created_asc: 'CREATED_AT_ASC',
  created_desc: 'CREATED_AT_DESC',
  updated_asc: 'UPDATED_AT_ASC',
  updated_desc: 'UPDATED_AT_DESC',
  title_asc: 'TITLE_ASC',
  title_desc: 'TITLE_DESC',
  relative_position: 'RELATIVE_POSITION_ASC',
};

/** Other spellings read from URLs: GraphQL's names, GitLab's `created_date`/`manual` variants. */
const SORT_ALIASES: Readonly<Record<string, EpicsListSort>> = {
  ...Object.fromEntries(Object.entries(TO_GRAPHQL).map(([url, gql]) => [gql.toLowerCase(), url as EpicsListSort])),
  created_date: 'created_desc',
  created_at_asc: 'created_asc',
  created_at_desc: 'created_desc',
  updated_at_asc: 'updated_asc',
  updated_at_desc: 'updated_desc',
  due_date_asc: 'end_date_asc',
  due_date_desc: 'end_date_desc',
  manual: 'relative_position',
  relative_position_asc: 'relative_position',
};

export function isEpicsListSort(value: unknown): value is EpicsListSort {
  return typeof value === 'string' && Object.hasOwn(TO_GRAPHQL, value);
}

/** A URL's `sort` in the list's spelling (case-insensitive, aliases read), else the default. */
export function parseEpicsListSort(value: string | null | undefined): EpicsListSort {
  const lower = value?.trim().toLowerCase() ?? '';
  if (isEpicsListSort(lower)) return lower;
  return SORT_ALIASES[lower] ?? DEFAULT_EPICS_LIST_SORT;
}

export function epicsListSortToGraphql(sort: EpicsListSort): EpicsListGraphqlSort {
  return TO_GRAPHQL[sort];
}

/** The field a sort belongs to and whether it runs ascending ('Manual' counts as ascending). */
export function epicsListSortField(sort: EpicsListSort): { field: EpicsListSortField; ascending: boolean } {
  const field = EPICS_LIST_SORT_FIELDS.find((f) => f.ascending === sort || f.descending === sort);
  if (!field) throw new Error(`Unknown sort ${sort}`);
  return { field, ascending: field.ascending === sort };
}

/** The fields a search looks in (`in=title` or `in=description`; both when absent). */
export type EpicsListSearchIn = 'TITLE' | 'DESCRIPTION';

/** A cursor as the server writes them: base64 text, not too long. */
const CURSOR_RE = /^[A-Za-z0-9+/=_-]{1,200}$/;

export type EpicsListView = {
  state: ListState;
  sort: EpicsListSort;
  filter: FilterValue;
  searchIn: EpicsListSearchIn | null;
  /** 1-based page number, shown in the pager (the cursors do the paging). */
  page: number;
  /** `next`: the cursor the page starts after; `prev`: the cursor it ends before (one at most). */
  next: string | null;
  prev: string | null;
};

type Reader = UrlParamPairs & { get(name: string): string | null };

/** The view a URL asks for; every missing or invalid part takes its default. */
export function parseEpicsListUrl(params: Reader): EpicsListView {
  const cursor = (key: string) => {
    const value = params.get(key)?.trim() ?? '';
    return CURSOR_RE.test(value) ? value : null;
  };
  const searchIn = params.get('in')?.trim().toUpperCase();
  const page = Number(params.get('page'));
  const next = cursor('next');
  const prev = next ? null : cursor('prev');
  return {
    state: parseListState(params.get('state')),
    sort: parseEpicsListSort(params.get('sort')),
    filter: filterValueFromUrl(params),
    searchIn: searchIn === 'TITLE' || searchIn === 'DESCRIPTION' ? searchIn : null,
    page: Number.isInteger(page) && page > 1 && (next || prev) ? page : 1,
    next,
    prev,
  };
}

/** The URL pairs of a view: `scope=all&state=…&<filters>&sort=…&in=…&page=…&next|prev=…`. */
export function epicsListUrlPairs(view: EpicsListView): [string, string][] {
  const paged = view.page > 1 && (view.next || view.prev);
  return listQueryPairs({
    state: view.state,
    filter: view.filter,
    extra: [
      ['sort', view.sort],
      ['in', view.searchIn?.toLowerCase()],
      ['page', paged ? String(view.page) : null],
      ['next', paged ? view.next : null],
      ['prev', paged && !view.next ? view.prev : null],
    ],
  });
}

/** The view with paging started over (after a filter, state or sort change). */
export function firstPage(view: EpicsListView): EpicsListView {
  return { ...view, page: 1, next: null, prev: null };
}

/**
 * The list view matching a roadmap's (its state, filter and sort, e.g. `START_DATE_ASC`), for the
 * roadmap's 'View epics list' link.
 */
export function epicsListViewFor({
  state,
  filter,
  sort,
}: {
  state: ListState;
  filter: FilterValue;
  sort?: string | null;
}): EpicsListView {
  return { state, filter, sort: parseEpicsListSort(sort), searchIn: null, page: 1, next: null, prev: null };
}
