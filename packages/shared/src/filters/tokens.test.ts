import { describe, expect, it } from 'vitest';
import { describeFilterValue, describeToken, labelSwatchColor, tokenValueLabel } from './display.ts';
import {
  availableOperators,
  EMPTY_FILTER_VALUE,
  FILTER_TOKEN_TYPES,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  isFiltered,
  normalizeFilterValue,
  normalizeToken,
  normalizeTokenValue,
  offersNoneAny,
  TOKEN_DEFINITIONS,
} from './tokens.ts';

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });

describe('TOKEN_DEFINITIONS', () => {
  it.each([
    ['author', 'Author', '@', true, ['=', '!=', '||'], false, false],
    ['label', 'Label', '~', false, ['=', '!=', '||'], true, false],
    ['milestone', 'Milestone', '%', true, ['='], false, false],
    ['confidential', 'Confidential', '', true, ['='], false, false],
    ['group', 'Group', '', true, ['='], false, false],
    ['epic', 'Epic', '&', true, ['='], false, false],
    ['my-reaction', 'My-Reaction', '', true, ['=', '!='], true, true],
  ] as const)(
    '%s: %s %j unique=%s operators=%j none/any=%s signed-in only=%s',
    (type, title, symbol, unique, operators, noneAny, signedInOnly) => {
      expect(TOKEN_DEFINITIONS[type]).toMatchObject({ type, title, symbol, unique, operators, noneAny, signedInOnly });
    },
  );

  it('lists every type once, in the spec order', () => {
    expect(FILTER_TOKEN_TYPES).toEqual([
      'author',
      'label',
      'milestone',
      'confidential',
      'group',
      'epic',
      'my-reaction',
    ]);
  });

  it('offers None/Any only with "=" and only for labels and reactions', () => {
    const offered = FILTER_TOKEN_TYPES.flatMap((type) =>
      (['=', '!=', '||'] as const).filter((op) => offersNoneAny(type, op)).map((op) => `${type}${op}`),
    );
    expect(offered).toEqual(['label=', 'my-reaction=']);
  });
});

describe('availableOperators', () => {
  it.each([
    ['author', [], ['=', '!=', '||']],
    ['author', [t('author', '=', 'alice')], []],
    ['author', [t('author', '!=', 'alice')], []],
    ['author', [t('author', '||', 'alice')], ['||']],
    ['author', [t('label', '=', 'bug')], ['=', '!=', '||']],
    ['label', [t('label', '=', 'bug'), t('label', '!=', 'x')], ['=', '!=', '||']],
    ['milestone', [], ['=']],
    ['milestone', [t('milestone', '=', 'v1')], []],
    ['confidential', [t('confidential', '=', 'true')], []],
    ['group', [t('group', '=', 'acme/platform')], []],
    ['epic', [t('epic', '=', '3')], []],
    ['my-reaction', [], ['=', '!=']],
    ['my-reaction', [t('my-reaction', '!=', 'tada')], []],
  ] as const)('%s next to %j → %j', (type, tokens, expected) => {
    expect(availableOperators(type, tokens)).toEqual(expected);
  });
});

describe('normalizeTokenValue', () => {
  it.each([
    ['author', '=', 'alice', 'alice'],
    ['author', '=', ' @alice ', 'alice'],
    ['author', '=', 'al ice', null],
    ['author', '=', 'None', 'None'],
    ['author', '=', '', null],
    ['label', '=', 'bug', 'bug'],
    ['label', '=', '"needs review"', 'needs review'],
    ['label', '=', 'priority::high', 'priority::high'],
    ['label', '=', 'a,b', null],
    ['label', '=', 'none', 'None'],
    ['label', '=', 'ANY', 'Any'],
    ['label', '!=', 'None', 'None'],
    ['label', '=', 'x'.repeat(256), null],
    ['milestone', '=', ' v1.0 ', 'v1.0'],
    ['milestone', '!=', 'v1.0', null],
    ['confidential', '=', 'true', 'true'],
    ['confidential', '=', 'FALSE', 'false'],
    ['confidential', '=', 'yes', 'true'],
    ['confidential', '!=', 'true', null],
    ['group', '=', 'acme/platform', 'acme/platform'],
    ['group', '=', '/acme/', 'acme'],
    ['group', '=', 'acme//x', null],
    ['group', '=', 'acme/-x', null],
    ['group', '=', 'acme/x.', null],
    ['epic', '=', '12', '12'],
    ['epic', '=', '&12', '12'],
    ['epic', '=', '012', null],
    ['epic', '=', '0', null],
    ['epic', '=', 'abc', null],
    ['epic', '||', '1', null],
    ['my-reaction', '=', 'thumbsup', 'thumbsup'],
    ['my-reaction', '!=', ':tada:', 'tada'],
    ['my-reaction', '=', 'none', 'None'],
    ['my-reaction', '!=', 'None', null],
    ['my-reaction', '=', 'not_an_emoji', null],
    ['my-reaction', '||', 'tada', null],
  ] as const)('%s %s %j → %j', (type, operator, raw, expected) => {
    expect(normalizeTokenValue(type, operator, raw)).toBe(expected);
  });

  it('refuses unknown types, operators and non-string values', () => {
    expect(normalizeToken({ type: 'release', operator: '=', value: '3' })).toBeNull();
    expect(normalizeToken({ type: 'label', operator: '~', value: 'bug' })).toBeNull();
    expect(normalizeToken({ type: 'label', operator: '=', value: 3 })).toBeNull();
    expect(normalizeToken({ type: 'label', operator: '=', value: ' bug ' })).toEqual(t('label', '=', 'bug'));
  });
});

describe('normalizeFilterValue', () => {
  it('keeps valid tokens in order, drops invalid ones, duplicates and repeated unique types', () => {
    const value = normalizeFilterValue({
      tokens: [
        t('label', '=', 'bug'),
        t('author', '=', 'alice'),
        t('label', '=', 'bug'),
        t('author', '=', 'bob'),
        t('author', '||', 'carol'),
        t('milestone', '=', 'v1'),
        t('milestone', '=', 'v2'),
        t('epic', '=', 'x'),
        t('label', '!=', 'bug'),
      ],
      search: '  login  ',
    });
    expect(value).toEqual({
      tokens: [t('label', '=', 'bug'), t('author', '=', 'alice'), t('milestone', '=', 'v1'), t('label', '!=', 'bug')],
      search: 'login',
    });
  });

  it('keeps several "or" authors but no "is" author after them', () => {
    const value = normalizeFilterValue({
      tokens: [t('author', '||', 'alice'), t('author', '||', 'bob'), t('author', '=', 'carol')],
      search: '',
    });
    expect(value.tokens).toEqual([t('author', '||', 'alice'), t('author', '||', 'bob')]);
  });

  it('drops types that are not allowed', () => {
    const value = normalizeFilterValue({ tokens: [t('label', '=', 'bug'), t('epic', '=', '1')], search: '' }, [
      'label',
    ]);
    expect(value.tokens).toEqual([t('label', '=', 'bug')]);
  });
});

describe('isFiltered', () => {
  it.each([
    [EMPTY_FILTER_VALUE, false],
    [{ tokens: [], search: '   ' }, false],
    [{ tokens: [], search: 'x' }, true],
    [{ tokens: [t('confidential', '=', 'false')], search: '' }, true],
  ])('%j → %s', (value, expected) => {
    expect(isFiltered(value)).toBe(expected);
  });

  it('EMPTY_FILTER_VALUE cannot be changed by accident', () => {
    expect(Object.isFrozen(EMPTY_FILTER_VALUE)).toBe(true);
    expect(Object.isFrozen(EMPTY_FILTER_VALUE.tokens)).toBe(true);
  });
});

describe('display', () => {
  it.each([
    [t('confidential', '=', 'true'), 'Yes', 'Confidential is Yes'],
    [t('confidential', '=', 'false'), 'No', 'Confidential is No'],
    [t('epic', '=', '5'), '&5', 'Epic is &5'],
    [t('my-reaction', '!=', 'thumbsup'), '👍 thumbsup', 'My-Reaction is not 👍 thumbsup'],
    [t('label', '=', 'None'), 'None', 'Label is None'],
    [t('author', '||', 'alice'), 'alice', 'Author or alice'],
  ])('%j → %j, %j', (token, label, description) => {
    expect(tokenValueLabel(token)).toBe(label);
    expect(describeToken(token)).toBe(description);
  });

  it('describes a whole filter', () => {
    expect(describeFilterValue({ tokens: [t('label', '=', 'bug'), t('author', '!=', 'bob')], search: 'login' })).toBe(
      'Label is bug, Author is not bob, "login"',
    );
  });

  it.each([
    ['#ff0000', '#ff0000'],
    ['#F00', '#F00'],
    [' #00ff0080 ', '#00ff0080'],
    ['rgb(1, 2, 3)', 'rgb(1, 2, 3)'],
    ['rgba(1, 2, 3, 0.5)', 'rgba(1, 2, 3, 0.5)'],
    ['rgb(1 2 3 / 50%)', 'rgb(1 2 3 / 50%)'],
    ['red', null],
    ['#ff000', null],
    ['url(javascript:x)', null],
    ['#fff; background: url(x)', null],
    ['hsl(0, 100%, 50%)', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('label colour %j → %j', (color, expected) => {
    expect(labelSwatchColor(color)).toBe(expected);
  });
});
