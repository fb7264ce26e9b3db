/**
 * The legacy filtered-search bar's behaviours on the one bar (spec 002 §2.3, §4.5, §5): hint list →
 * operator → value list; Backspace twice turns the last token back into editable text; Meta+Backspace
 * clears everything; Enter with no highlighted suggestion submits; quoted values unquoted, values
 * with spaces quoted, lowercased tokens; disabled tokens hidden.
 */
import type { FilterValue } from '@milepost/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  input,
  list,
  optionNames,
  pick,
  renderFilteredSearch,
  startToken,
  tok,
} from './filtered-search-test-utils.tsx';

beforeEach(() => {
  localStorage.clear();
});

const chips = () => within(screen.getByRole('grid', { name: 'Applied filters' })).getAllByRole('row');

describe('FilteredSearch: the legacy bar', () => {
  it('goes hint list → operator (= / !=) → value list', async () => {
    const { user } = renderFilteredSearch();
    await user.click(input());
    expect(list().getAttribute('aria-label')).toBe('Filters');
    await user.click(within(list()).getByRole('option', { name: 'Label' }));
    expect(list().getAttribute('aria-label')).toBe('Operators');
    expect(
      within(list())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['=is', '!=is not', '||or']);
    await user.click(within(list()).getByRole('option', { name: 'is not' }));
    // The value list for "is not" hides None and Any.
    await waitFor(() => expect(optionNames()).toContain('bug'));
    expect(optionNames()).not.toContain('None');
    expect(input().getAttribute('aria-label')).toBe('Label is not: type or choose a value');
  });

  it('takes the first operator on an Enter that comes before the list has highlighted it', async () => {
    const { user } = renderFilteredSearch();
    await user.click(input());
    await user.click(within(list()).getByRole('option', { name: 'Label' }));
    expect(list().getAttribute('aria-label')).toBe('Operators');
    // The key as it can come on a busy machine: before the list's first option is highlighted.
    input().removeAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(input().getAttribute('aria-label')).toBe('Label is: type or choose a value');
  });

  it('turns the last token back into editable text with Backspace twice on the empty input', async () => {
    const value: FilterValue = {
      tokens: [tok('author', '=', 'alice'), tok('label', '!=', 'needs review')],
      search: '',
    };
    const { user, onSubmit } = renderFilteredSearch({ value });
    await user.click(input());
    await user.keyboard('{Backspace}');
    // The first Backspace selects the last token and says so.
    expect(chips()).toHaveLength(2);
    expect(chips()[1]?.hasAttribute('data-selected-for-edit')).toBe(true);
    expect(screen.getByText('Label is not needs review selected. Press Backspace again to edit it.')).toBeTruthy();
    await user.keyboard('{Backspace}');
    // The second: the token is text again (quoted, it holds a space), waiting as "Label is not".
    expect(chips()).toHaveLength(1);
    expect(input()).toHaveProperty('value', '"needs review"');
    expect(input().getAttribute('aria-label')).toBe('Label is not: type or choose a value');
    expect(onSubmit).not.toHaveBeenCalled();
    // Edit it and submit: the quotes are dropped.
    await user.keyboard(
      '{End}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}',
    );
    await user.keyboard(' work"{Enter}{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({
      tokens: [tok('author', '=', 'alice'), tok('label', '!=', 'needs work')],
      search: '',
    });
  });

  it('forgets the selected token when something else is typed', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'bug')], search: '' };
    const { user } = renderFilteredSearch({ value });
    await user.click(input());
    await user.keyboard('{Backspace}');
    expect(chips()[0]?.hasAttribute('data-selected-for-edit')).toBe(true);
    await user.keyboard('x');
    expect(chips()[0]?.hasAttribute('data-selected-for-edit')).toBe(false);
    await user.keyboard('{Backspace}{Backspace}');
    // One Backspace removed the "x"; the next selects again rather than editing.
    expect(chips()).toHaveLength(1);
  });

  it('edits a single-operator token back to its value, and a further Backspace returns to the hint list', async () => {
    const value: FilterValue = { tokens: [tok('confidential', '=', 'true')], search: '' };
    const { user, onSubmit } = renderFilteredSearch({ value });
    await user.click(input());
    await user.keyboard('{Backspace}{Backspace}');
    expect(input()).toHaveProperty('value', 'Yes');
    await user.keyboard('{Backspace>3/}');
    await user.keyboard('{Backspace}');
    expect(list().getAttribute('aria-label')).toBe('Filters');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears every token and the search with Meta+Backspace, and searches', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'bug'), tok('author', '!=', 'bob')], search: 'login' };
    const { user, onSubmit } = renderFilteredSearch({ value });
    await user.click(input());
    await user.keyboard('typed');
    await user.keyboard('{Meta>}{Backspace}{/Meta}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: '' });
    expect(screen.queryByRole('grid', { name: 'Applied filters' })).toBeNull();
    expect(input()).toHaveProperty('value', '');
  });

  it('submits with Enter when no suggestion is highlighted, and picks the highlighted one otherwise', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await user.click(input());
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: '' });
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    // The highlighted hint (Author) was chosen, not a search.
    expect(list().getAttribute('aria-label')).toBe('Operators');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('unquotes a quoted value typed on submit, and lowercases the confidential token', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Milestone');
    await user.keyboard('"Release 1.0"{Enter}');
    await startToken(user, 'Confidential');
    await user.keyboard('NO{Enter}{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({
      tokens: [tok('milestone', '=', 'Release 1.0'), tok('confidential', '=', 'false')],
      search: '',
    });
  });

  it('hides disabled token types from the hint list but keeps their applied tokens', async () => {
    const value: FilterValue = { tokens: [tok('epic', '=', '3')], search: '' };
    const { user, onSubmit } = renderFilteredSearch({ value, disabledTokenTypes: ['epic', 'group'] });
    expect(chips()).toHaveLength(1);
    await user.click(input());
    expect(optionNames()).toEqual(['Author', 'Label', 'Milestone', 'Confidential', 'My-Reaction']);
    await startToken(user, 'Label', 'is');
    await pick(user, 'bug');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({
      tokens: [tok('epic', '=', '3'), tok('label', '=', 'bug')],
      search: '',
    });
  });
});

describe('FilteredSearch: the reaction token', () => {
  it("offers the user's most used reactions first (GitLab's award_emojis), matched case-insensitively", async () => {
    const { user, server } = renderFilteredSearch();
    server.mostUsedEmoji = ['rocket', 'tada', 'not_an_emoji'];
    await startToken(user, 'My-Reaction', 'is');
    await waitFor(() => expect(optionNames().slice(0, 4)).toEqual(['None', 'Any', 'rocket', 'tada']));
    await user.keyboard('TA');
    await waitFor(() => expect(optionNames()[0]).toBe('tada'));
    expect(server.calls.some((c) => c.operationName === '/-/autocomplete/award_emojis')).toBe(true);
  });

  it("says 'There was a problem fetching emoji.' and still offers the whole list", async () => {
    const { user, server } = renderFilteredSearch();
    server.failing.add('award_emojis');
    await startToken(user, 'My-Reaction', 'is');
    expect((await screen.findByRole('alert')).textContent).toContain('There was a problem fetching emoji.');
    expect(optionNames()).toContain('thumbsup');
  });

  it('does not ask for reactions of a signed-out visitor', async () => {
    const { user, server } = renderFilteredSearch({ signedIn: false });
    await user.click(input());
    expect(optionNames()).not.toContain('My-Reaction');
    expect(server.calls.some((c) => c.operationName === '/-/autocomplete/award_emojis')).toBe(false);
  });
});
