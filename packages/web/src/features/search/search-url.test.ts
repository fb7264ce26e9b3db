import { describe, expect, it } from 'vitest';
import { formatSearchCount, isScopeOf, searchPath, searchViewFromParams } from './search-url.ts';

describe('the search URL (GitLab keys)', () => {
  it.each([
    ['search=roadmap', { search: 'roadmap', scope: null, groupId: null, projectId: null, page: 1 }],
    [
      'search=%20a%20b%20&scope=issues&group_id=12&page=3',
      { search: 'a b', scope: 'ISSUES', groupId: '12', projectId: null, page: 3 },
    ],
    [
      'search=x&scope=wikis&project_id=abc&page=0',
      { search: 'x', scope: null, groupId: null, projectId: null, page: 1 },
    ],
    ['search=x&page=501', { search: 'x', scope: null, groupId: null, projectId: null, page: 1 }],
    ['', { search: '', scope: null, groupId: null, projectId: null, page: 1 }],
  ])('%j is read as %j', (query, view) => {
    expect(searchViewFromParams(new URLSearchParams(query))).toEqual(view);
  });

  it('writes the view back, leaving defaults out', () => {
    expect(searchPath({ search: 'a b' })).toBe('/search?search=a+b');
    expect(searchPath({ search: 'x', scope: 'MILESTONES', projectId: '7', page: 2 })).toBe(
      '/search?search=x&scope=milestones&project_id=7&page=2',
    );
    expect(searchPath({ search: 'x', scope: 'USERS', groupId: '3', page: 1 })).toBe(
      '/search?search=x&scope=users&group_id=3',
    );
  });

  it('knows the scopes of a project search and bounds the counts', () => {
    expect(isScopeOf('EPICS', { projectId: '1' })).toBe(false);
    expect(isScopeOf('ISSUES', { projectId: '1' })).toBe(true);
    expect(isScopeOf('EPICS', { projectId: null })).toBe(true);
    expect(formatSearchCount(1000)).toBe('1,000');
    expect(formatSearchCount(1001)).toBe('1,000+');
    expect(formatSearchCount(7)).toBe('7');
  });
});
