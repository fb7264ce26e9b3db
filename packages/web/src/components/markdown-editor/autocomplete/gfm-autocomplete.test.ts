import { describe, expect, it } from 'vitest';
import {
  emojiSuggestions,
  insertIssue,
  insertLabel,
  insertMilestone,
  MAX_SUGGESTIONS,
  matchAutocomplete,
} from './gfm-autocomplete.ts';

describe('GFM autocomplete triggers', () => {
  it.each([
    ['@al', 'users', 'al'],
    ['Ask @', 'users', ''],
    ['~bu', 'labels', 'bu'],
    ['for %"Rel', 'milestones', 'Rel'],
    ['fixes #12', 'issues', '12'],
    ['see &3', 'epics', '3'],
    ['nice :tad', 'emoji', 'tad'],
    ['line one\n@b', 'users', 'b'],
    ['(#4', 'issues', '4'],
  ])('%j suggests %s for %j', (text, source, query) => {
    expect(matchAutocomplete(text)).toMatchObject({ source, query });
  });

  it.each([['mail@example'], ['Note:'], ['Note: '], ['@alice done'], [`@${'a'.repeat(21)}`], ['a#1']])(
    'does not suggest for %j',
    (text) => {
      expect(matchAutocomplete(text)).toBeNull();
    },
  );

  it('knows where the reference starts', () => {
    expect(matchAutocomplete('Ask @bo')?.from).toBe(4);
    expect(matchAutocomplete('~"Needs')).toMatchObject({ from: 0, to: 7, query: 'Needs' });
  });
});

describe('what a suggestion inserts', () => {
  it('quotes names with spaces and shortens issues of the same project', () => {
    expect(insertLabel('bug')).toBe('~bug');
    expect(insertLabel('needs review')).toBe('~"needs review"');
    expect(insertMilestone('Release 1')).toBe('%"Release 1"');
    expect(insertIssue('acme/web#12', '12', 'acme/web')).toBe('#12');
    expect(insertIssue('acme/api#3', '3', 'acme/web')).toBe('acme/api#3');
  });

  it('suggests at most five emoji, names starting with the query first', () => {
    const found = emojiSuggestions('smile');
    expect(found.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(found[0]?.insert).toBe(':smile:');
    expect(emojiSuggestions('zzzzqq')).toEqual([]);
  });
});
