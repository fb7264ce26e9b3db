import { describe, expect, it } from 'vitest';
import { filterValueToIssuesQuery } from './issues-query.ts';
import {
  DEFAULT_ISSUES_LIST_VIEW,
  ISSUE_TOKEN_SET,
  type IssuesListView,
  isIssuesListUrlKey,
  issueSortForTitle,
  issuesListViewFromUrl,
  issuesListViewToUrl,
  toggledIssueSort,
} from './issues-url.ts';
import { addRecentSearch, parseRecentSearches, recentSearchValue } from './recent-searches.ts';
import type { FilterOperator, FilterToken, FilterTokenType } from './tokens.ts';

declare const URLSearchParams: new (
  init?: string | [string, string][],
) => Iterable<[string, string]> & { toString(): string };

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });
const read = (query: string) => issuesListViewFromUrl(new URLSearchParams(query));
const write = (view: Partial<IssuesListView>) =>
  new URLSearchParams(issuesListViewToUrl({ ...DEFAULT_ISSUES_LIST_VIEW, ...view })).toString();

describe('issuesListViewFromUrl: filters (GitLab keys)', () => {
  it.each<[string, FilterToken[]]>([
    ['author_username=alice', [t('author', '=', 'alice')]],
    ['not[author_username]=alice', [t('author', '!=', 'alice')]],
    ['or[author_username]=alice&or[author_username]=bob', [t('author', '||', 'alice'), t('author', '||', 'bob')]],
    ['assignee_username[]=alice&assignee_username[]=bob', [t('assignee', '=', 'alice'), t('assignee', '=', 'bob')]],
    ['assignee_username=alice', [t('assignee', '=', 'alice')]],
    ['not[assignee_username][]=carol', [t('assignee', '!=', 'carol')]],
    ['or[assignee_username][]=carol', [t('assignee', '||', 'carol')]],
    ['assignee_id=None', [t('assignee', '=', 'None')]],
    ['assignee_id=any', [t('assignee', '=', 'Any')]],
    ['assignee_id=12', []],
    [
      'label_name[]=bug&not[label_name][]=ui&or[label_name][]=a',
      [t('label', '=', 'bug'), t('label', '!=', 'ui'), t('label', '||', 'a')],
    ],
    ['label_name[]=None', [t('label', '=', 'None')]],
    ['milestone_title=v1.0', [t('milestone', '=', 'v1.0')]],
    ['milestone_title=Upcoming', [t('milestone', '=', 'Upcoming')]],
    ['milestone_title=started', [t('milestone', '=', 'Started')]],
    ['not[milestone_title]=v1.0', [t('milestone', '!=', 'v1.0')]],
    ['milestone_title=a&milestone_title=b', [t('milestone', '=', 'a')]],
    ['weight=3', [t('weight', '=', '3')]],
    ['weight=None', [t('weight', '=', 'None')]],
    ['not[weight]=3', [t('weight', '!=', '3')]],
    ['not[weight]=None', []],
    ['weight=heavy', []],
    ['epic_iid=4', [t('epic', '=', '4')]],
    ['epic_iid=Current', [t('epic', '=', 'Current')]],
    ['not[epic_iid]=4', [t('epic', '!=', '4')]],
    ['iteration_id=12', [t('iteration', '=', '12')]],
    ['iteration_id=Current', [t('iteration', '=', 'Current')]],
    ['iteration_id=None', [t('iteration', '=', 'None')]],
    ['not[iteration_id]=12', [t('iteration', '!=', '12')]],
    ['not[iteration_id]=Current', []],
    ['health_status=atRisk', [t('health', '=', 'atRisk')]],
    ['health_status=ANY', [t('health', '=', 'Any')]],
    ['not[health_status]=onTrack', [t('health', '!=', 'onTrack')]],
    ['type[]=incident&type[]=task', [t('type', '=', 'incident'), t('type', '=', 'task')]],
    ['not[type][]=issue', [t('type', '!=', 'issue')]],
    ['confidential=true', [t('confidential', '=', 'true')]],
    ['my_reaction_emoji=thumbsup', [t('my-reaction', '=', 'thumbsup')]],
    ['not[my_reaction_emoji]=thumbsdown', [t('my-reaction', '!=', 'thumbsdown')]],
    ['release_tag=v1', []],
    ['group_path=acme', []],
  ])('%s', (query, tokens) => {
    expect(read(query).filter.tokens).toEqual(tokens);
  });
});

describe('issuesListViewFromUrl: state, sort, search, paging', () => {
  it('defaults to open, newest first, no paging', () => {
    expect(read('')).toEqual(DEFAULT_ISSUES_LIST_VIEW);
  });

  it.each([
    ['state=closed', { state: 'closed' }],
    ['state=all', { state: 'all' }],
    ['state=merged', { state: 'opened' }],
    ['sort=priority', { sort: 'PRIORITY_ASC' }],
    ['sort=created_date', { sort: 'CREATED_DESC' }],
    ['sort=milestone_due_desc', { sort: 'MILESTONE_DUE_DESC' }],
    ['sort=popularity', { sort: 'POPULARITY_DESC' }],
    ['sort=relative_position', { sort: 'RELATIVE_POSITION_ASC' }],
    ['sort=weight_desc', { sort: 'WEIGHT_DESC' }],
    ['sort=nonsense', { sort: 'CREATED_DESC' }],
    ['first_page_size=50', { pageSize: 50 }],
    ['first_page_size=7', { pageSize: null }],
    ['page_after=eyJpZCI6IjEwIn0', { after: 'eyJpZCI6IjEwIn0' }],
    ['page_before=abc&last_page_size=5', { before: 'abc', pageSize: 5 }],
    ['page_after=a%20b', { after: null }],
    ['search=login&in=title', { searchIn: 'TITLE' }],
    ['in=TITLE', { searchIn: null }],
  ] as const)('%s', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it('keeps the first search text, trimmed', () => {
    expect(read('search=%20crash%20&search=other').filter.search).toBe('crash');
  });
});

describe('issuesListViewToUrl', () => {
  it.each<[Partial<IssuesListView>, string]>([
    [{}, ''],
    [{ state: 'closed' }, 'state=closed'],
    [{ sort: 'DUE_DATE_DESC' }, 'sort=due_date_desc'],
    [{ sort: 'CREATED_DESC' }, ''],
    [{ filter: { tokens: [t('assignee', '=', 'None')], search: '' } }, 'assignee_id=None'],
    [
      { filter: { tokens: [t('assignee', '=', 'alice'), t('label', '!=', 'bug')], search: 'a b' }, searchIn: 'TITLE' },
      'assignee_username%5B%5D=alice&not%5Blabel_name%5D%5B%5D=bug&search=a+b&in=TITLE',
    ],
    [{ filter: { tokens: [], search: '' }, searchIn: 'TITLE' }, ''],
    [{ after: 'xyz', pageSize: 50 }, 'page_after=xyz&first_page_size=50'],
    [{ before: 'xyz', pageSize: 5 }, 'page_before=xyz&last_page_size=5'],
  ])('%j → %s', (view, query) => {
    expect(write(view)).toBe(query);
  });

  it('reads back what it writes', () => {
    const view: IssuesListView = {
      state: 'all',
      sort: 'WEIGHT_ASC',
      filter: {
        tokens: [
          t('author', '!=', 'bob'),
          t('milestone', '=', 'Started'),
          t('weight', '=', '5'),
          t('epic', '!=', '3'),
          t('health', '=', 'atRisk'),
          t('type', '=', 'task'),
          t('my-reaction', '=', 'None'),
        ],
        search: 'crash',
      },
      searchIn: 'DESCRIPTION',
      pageSize: 100,
      after: 'abc',
      before: null,
    };
    expect(issuesListViewFromUrl(issuesListViewToUrl(view))).toEqual(view);
  });

  it('knows its keys', () => {
    expect(['state', 'sort', 'page_after', 'assignee_id', 'not[weight]', 'type[]'].every(isIssuesListUrlKey)).toBe(
      true,
    );
    expect(isIssuesListUrlKey('layout')).toBe(false);
  });
});

describe('sorts', () => {
  it.each([
    ['CREATED_DESC', 'CREATED_ASC'],
    ['PRIORITY_ASC', 'PRIORITY_DESC'],
    ['RELATIVE_POSITION_ASC', 'RELATIVE_POSITION_ASC'],
  ] as const)('%s toggles to %s', (from, to) => {
    expect(toggledIssueSort(from)).toBe(to);
  });

  it.each([
    ['Title', false, 'TITLE_ASC'],
    ['Title', true, 'TITLE_DESC'],
    ['Manual', true, 'RELATIVE_POSITION_ASC'],
    ['Unknown', true, 'CREATED_DESC'],
  ] as const)('%s desc=%s → %s', (title, desc, sort) => {
    expect(issueSortForTitle(title, desc)).toBe(sort);
  });
});

describe('filterValueToIssuesQuery', () => {
  const q = (tokens: FilterToken[], search = '') => filterValueToIssuesQuery({ tokens, search });
  it.each<[FilterToken[], object]>([
    [[t('author', '=', 'alice')], { authorUsername: 'alice' }],
    [[t('author', '!=', 'alice')], { not: { authorUsername: ['alice'] } }],
    [[t('author', '||', 'a'), t('author', '||', 'b')], { or: { authorUsernames: ['a', 'b'] } }],
    [[t('assignee', '=', 'a'), t('assignee', '=', 'b')], { assigneeUsernames: ['a', 'b'] }],
    [[t('assignee', '=', 'None')], { assigneeWildcardId: 'NONE' }],
    [[t('assignee', '!=', 'a')], { not: { assigneeUsernames: ['a'] } }],
    [[t('assignee', '||', 'a')], { or: { assigneeUsernames: ['a'] } }],
    [
      [t('label', '=', 'x'), t('label', '!=', 'y'), t('label', '||', 'z')],
      { labelName: ['x'], not: { labelName: ['y'] }, or: { labelNames: ['z'] } },
    ],
    [[t('label', '=', 'None')], { labelName: ['None'] }],
    [[t('milestone', '=', 'v1')], { milestoneTitle: ['v1'] }],
    [[t('milestone', '=', 'Upcoming')], { milestoneWildcardId: 'UPCOMING' }],
    [[t('milestone', '=', 'Any')], { milestoneWildcardId: 'ANY' }],
    [[t('milestone', '!=', 'v1')], { not: { milestoneTitle: ['v1'] } }],
    [[t('weight', '=', '3')], { weight: '3' }],
    [[t('weight', '=', 'None')], { weightWildcardId: 'NONE' }],
    [[t('weight', '!=', '3')], { not: { weight: '3' } }],
    [[t('epic', '=', 'Any')], { epicWildcardId: 'ANY' }],
    [[t('epic', '=', 'Current')], { epicWildcardId: 'CURRENT' }],
    [[t('iteration', '=', '12')], { iterationId: ['gid://gitlab/Iteration/12'] }],
    [[t('iteration', '=', 'Current')], { iterationWildcardId: 'CURRENT' }],
    [[t('iteration', '=', 'None')], { iterationWildcardId: 'NONE' }],
    [[t('iteration', '=', 'Any')], { iterationWildcardId: 'ANY' }],
    [[t('iteration', '!=', '12')], { not: { iterationId: ['gid://gitlab/Iteration/12'] } }],
    [[t('health', '=', 'atRisk')], { healthStatusFilter: 'atRisk' }],
    [[t('health', '=', 'None')], { healthStatusFilter: 'NONE' }],
    [[t('health', '!=', 'onTrack')], { not: { healthStatusFilter: ['onTrack'] } }],
    [[t('type', '=', 'incident'), t('type', '=', 'task')], { types: ['INCIDENT', 'TASK'] }],
    [[t('type', '!=', 'issue')], { not: { types: ['ISSUE'] } }],
    [[t('confidential', '=', 'false')], { confidential: false }],
    [[t('my-reaction', '=', 'Any')], { myReactionEmoji: 'ANY' }],
    [[t('my-reaction', '=', 'thumbsup')], { myReactionEmoji: 'thumbsup' }],
    [[t('my-reaction', '!=', 'thumbsup')], { not: { myReactionEmoji: 'thumbsup' } }],
  ])('%j', (tokens, filters) => {
    expect(q(tokens).filters).toEqual(filters);
  });

  it('hands epics by iid to the page to resolve', () => {
    expect(q([t('epic', '=', '7')])).toEqual({ filters: {}, epicIid: '7', notEpicIid: null });
    expect(q([t('epic', '!=', '7')])).toEqual({ filters: {}, epicIid: null, notEpicIid: '7' });
  });

  it('searches within titles or descriptions only with search text', () => {
    expect(filterValueToIssuesQuery({ tokens: [], search: 'crash' }, 'TITLE').filters).toEqual({
      search: 'crash',
      in: ['TITLE'],
    });
    expect(filterValueToIssuesQuery({ tokens: [], search: '' }, 'TITLE').filters).toEqual({});
  });
});

describe('ISSUE_TOKEN_SET (recent searches of the issue lists)', () => {
  it('keeps every issue token in the query string and reads it back', () => {
    const value = {
      tokens: [t('assignee', '=', 'None'), t('milestone', '!=', 'v1'), t('weight', '=', '2'), t('type', '=', 'task')],
      search: 'x y',
    };
    const query = ISSUE_TOKEN_SET.toQueryString(value);
    expect(query).toBe('assignee_id=None&not[milestone_title]=v1&weight=2&type[]=task&search=x%20y');
    expect(ISSUE_TOKEN_SET.fromQueryString(query)).toEqual(value);
  });

  it('stores issue searches in the recent list without losing tokens', () => {
    const value = { tokens: [t('health', '!=', 'atRisk')], search: '' };
    const [entry] = addRecentSearch([], value, ISSUE_TOKEN_SET);
    expect(entry).toBe('not[health_status]=atRisk');
    expect(parseRecentSearches(JSON.stringify([entry, 7]), ISSUE_TOKEN_SET).searches).toEqual([entry]);
    expect(recentSearchValue(entry as string, ISSUE_TOKEN_SET)).toEqual(value);
  });
});
