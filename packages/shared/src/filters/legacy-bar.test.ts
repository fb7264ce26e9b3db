/** The legacy filtered-search bar's value rules (spec 002 §5): quoting, unquoting, lowercasing. */
import { describe, expect, it } from 'vitest';
import { editableTokenText } from './display.ts';
import {
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  normalizeTokenValue,
  quoteTokenValue,
  TOKEN_DEFINITIONS,
} from './tokens.ts';
import { filterValueFromQueryString } from './url.ts';

const t = (type: FilterTokenType, operator: FilterOperator, value: string): FilterToken => ({ type, operator, value });

describe('quoted values are unquoted on submit, lowercased where GitLab lowercases', () => {
  it.each<[FilterTokenType, FilterOperator, string, string | null]>([
    ['label', '=', '"needs review"', 'needs review'],
    ['label', '=', '" spaced "', 'spaced'],
    ['label', '=', '"', '"'],
    ['milestone', '=', '"Release 1.0"', 'Release 1.0'],
    ['milestone', '=', 'Release 1.0', 'Release 1.0'],
    ['author', '=', '"alice"', 'alice'],
    // Confidential is GitLab's lowercased Yes / No token.
    ['confidential', '=', 'Yes', 'true'],
    ['confidential', '=', '"NO"', 'false'],
    ['confidential', '=', 'TRUE', 'true'],
    ['confidential', '=', 'maybe', null],
    // Other tokens keep their case.
    ['label', '=', 'Bug', 'Bug'],
    ['milestone', '=', 'V1', 'V1'],
  ])('%s %s %j → %j', (type, operator, raw, expected) => {
    expect(normalizeTokenValue(type, operator, raw)).toBe(expected);
  });

  it('marks only the confidential token as lowercased', () => {
    const lowercased = Object.values(TOKEN_DEFINITIONS)
      .filter((d) => d.lowercaseValueOnSubmit)
      .map((d) => d.type);
    expect(lowercased).toEqual(['confidential']);
  });

  it("reads GitLab's confidential=yes / no from list URLs", () => {
    expect(filterValueFromQueryString('confidential=yes').tokens).toEqual([t('confidential', '=', 'true')]);
    expect(filterValueFromQueryString('confidential=No').tokens).toEqual([t('confidential', '=', 'false')]);
  });
});

describe('values with spaces are quoted', () => {
  it.each([
    ['bug', 'bug'],
    ['needs review', '"needs review"'],
    ['tab\there', '"tab\there"'],
    ['"already quoted"', '"already quoted"'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(quoteTokenValue(value)).toBe(expected);
  });

  it.each<[FilterToken, string]>([
    [t('label', '=', 'needs review'), '"needs review"'],
    [t('label', '!=', 'bug'), 'bug'],
    [t('milestone', '=', 'Release 1.0'), '"Release 1.0"'],
    [t('author', '||', 'alice'), 'alice'],
    [t('confidential', '=', 'true'), 'Yes'],
    [t('confidential', '=', 'false'), 'No'],
    [t('epic', '=', '12'), '&12'],
    [t('my-reaction', '=', 'thumbsup'), 'thumbsup'],
    [t('label', '=', 'None'), 'None'],
    [t('group', '=', 'acme/platform'), 'acme/platform'],
  ])('editing %j puts %j back in the input, which submits to the same token', (token, text) => {
    expect(editableTokenText(token)).toBe(text);
    expect(normalizeTokenValue(token.type, token.operator, text)).toBe(token.value);
  });
});
