import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EPICS_LIST_SORT,
  EPICS_LIST_SORT_FIELDS,
  type EpicsListSort,
  type EpicsListView,
  epicsListSortField,
  epicsListSortToGraphql,
  epicsListUrlPairs,
  epicsListViewFor,
  firstPage,
  parseEpicsListSort,
  parseEpicsListUrl,
} from './epics-list.ts';

// The shared package has no DOM types; Node has URLSearchParams at run time.
declare const URLSearchParams: new (
  init?: string | [string, string][],
) => Iterable<[string, string]> & { toString(): string; get(name: string): string | null };

const parse = (query: string) => parseEpicsListUrl(new URLSearchParams(query));
const DEFAULT_VIEW: EpicsListView = {
  state: 'opened',
  sort: 'start_date_desc',
  filter: { tokens: [], search: '' },
  searchIn: null,
  page: 1,
  next: null,
  prev: null,
};

describe('parseEpicsListSort', () => {
  it.each<[string | null, EpicsListSort]>([
    [null, DEFAULT_EPICS_LIST_SORT],
    ['', 'start_date_desc'],
    ['start_date_asc', 'start_date_asc'],
    ['START_DATE_ASC', 'start_date_asc'],
    ['END_DATE_DESC', 'end_date_desc'],
    ['due_date_asc', 'end_date_asc'],
    ['CREATED_AT_DESC', 'created_desc'],
    ['created_date', 'created_desc'],
    ['updated_asc', 'updated_asc'],
    ['UPDATED_AT_ASC', 'updated_asc'],
    ['TITLE_DESC', 'title_desc'],
    ['manual', 'relative_position'],
    ['RELATIVE_POSITION_ASC', 'relative_position'],
    ['popularity', 'start_date_desc'],
  ])('%s → %s', (value, sort) => {
    expect(parseEpicsListSort(value)).toBe(sort);
  });
});

describe('epicsListSortToGraphql', () => {
  it('maps every sort of the dropdown to an EpicSort value', () => {
    const sorts = EPICS_LIST_SORT_FIELDS.flatMap((f) => [f.ascending, f.descending]);
    expect(sorts.map(epicsListSortToGraphql)).toEqual([
      'START_DATE_ASC',
      'START_DATE_DESC',
      'END_DATE_ASC',
      'END_DATE_DESC',
      'CREATED_AT_ASC',
      'CREATED_AT_DESC',
      'UPDATED_AT_ASC',
      'UPDATED_AT_DESC',
      'TITLE_ASC',
      'TITLE_DESC',
      'RELATIVE_POSITION_ASC',
      'RELATIVE_POSITION_ASC',
    ]);
  });

  it.each<[EpicsListSort, string, boolean]>([
    ['title_desc', 'Title', false],
    ['created_asc', 'Created date', true],
    ['relative_position', 'Manual', true],
  ])('%s is %s, ascending %s', (sort, text, ascending) => {
    const { field, ascending: asc } = epicsListSortField(sort);
    expect([field.text, asc]).toEqual([text, ascending]);
  });
});

describe('parseEpicsListUrl', () => {
  it.each<[string, Partial<EpicsListView>]>([
    ['', {}],
    ['scope=all&state=closed', { state: 'closed' }],
    ['state=all&sort=TITLE_ASC', { state: 'all', sort: 'title_asc' }],
    ['state=bogus&sort=bogus', {}],
    ['in=title&search=login', { searchIn: 'TITLE', filter: { tokens: [], search: 'login' } }],
    ['in=DESCRIPTION', { searchIn: 'DESCRIPTION' }],
    ['in=notes', {}],
    ['page=3&next=T2Zmc2V0OjQw', { page: 3, next: 'T2Zmc2V0OjQw' }],
    ['page=2&prev=T2Zmc2V0OjIw', { page: 2, prev: 'T2Zmc2V0OjIw' }],
    // `next` wins over `prev`; a page number without a cursor is page 1; bad cursors are dropped.
    ['page=2&next=a&prev=b', { page: 2, next: 'a' }],
    ['page=4', {}],
    ['page=-1&next=a', { next: 'a' }],
    ['page=2&next=%3Cscript%3E', {}],
    [
      'author_username=alice&not[label_name][]=bug&or[label_name][]=ui&or[label_name][]=ux&my_reaction_emoji=tada',
      {
        filter: {
          tokens: [
            { type: 'author', operator: '=', value: 'alice' },
            { type: 'label', operator: '!=', value: 'bug' },
            { type: 'label', operator: '||', value: 'ui' },
            { type: 'label', operator: '||', value: 'ux' },
            { type: 'my-reaction', operator: '=', value: 'tada' },
          ],
          search: '',
        },
      },
    ],
    // Roadmap-only keys (layout, timeframe, progress…) are ignored by the list.
    ['layout=WEEKS&timeframe_range_type=CURRENT_YEAR&show_labels=true&state=all', { state: 'all' }],
  ])('%s', (query, expected) => {
    expect(parse(query)).toEqual({ ...DEFAULT_VIEW, ...expected });
  });
});

describe('epicsListUrlPairs', () => {
  it.each<[Partial<EpicsListView>, string]>([
    [{}, 'scope=all&state=opened&sort=start_date_desc'],
    [
      {
        state: 'closed',
        sort: 'title_asc',
        filter: { tokens: [{ type: 'author', operator: '!=', value: 'bob' }], search: 'x y' },
      },
      'scope=all&state=closed&not%5Bauthor_username%5D=bob&search=x+y&sort=title_asc',
    ],
    [{ searchIn: 'TITLE' }, 'scope=all&state=opened&sort=start_date_desc&in=title'],
    [{ page: 2, next: 'abc' }, 'scope=all&state=opened&sort=start_date_desc&page=2&next=abc'],
    [{ page: 2, prev: 'abc' }, 'scope=all&state=opened&sort=start_date_desc&page=2&prev=abc'],
    [{ page: 1, next: 'abc' }, 'scope=all&state=opened&sort=start_date_desc'],
  ])('%j', (view, query) => {
    expect(new URLSearchParams(epicsListUrlPairs({ ...DEFAULT_VIEW, ...view })).toString()).toBe(query);
  });

  it('round-trips through the URL', () => {
    const view: EpicsListView = {
      state: 'all',
      sort: 'relative_position',
      filter: {
        tokens: [
          { type: 'group', operator: '=', value: 'acme/platform' },
          { type: 'epic', operator: '=', value: '4' },
          { type: 'confidential', operator: '=', value: 'true' },
          { type: 'milestone', operator: '=', value: 'Release 1.0' },
        ],
        search: 'roadmap',
      },
      searchIn: 'DESCRIPTION',
      page: 5,
      next: null,
      prev: 'T2Zmc2V0Ojgw',
    };
    expect(parseEpicsListUrl(new URLSearchParams(epicsListUrlPairs(view)))).toEqual(view);
  });

  it('firstPage forgets the paging', () => {
    expect(firstPage({ ...DEFAULT_VIEW, page: 3, next: 'a' })).toEqual(DEFAULT_VIEW);
  });
});

describe('epicsListViewFor', () => {
  it("takes the roadmap's state, filter and sort", () => {
    const filter = { tokens: [{ type: 'label' as const, operator: '!=' as const, value: 'bug' }], search: '' };
    expect(epicsListViewFor({ state: 'all', filter, sort: 'CREATED_AT_ASC' })).toEqual({
      ...DEFAULT_VIEW,
      state: 'all',
      filter,
      sort: 'created_asc',
    });
    expect(
      new URLSearchParams(
        epicsListUrlPairs(epicsListViewFor({ state: 'all', filter, sort: 'END_DATE_DESC' })),
      ).toString(),
    ).toBe('scope=all&state=all&not%5Blabel_name%5D%5B%5D=bug&sort=end_date_desc');
  });
});
