import { describe, expect, it } from 'vitest';
import {
  isListQueryKey,
  type ListState,
  listQueryPairs,
  listQueryString,
  parseListState,
  stateLinkPairs,
} from './list-query.ts';
import type { FilterValue } from './tokens.ts';

const filter = (tokens: FilterValue['tokens'], search = ''): FilterValue => ({ tokens, search });

describe('parseListState', () => {
  it.each<[string | null, ListState]>([
    [null, 'opened'],
    ['', 'opened'],
    ['opened', 'opened'],
    ['open', 'opened'],
    ['OPENED', 'opened'],
    ['closed', 'closed'],
    [' all ', 'all'],
    ['merged', 'opened'],
    ['locked', 'opened'],
  ])('%s → %s', (value, state) => {
    expect(parseListState(value)).toBe(state);
  });

  it('offers merged where the list has it', () => {
    expect(parseListState('merged', ['opened', 'merged', 'closed', 'all'])).toBe('merged');
  });
});

describe('listQueryPairs / listQueryString', () => {
  it.each<[string, Parameters<typeof listQueryString>[0], string]>([
    ['no filter', { state: 'opened', filter: filter([]) }, '?scope=all&state=opened'],
    [
      'tokens in order, search last',
      {
        state: 'closed',
        filter: filter(
          [
            { type: 'label', operator: '=', value: 'bug fix' },
            { type: 'author', operator: '!=', value: 'alice' },
          ],
          'login page',
        ),
      },
      '?scope=all&state=closed&label_name[]=bug%20fix&not[author_username]=alice&search=login%20page',
    ],
    [
      'the page keys after the filter, empty ones left out',
      {
        state: 'all',
        filter: filter([{ type: 'label', operator: '||', value: 'ui' }]),
        extra: [
          ['sort', 'title_asc'],
          ['in', null],
          ['page', '2'],
        ],
      },
      '?scope=all&state=all&or[label_name][]=ui&sort=title_asc&page=2',
    ],
  ])('%s', (_name, query, expected) => {
    expect(listQueryString(query)).toBe(expected);
    expect(listQueryPairs(query)[0]).toEqual(['scope', 'all']);
  });
});

describe('stateLinkPairs', () => {
  it.each<[[string, string][], ListState, [string, string][]]>([
    [
      [],
      'closed',
      [
        ['scope', 'all'],
        ['state', 'closed'],
      ],
    ],
    [
      [
        ['state', 'opened'],
        ['label_name[]', 'bug'],
        ['sort', 'title_asc'],
        ['page', '3'],
        ['next', 'abc'],
        ['prev', 'xyz'],
        ['scope', 'all'],
      ],
      'all',
      [
        ['scope', 'all'],
        ['state', 'all'],
        ['label_name[]', 'bug'],
        ['sort', 'title_asc'],
      ],
    ],
  ])('%j → %s', (current, state, expected) => {
    expect(stateLinkPairs(current, state)).toEqual(expected);
  });
});

describe('isListQueryKey', () => {
  it.each([
    ['scope', true],
    ['state', true],
    ['page', true],
    ['next', true],
    ['prev', true],
    ['label_name[]', true],
    ['not[author_username]', true],
    ['search', true],
    ['sort', false],
    ['layout', false],
  ])('%s → %s', (key, expected) => {
    expect(isListQueryKey(key)).toBe(expected);
  });
});
