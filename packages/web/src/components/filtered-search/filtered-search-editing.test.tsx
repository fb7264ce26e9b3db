import type { FilterValue } from '@milepost/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { input, list, optionNames, renderFilteredSearch, startToken, tok } from './filtered-search-test-utils.tsx';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FilteredSearch: search text, chips and submitting', () => {
  it('submits free text as the search', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await user.click(input());
    await user.keyboard('login page{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: 'login page' });
    expect(screen.getByRole('row', { name: /login page/ })).toBeTruthy();
  });

  it.each([
    ['Confidential', undefined, 'yes', tok('confidential', '=', 'true')],
    ['Author', 'is', 'carol chen', tok('author', '=', 'carol')],
    ['Epic', undefined, '&12', tok('epic', '=', '12')],
  ] as const)('takes the suggestion named by the text typed: %s %s %j', async (title, operator, typed, token) => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, title, operator);
    await user.keyboard(typed);
    await waitFor(() => expect(optionNames().length).toBe(1));
    await user.keyboard('{Enter}{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [token], search: '' });
  });

  it("keeps a value typed in full that nothing matches, marked 'not found'", async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Milestone');
    await user.keyboard('v9');
    await within(list()).findByText('No suggestions found');
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('row').textContent).toContain('not found');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('milestone', '=', 'v9')], search: '' });
  });

  it('highlights the first suggestion as you type; Enter takes it, not the text typed', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Label', 'is');
    await user.keyboard('pri');
    await waitFor(() => expect(optionNames()).toEqual(['priority::high']));
    await waitFor(() => expect(input().getAttribute('aria-activedescendant')).toBeTruthy());
    await user.keyboard('{Enter}');
    const chip = await screen.findByRole('row');
    expect(chip.textContent).toContain('priority');
    expect(chip.textContent).not.toContain('not found');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('label', '=', 'priority::high')], search: '' });
  });

  it('steps back with Backspace: operator, type, search text, then (twice) the last token', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'bug')], search: 'login' };
    const { user, onSubmit } = renderFilteredSearch({ value });
    await startToken(user, 'Author', 'is not');
    await user.keyboard('{Backspace}');
    expect(optionNames()).toEqual(['is', 'is not', 'or']);
    await user.keyboard('{Backspace}');
    expect(optionNames()).toContain('Author');
    await user.keyboard('{Backspace}');
    expect(input()).toHaveProperty('value', 'login');
    // Backspace twice on the empty input: the last token becomes editable text.
    await user.keyboard('{Backspace>5/}{Backspace}{Backspace}');
    expect(screen.queryByRole('grid', { name: 'Applied filters' })).toBeNull();
    expect(input()).toHaveProperty('value', 'bug');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Backspace>3/}{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: '' });
  });

  it('removes a chip with its button, or with Backspace on the chip, and submits', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'bug'), tok('author', '=', 'alice')], search: 'x' };
    const { user, onSubmit } = renderFilteredSearch({ value });
    const chips = () => within(screen.getByRole('grid', { name: 'Applied filters' })).getAllByRole('row');
    expect(chips()).toHaveLength(3);
    await user.click(within(chips()[0] as HTMLElement).getByRole('button', { name: /Remove/ }));
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('author', '=', 'alice')], search: 'x' });
    (chips()[0] as HTMLElement).focus();
    await user.keyboard('{Backspace}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: 'x' });
  });

  it('clears everything with Clear', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'bug')], search: 'x' };
    const { user, onSubmit } = renderFilteredSearch({ value });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: '' });
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('shows a new value from the page instead of the draft', async () => {
    const { user, rerenderWith } = renderFilteredSearch();
    await user.click(input());
    await user.keyboard('draft');
    rerenderWith({ value: { tokens: [tok('epic', '=', '3')], search: '' } });
    expect(input()).toHaveProperty('value', '');
    expect(screen.getByRole('row').textContent).toContain('&3');
  });

  it('drops tokens of types it does not offer, and my-reaction for signed-out users', () => {
    const value: FilterValue = { tokens: [tok('my-reaction', '=', 'tada'), tok('epic', '=', '3')], search: '' };
    renderFilteredSearch({ value, signedIn: false, tokenTypes: ['author', 'label', 'my-reaction'] });
    expect(screen.queryByRole('grid', { name: 'Applied filters' })).toBeNull();
  });
});

describe('FilteredSearch: keyboard only', () => {
  it('builds a filter and submits it without a pointer', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Recent searches' })).toBe(document.activeElement);
    await user.tab();
    expect(input()).toBe(document.activeElement);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}'); // Label
    await user.keyboard('{ArrowDown}{Enter}'); // the first operator is highlighted: "is", then "is not"
    await within(list()).findByRole('option', { name: 'bug' });
    await user.keyboard('{Enter}'); // the first suggestion is highlighted: bug
    await user.keyboard('{ArrowDown}{Enter}'); // Author
    await user.keyboard('{Enter}'); // is
    await within(list()).findByRole('option', { name: /@alice/ });
    await user.keyboard('{Enter}'); // Alice
    await user.keyboard('roadmap{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({
      tokens: [tok('label', '!=', 'bug'), tok('author', '=', 'alice')],
      search: 'roadmap',
    });
  });

  it('cancels a half-built token with Escape, then closes the list', async () => {
    const { user } = renderFilteredSearch();
    await startToken(user, 'Author');
    await user.keyboard('{Escape}');
    expect(optionNames()).toContain('Label');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });
});

describe('FilteredSearch: recent searches', () => {
  const openHistory = async (user: UserEvent) => {
    await user.click(screen.getByRole('button', { name: 'Recent searches' }));
    return screen.getByRole('menu', { name: 'Recent searches' });
  };

  it("says so when there are none: You don't have any recent searches", async () => {
    const { user } = renderFilteredSearch();
    expect((await openHistory(user)).textContent).toBe("You don't have any recent searches");
  });

  it('keeps five per group path and page, newest first, duplicates collapsed; picking one submits it', {
    timeout: 30_000,
  }, async () => {
    const { user, onSubmit } = renderFilteredSearch();
    for (const text of ['one', 'two', 'three', 'two', 'four', 'five', 'six']) {
      await user.click(input());
      await user.keyboard(`${text}{Enter}`);
      await user.click(screen.getByRole('button', { name: 'Clear' }));
    }
    expect(JSON.parse(localStorage.getItem('acme-epics-recent-searches') ?? '[]')).toEqual([
      'search=six',
      'search=five',
      'search=four',
      'search=two',
      'search=three',
    ]);
    const menu = await openHistory(user);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.replace(/^"(\w+)".*/, '$1'))).toEqual([
      'six',
      'five',
      'four',
      'two',
      'three',
      'Clear recent searches',
    ]);
    await user.click(items[3] as HTMLElement);
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: 'two' });
  });

  it('shows tokens of a recent search and clears the list', async () => {
    localStorage.setItem('acme-epics-recent-searches', JSON.stringify(['not[label_name][]=bug&search=x', 42]));
    const { user } = renderFilteredSearch();
    const menu = await openHistory(user);
    expect(within(menu).getAllByRole('menuitem')[0]?.textContent).toContain('Label is not bug, "x"');
    await user.click(within(menu).getByRole('menuitem', { name: 'Clear recent searches' }));
    expect(localStorage.getItem('acme-epics-recent-searches')).toBeNull();
    expect((await openHistory(user)).textContent).toBe("You don't have any recent searches");
  });

  it('keeps lists apart per path and per page key', async () => {
    localStorage.setItem('acme/platform-epics-recent-searches', JSON.stringify(['search=elsewhere']));
    localStorage.setItem('acme-issues-recent-searches', JSON.stringify(['search=issues']));
    const { user } = renderFilteredSearch();
    expect((await openHistory(user)).textContent).toBe("You don't have any recent searches");
  });

  it('says when the stored list cannot be read', async () => {
    localStorage.setItem('acme-epics-recent-searches', '{not json');
    renderFilteredSearch();
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while parsing recent searches');
  });

  it('says local storage is needed when it is disabled', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const { user, onSubmit } = renderFilteredSearch();
    expect((await openHistory(user)).textContent).toBe('This feature requires local storage to be enabled');
    await user.keyboard('{Escape}');
    await user.click(input());
    await user.keyboard('still works{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [], search: 'still works' });
  });
});
