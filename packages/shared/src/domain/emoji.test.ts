import { describe, expect, it } from 'vitest';
import { awardEmoji, awardEmojiUnicode, isAwardEmojiName } from './emoji.ts';

describe('award emoji names', () => {
  it('has a few hundred names, each with a character', () => {
    expect(awardEmoji().size).toBeGreaterThan(300);
    for (const [name, unicode] of awardEmoji()) {
      expect(name).toMatch(/^[a-z0-9_+-]{1,64}$/);
      expect(unicode.length).toBeGreaterThan(0);
      expect(unicode).not.toMatch(/\s/);
    }
  });

  it.each([
    ['thumbsup', true, '👍'],
    ['thumbsdown', true, '👎'],
    ['tada', true, '🎉'],
    ['rocket', true, '🚀'],
    ['eyes', true, '👀'],
    ['heart', true, '❤️'],
    ['smile', true, '😄'],
    ['100', true, '💯'],
    ['Thumbsup', false, undefined],
    ['not_an_emoji', false, undefined],
    ['', false, undefined],
    [' thumbsup', false, undefined],
  ])('%j → valid %s', (name, valid, unicode) => {
    expect(isAwardEmojiName(name)).toBe(valid);
    expect(awardEmojiUnicode(name)).toBe(unicode);
  });

  it('refuses non-strings', () => {
    expect(isAwardEmojiName(undefined)).toBe(false);
    expect(isAwardEmojiName(42)).toBe(false);
  });
});
