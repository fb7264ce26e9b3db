import { describe, expect, it } from 'vitest';
import { isFiltered, searchOf, variablesOf, viewFromSearch } from './todos-view.ts';

describe('the to-do list view ⇄ URL', () => {
  it.each([
    ['', ''],
    ['?state=done', '?state=done'],
    ['?state=bogus&page=0', ''],
    [
      '?group_id=5&project_id=7&author_id=9&action_id=2&type=Epic&page=3',
      '?group_id=5&project_id=7&author_id=9&action_id=2&type=Epic&page=3',
    ],
    ['?action_id=3&type=MergeRequest&group_id=x', ''],
  ])('%s reads and writes back as %s', (search, written) => {
    expect(searchOf(viewFromSearch(search))).toBe(written);
  });

  it('turns the view into the query variables (GitLab action ids, offset cursors)', () => {
    const view = viewFromSearch('?action_id=7&type=Issue&page=2');
    expect(isFiltered(view)).toBe(true);
    expect(variablesOf(view)).toMatchObject({
      state: ['pending'],
      action: ['directly_addressed'],
      type: ['ISSUE'],
      first: 20,
      after: btoa('OffsetConnection:19'),
    });
    expect(variablesOf(viewFromSearch('')).after).toBeUndefined();
  });
});
