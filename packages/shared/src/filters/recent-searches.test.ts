import { describe, expect, it } from 'vitest';
import {
  addRecentSearch,
  parseRecentSearches,
  RECENT_SEARCHES_LIMIT,
  recentSearchesStorageKey,
  recentSearchValue,
} from './recent-searches.ts';
import { EMPTY_FILTER_VALUE, type FilterValue } from './tokens.ts';

const label = (value: string): FilterValue => ({ tokens: [{ type: 'label', operator: '=', value }], search: '' });

describe('recent searches', () => {
  it('are stored per path and page', () => {
    expect(recentSearchesStorageKey('acme/platform', 'epics')).toBe('acme/platform-epics-recent-searches');
  });

  it.each<[string | null, string[], boolean]>([
    [null, [], false],
    ['', [], false],
    ['not json', [], true],
    ['{"a":1}', [], true],
    ['[]', [], false],
    ['["label_name[]=bug", 3, null, {"x":1}, "", "search=x"]', ['label_name[]=bug', 'search=x'], false],
    ['["label_name[]=bug", "label_name%5B%5D=bug", "search=x"]', ['label_name[]=bug', 'search=x'], false],
    ['["epic_iid=nope", "search=a"]', ['search=a'], false],
    [
      '["search=1","search=2","search=3","search=4","search=5","search=6"]',
      ['search=1', 'search=2', 'search=3', 'search=4', 'search=5'],
      false,
    ],
  ])('parse %j → %j (error %s)', (stored, searches, error) => {
    expect(parseRecentSearches(stored)).toEqual({ searches, error });
  });

  it('adds newest first, collapses duplicates and keeps five', () => {
    let list: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) list = addRecentSearch(list, label(name));
    expect(list).toEqual(['label_name[]=f', 'label_name[]=e', 'label_name[]=d', 'label_name[]=c', 'label_name[]=b']);
    expect(list).toHaveLength(RECENT_SEARCHES_LIMIT);
    list = addRecentSearch(list, label('c'));
    expect(list).toEqual(['label_name[]=c', 'label_name[]=f', 'label_name[]=e', 'label_name[]=d', 'label_name[]=b']);
  });

  it('does not record an empty search', () => {
    expect(addRecentSearch(['search=x'], EMPTY_FILTER_VALUE)).toEqual(['search=x']);
    expect(addRecentSearch([], { tokens: [{ type: 'epic', operator: '=', value: 'x' }], search: '' })).toEqual([]);
  });

  it('gives back the filter of an entry', () => {
    const value: FilterValue = {
      tokens: [
        { type: 'author', operator: '!=', value: 'bob' },
        { type: 'label', operator: '=', value: 'needs review' },
      ],
      search: 'a & b',
    };
    expect(recentSearchValue(addRecentSearch([], value)[0] ?? '')).toEqual(value);
  });
});
