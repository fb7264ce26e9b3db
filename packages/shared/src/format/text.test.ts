import { describe, expect, it } from 'vitest';
import { appendQuote, quoteText, truncate } from './text.ts';

describe('truncate', () => {
  it.each([
    ['', undefined, ''],
    ['short', undefined, 'short'],
    ['a'.repeat(30), undefined, 'a'.repeat(30)],
    ['a'.repeat(31), undefined, `${'a'.repeat(30)}…`],
    ['The quick brown fox jumps over the lazy dog', undefined, 'The quick brown fox jumps over…'],
    ['Hello world', 6, 'Hello…'],
    ['abcdef', 3, 'abc…'],
    ['😀😀😀😀', 2, '😀😀…'],
    ['abc', 0, '…'],
  ] as const)('%j at %s → %j', (text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });
});

describe('quoteText', () => {
  it.each([
    ['', ''],
    ['  \n ', ''],
    ['Hello', '> Hello\n\n'],
    ['one\ntwo', '> one\n> two\n\n'],
    ['one\r\n\r\ntwo\n', '> one\n>\n> two\n\n'],
    ['\n\n  indented', '>   indented\n\n'],
  ])('%j → %j', (selection, quote) => {
    expect(quoteText(selection)).toBe(quote);
  });
});

describe('appendQuote', () => {
  it.each([
    ['', '> a\n\n', '> a\n\n'],
    ['  ', '> a\n\n', '> a\n\n'],
    ['Draft', '> a\n\n', 'Draft\n\n> a\n\n'],
    ['Draft\n\n', '> a\n\n', 'Draft\n\n> a\n\n'],
    ['Draft', '', 'Draft'],
  ])('%j + %j → %j', (body, quote, result) => {
    expect(appendQuote(body, quote)).toBe(result);
  });
});
