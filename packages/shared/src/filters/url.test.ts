import { describe, expect, it } from 'vitest';
import type { FilterOperator, FilterToken, FilterTokenType, FilterValue } from './tokens.ts';
import {
  FILTER_URL_KEYS,
  filterValueFromQueryString,
  filterValueFromUrl,
  filterValueToQueryString,
  filterValueToUrl,
  isFilterUrlKey,
} from './url.ts';

// The shared package has no DOM types; Node has URLSearchParams at run time.
declare const URLSearchParams: new (
  init?: string | [string, string][],
) => Iterable<[string, string]> & { toString(): string };

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });
const fromQuery = (query: string) => filterValueFromUrl(new URLSearchParams(query));

describe('filterValueFromUrl', () => {
  it.each<[string, FilterToken[], string]>([
    ['', [], ''],
    ['author_username=alice', [t('author', '=', 'alice')], ''],
    ['not[author_username]=alice', [t('author', '!=', 'alice')], ''],
    ['or[author_username]=alice&or[author_username]=bob', [t('author', '||', 'alice'), t('author', '||', 'bob')], ''],
    ['or[author_username][]=alice', [t('author', '||', 'alice')], ''],
    ['label_name[]=bug&label_name[]=ui', [t('label', '=', 'bug'), t('label', '=', 'ui')], ''],
    ['label_name=bug', [t('label', '=', 'bug')], ''],
    ['not[label_name][]=bug', [t('label', '!=', 'bug')], ''],
    ['or[label_name][]=bug&or[label_name][]=ui', [t('label', '||', 'bug'), t('label', '||', 'ui')], ''],
    ['milestone_title=v1.0', [t('milestone', '=', 'v1.0')], ''],
    ['not[milestone_title]=v1.0', [], ''],
    ['confidential=true', [t('confidential', '=', 'true')], ''],
    ['confidential=false', [t('confidential', '=', 'false')], ''],
    ['confidential=maybe', [], ''],
    ['group_path=acme%2Fplatform', [t('group', '=', 'acme/platform')], ''],
    ['epic_iid=7', [t('epic', '=', '7')], ''],
    ['epic_iid=seven', [], ''],
    ['my_reaction_emoji=thumbsup', [t('my-reaction', '=', 'thumbsup')], ''],
    ['my_reaction_emoji=None', [t('my-reaction', '=', 'None')], ''],
    ['not[my_reaction_emoji]=tada', [t('my-reaction', '!=', 'tada')], ''],
    ['my_reaction_emoji=nope', [], ''],
    ['search=login+page', [], 'login page'],
    ['search=%20+&search=second', [], 'second'],
    ['state=opened&sort=START_DATE_ASC&layout=MONTHS&label_name[]=bug', [t('label', '=', 'bug')], ''],
    // Unique types are kept once; duplicates and blanks are dropped.
    ['milestone_title=v1&milestone_title=v2', [t('milestone', '=', 'v1')], ''],
    ['author_username=alice&not[author_username]=bob', [t('author', '=', 'alice')], ''],
    ['label_name[]=bug&label_name[]=bug&label_name[]=', [t('label', '=', 'bug')], ''],
    ['group_path=a&group_path=b&epic_iid=1&epic_iid=2', [t('group', '=', 'a'), t('epic', '=', '1')], ''],
  ])('%s', (query, tokens, search) => {
    expect(fromQuery(query)).toEqual({ tokens, search });
  });

  it('accepts any iterable of pairs', () => {
    expect(filterValueFromUrl([['label_name[]', 'bug']])).toEqual({ tokens: [t('label', '=', 'bug')], search: '' });
  });
});

describe('filterValueToUrl', () => {
  it("writes GitLab's keys, tokens in order and search last", () => {
    const value: FilterValue = {
      tokens: [
        t('label', '=', 'bug'),
        t('author', '||', 'alice'),
        t('author', '||', 'bob'),
        t('label', '!=', 'wontfix'),
        t('label', '||', 'ui'),
        t('milestone', '=', 'v1.0'),
        t('confidential', '=', 'false'),
        t('group', '=', 'acme/platform'),
        t('epic', '=', '3'),
        t('my-reaction', '=', 'thumbsup'),
        t('my-reaction', '!=', 'tada'),
      ],
      search: ' login ',
    };
    expect(filterValueToUrl(value)).toEqual([
      ['label_name[]', 'bug'],
      ['or[author_username]', 'alice'],
      ['or[author_username]', 'bob'],
      ['not[label_name][]', 'wontfix'],
      ['or[label_name][]', 'ui'],
      ['milestone_title', 'v1.0'],
      ['confidential', 'false'],
      ['group_path', 'acme/platform'],
      ['epic_iid', '3'],
      ['my_reaction_emoji', 'thumbsup'],
      ['search', 'login'],
    ]);
  });

  it('drops invalid and duplicate tokens and empty search', () => {
    expect(
      filterValueToUrl({
        tokens: [t('author', '=', 'alice'), t('author', '=', 'alice'), t('epic', '=', 'x'), t('author', '!=', 'bob')],
        search: '  ',
      }),
    ).toEqual([['author_username', 'alice']]);
  });

  it.each<FilterValue>([
    { tokens: [], search: '' },
    {
      tokens: [t('author', '=', 'alice'), t('label', '=', 'needs review'), t('label', '=', 'scope::x')],
      search: 'a&b=c',
    },
    { tokens: [t('author', '!=', 'bob'), t('label', '||', 'a'), t('label', '||', 'b')], search: '' },
    { tokens: [t('my-reaction', '!=', 'thumbsdown'), t('group', '=', 'acme/secret-lab')], search: '100% done' },
    { tokens: [t('label', '=', 'None'), t('confidential', '=', 'true'), t('epic', '=', '12')], search: '' },
  ])('round-trips %j through the URL and the query string', (value) => {
    expect(filterValueFromUrl(new URLSearchParams(filterValueToUrl(value)))).toEqual(value);
    expect(fromQuery(new URLSearchParams(filterValueToUrl(value)).toString())).toEqual(value);
    expect(filterValueFromQueryString(filterValueToQueryString(value))).toEqual(value);
  });

  it('writes readable query strings', () => {
    expect(filterValueToQueryString({ tokens: [t('label', '!=', 'a b')], search: 'x&y' })).toBe(
      'not[label_name][]=a%20b&search=x%26y',
    );
    expect(filterValueFromQueryString('?label_name[]=a+b&search=%E0%A4%A')).toEqual({
      tokens: [t('label', '=', 'a b')],
      search: '',
    });
  });
});

describe('FILTER_URL_KEYS', () => {
  it('holds every key read, and nothing else', () => {
    expect(FILTER_URL_KEYS).toContain('label_name[]');
    expect(FILTER_URL_KEYS).toContain('or[author_username]');
    expect(FILTER_URL_KEYS).toContain('search');
    expect(isFilterUrlKey('not[my_reaction_emoji]')).toBe(true);
    expect(isFilterUrlKey('sort')).toBe(false);
    expect(isFilterUrlKey('not[milestone_title]')).toBe(false);
  });
});
