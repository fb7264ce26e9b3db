import { describe, expect, it } from 'vitest';
import { type EpicsFilterQuery, filterValueToEpicsQuery } from './epics-query.ts';
import type { FilterOperator, FilterToken, FilterTokenType } from './tokens.ts';

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });

describe('filterValueToEpicsQuery', () => {
  it.each<[string, FilterToken[], string, EpicsFilterQuery]>([
    ['nothing', [], '', { includeDescendantGroups: true, epicIid: null, filters: {} }],
    ['blank search', [], '   ', { includeDescendantGroups: true, epicIid: null, filters: {} }],
    ['search', [], ' login ', { includeDescendantGroups: true, epicIid: null, filters: { search: 'login' } }],
    [
      'author is',
      [t('author', '=', 'alice')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { authorUsername: 'alice' } },
    ],
    [
      'author is not',
      [t('author', '!=', 'alice')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { not: { authorUsername: 'alice' } } },
    ],
    [
      'author or',
      [t('author', '||', 'alice'), t('author', '||', 'bob')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { or: { authorUsernames: ['alice', 'bob'] } } },
    ],
    [
      'labels, all three operators',
      [t('label', '=', 'a'), t('label', '=', 'b'), t('label', '!=', 'c'), t('label', '||', 'd'), t('label', '||', 'e')],
      '',
      {
        includeDescendantGroups: true,
        epicIid: null,
        filters: { labelName: ['a', 'b'], not: { labelName: ['c'] }, or: { labelNames: ['d', 'e'] } },
      },
    ],
    [
      'milestone',
      [t('milestone', '=', 'v1.0')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { milestoneTitle: 'v1.0' } },
    ],
    [
      'confidential yes',
      [t('confidential', '=', 'true')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { confidential: true } },
    ],
    [
      'confidential no',
      [t('confidential', '=', 'false')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { confidential: false } },
    ],
    [
      'reactions',
      [t('my-reaction', '=', 'thumbsup'), t('my-reaction', '!=', 'tada')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { myReactionEmoji: 'thumbsup' } },
    ],
    [
      'reaction is not',
      [t('my-reaction', '!=', 'tada')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: { not: { myReactionEmoji: 'tada' } } },
    ],
    [
      'group: that group only',
      [t('group', '=', 'acme/platform')],
      '',
      { fullPath: 'acme/platform', includeDescendantGroups: false, epicIid: null, filters: {} },
    ],
    ['epic: its children', [t('epic', '=', '4')], '', { includeDescendantGroups: true, epicIid: '4', filters: {} }],
    [
      'invalid tokens are ignored',
      [t('epic', '=', 'four'), t('confidential', '=', 'maybe'), t('author', '=', 'a b')],
      '',
      { includeDescendantGroups: true, epicIid: null, filters: {} },
    ],
    [
      'everything',
      [
        t('author', '=', 'alice'),
        t('label', '=', 'None'),
        t('milestone', '=', 'v2'),
        t('confidential', '=', 'false'),
        t('group', '=', 'acme'),
        t('epic', '=', '9'),
        t('my-reaction', '=', 'Any'),
      ],
      'x',
      {
        fullPath: 'acme',
        includeDescendantGroups: false,
        epicIid: '9',
        filters: {
          authorUsername: 'alice',
          labelName: ['None'],
          milestoneTitle: 'v2',
          confidential: false,
          myReactionEmoji: 'Any',
          search: 'x',
        },
      },
    ],
  ])('%s', (_name, tokens, search, expected) => {
    expect(filterValueToEpicsQuery({ tokens, search })).toEqual(expected);
  });

  it('leaves out empty strings and lists (no keys with undefined values)', () => {
    const query = filterValueToEpicsQuery({ tokens: [t('label', '=', '')], search: '' });
    expect(Object.keys(query.filters)).toEqual([]);
    expect('fullPath' in query).toBe(false);
  });
});
