import { describe, expect, it } from 'vitest';
import { describeToken } from './display.ts';
import { ISSUE_TOKEN_DEFINITIONS as D, ISSUE_FILTER_TOKEN_TYPES, WEIGHT_SUGGESTIONS } from './issue-tokens.ts';
import {
  availableOperators,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  normalizeFilterValue,
  normalizeTokenValue,
  wildcardValues,
} from './tokens.ts';

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });
const OPS = ['=', '!=', '||'] as const;

describe('ISSUE_TOKEN_DEFINITIONS', () => {
  it.each([
    ['assignee', ['=', '!=', '||'], false, ['None', 'Any']],
    ['author', ['=', '!=', '||'], true, []],
    ['confidential', ['='], true, []],
    ['epic', ['=', '!='], true, ['None', 'Any', 'Current']],
    ['health', ['=', '!='], true, ['None', 'Any']],
    ['label', ['=', '!=', '||'], false, ['None', 'Any']],
    ['milestone', ['=', '!='], true, ['None', 'Any', 'Upcoming', 'Started']],
    ['my-reaction', ['=', '!='], true, ['None', 'Any']],
    ['type', ['=', '!='], false, []],
    ['weight', ['=', '!='], true, ['None', 'Any']],
  ] as const)('%s: operators %j, unique %s, wildcards with "=" %j', (type, operators, unique, wildcards) => {
    expect(D[type].operators).toEqual(operators);
    expect(D[type].unique).toBe(unique);
    expect(wildcardValues(type, '=', D)).toEqual(wildcards);
  });

  it('hides every wildcard with != and ||', () => {
    const offered = ISSUE_FILTER_TOKEN_TYPES.flatMap((type) =>
      (['!=', '||'] as const).flatMap((op) => wildcardValues(type, op, D)),
    );
    expect(offered).toEqual([]);
  });

  it('offers the types in GitLab order, release left out', () => {
    expect(ISSUE_FILTER_TOKEN_TYPES).toEqual([
      'assignee',
      'author',
      'confidential',
      'epic',
      'health',
      'iteration',
      'label',
      'milestone',
      'my-reaction',
      'type',
      'weight',
    ]);
  });

  it.each([
    ['=', '5', '5'],
    ['=', 'gid://gitlab/Iteration/5', '5'],
    ['=', 'current', 'Current'],
    ['=', 'none', 'None'],
    ['=', 'Any', 'Any'],
    ['!=', '7', '7'],
    ['!=', 'Current', null],
    ['!=', 'None', null],
    ['=', 'Sprint 4', null],
    ['||', '5', null],
  ] as const)('iteration %s %j keeps %j', (operator, raw, expected) => {
    expect(normalizeTokenValue('iteration', operator, raw, D)).toBe(expected);
  });

  it('offers None, Any and Current for the iteration, only with is', () => {
    expect(wildcardValues('iteration', '=', D)).toEqual(['None', 'Any', 'Current']);
    expect(wildcardValues('iteration', '!=', D)).toEqual([]);
  });

  it('suggests weights 0 to 20', () => {
    expect(WEIGHT_SUGGESTIONS).toHaveLength(21);
    expect(WEIGHT_SUGGESTIONS[0]).toBe('0');
    expect(WEIGHT_SUGGESTIONS[20]).toBe('20');
  });
});

describe('normalizeTokenValue (issue lists)', () => {
  it.each<[FilterTokenType, FilterOperator, string, string | null]>([
    ['assignee', '=', '@alice', 'alice'],
    ['assignee', '=', 'none', 'None'],
    // With != and || the wildcards are not offered: the word is a plain value (a user named None).
    ['assignee', '!=', 'None', 'None'],
    ['assignee', '||', 'Any', 'Any'],
    ['assignee', '||', 'bob', 'bob'],
    ['author', '=', 'None', 'None'],
    ['milestone', '=', 'upcoming', 'Upcoming'],
    ['milestone', '=', 'STARTED', 'Started'],
    ['milestone', '!=', 'Upcoming', 'Upcoming'],
    ['milestone', '!=', '"Release 1"', 'Release 1'],
    ['milestone', '||', 'v1', null],
    ['weight', '=', '0', '0'],
    ['weight', '=', '20', '20'],
    ['weight', '=', '137', '137'],
    ['weight', '=', '-1', null],
    ['weight', '=', '1.5', null],
    ['weight', '=', '07', null],
    ['weight', '=', 'any', 'Any'],
    ['weight', '!=', 'None', null], // not a number
    ['weight', '!=', '3', '3'],
    ['epic', '=', '&12', '12'],
    ['epic', '=', 'current', 'Current'],
    ['epic', '!=', 'Current', null], // not an iid
    ['epic', '!=', '4', '4'],
    ['health', '=', 'on track', 'onTrack'],
    ['health', '=', 'needs_attention', 'needsAttention'],
    ['health', '=', 'atRisk', 'atRisk'],
    ['health', '=', 'fine', null],
    ['health', '!=', 'None', null], // not a status
    ['type', '=', 'Incident', 'incident'],
    ['type', '!=', 'task', 'task'],
    ['type', '=', 'epic', null],
    ['type', '=', 'None', null],
    ['confidential', '=', 'TRUE', 'true'],
    ['confidential', '!=', 'true', null],
    ['my-reaction', '!=', 'thumbsup', 'thumbsup'],
    ['my-reaction', '!=', 'Any', null], // not an emoji
  ])('%s %s %j → %j', (type, operator, raw, expected) => {
    expect(normalizeTokenValue(type, operator, raw, D)).toBe(expected);
  });
});

describe('availableOperators (issue lists)', () => {
  it.each<[FilterTokenType, FilterToken[], FilterOperator[]]>([
    ['milestone', [], ['=', '!=']],
    ['milestone', [t('milestone', '!=', 'v1')], []],
    ['weight', [t('weight', '=', '3')], []],
    ['assignee', [t('assignee', '=', 'alice')], ['=', '!=', '||']],
    ['author', [t('author', '||', 'alice')], ['||']],
    ['type', [t('type', '=', 'issue')], ['=', '!=']],
  ])('%s next to %j → %j', (type, tokens, expected) => {
    expect(availableOperators(type, tokens, D)).toEqual(expected);
  });

  it('keeps unique tokens once', () => {
    const value = normalizeFilterValue(
      {
        tokens: [
          t('weight', '=', '1'),
          t('weight', '!=', '2'),
          t('health', '=', 'atRisk'),
          t('health', '=', 'onTrack'),
        ],
        search: '',
      },
      undefined,
      D,
    );
    expect(value.tokens).toEqual([t('weight', '=', '1'), t('health', '=', 'atRisk')]);
  });

  it.each(OPS)('drops types an issue list does not know with %s', (op) => {
    expect(
      normalizeFilterValue({ tokens: [t('group', op, 'acme')], search: '' }, [...ISSUE_FILTER_TOKEN_TYPES], D),
    ).toEqual({ tokens: [], search: '' });
  });
});

describe('describeToken (issue tokens)', () => {
  it.each<[FilterToken, string]>([
    [t('health', '=', 'needsAttention'), 'Health is Needs attention'],
    [t('type', '!=', 'incident'), 'Type is not Incident'],
    [t('weight', '=', '3'), 'Weight is 3'],
    [t('epic', '=', 'Current'), 'Epic is Current'],
    [t('epic', '=', '5'), 'Epic is &5'],
    [t('assignee', '||', 'bob'), 'Assignee or bob'],
  ])('%j → %s', (token, text) => {
    expect(describeToken(token)).toBe(text);
  });
});
