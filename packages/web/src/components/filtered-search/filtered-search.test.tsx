import type { FilterValue } from '@milepost/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

afterEach(() => {
  vi.useRealTimers();
});

describe('FilteredSearch: token types', () => {
  it('offers every token type on focus, in order', async () => {
    const { user } = renderFilteredSearch();
    await user.click(input());
    expect(optionNames()).toEqual(['Author', 'Label', 'Milestone', 'Confidential', 'Group', 'Epic', 'My-Reaction']);
  });

  it('is a combobox that controls its list and says whether it is open', async () => {
    const { user } = renderFilteredSearch();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().getAttribute('aria-haspopup')).toBe('listbox');
    await user.click(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(input().getAttribute('aria-controls')).toBe(list().id);
    await user.keyboard('{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('offers My-Reaction to signed-in users only', async () => {
    const { user } = renderFilteredSearch({ signedIn: false });
    await user.click(input());
    expect(optionNames()).toEqual(['Author', 'Label', 'Milestone', 'Confidential', 'Group', 'Epic']);
  });

  it('offers only the types it is given, and narrows them by the text typed', async () => {
    const { user } = renderFilteredSearch({ tokenTypes: ['author', 'label', 'my-reaction'] });
    await user.click(input());
    expect(optionNames()).toEqual(['Author', 'Label', 'My-Reaction']);
    await user.keyboard('la');
    expect(optionNames()).toEqual(['Label', 'Search for "la"']);
  });

  it('offers the operators each type supports', async () => {
    const { user } = renderFilteredSearch();
    for (const [title, operators] of [
      ['Author', ['is', 'is not', 'or']],
      ['Label', ['is', 'is not', 'or']],
      ['My-Reaction', ['is', 'is not']],
    ] as const) {
      await startToken(user, title);
      expect(optionNames()).toEqual(operators);
      await user.keyboard('{Escape}');
    }
  });
});

describe('FilteredSearch: adding tokens', () => {
  it.each([
    ['is', '=', 'alice'],
    ['is not', '!=', 'bob'],
    ['or', '||', 'carol'],
  ] as const)('adds an author token with "%s"', async (operatorName, operator, username) => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Author', operatorName);
    await pick(user, new RegExp(`@${username}`));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('author', operator, username)], search: '' });
  });

  it.each([
    ['is', '=', true],
    ['is not', '!=', false],
    ['or', '||', false],
  ] as const)('adds a label token with "%s" (None/Any shown: %s)', async (operatorName, operator, wildcards) => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Label', operatorName);
    await within(list()).findByRole('option', { name: 'bug' });
    expect(optionNames()).toEqual([...(wildcards ? ['None', 'Any'] : []), 'bug', 'priority::high', 'odd']);
    await pick(user, 'bug');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('label', operator, 'bug')], search: '' });
  });

  it('shows label colour swatches, neutral when the colour is not #…, rgb or rgba, and scoped labels in two parts', async () => {
    const { user } = renderFilteredSearch();
    await startToken(user, 'Label', 'is');
    const bug = await within(list()).findByRole('option', { name: 'bug' });
    const swatch = (option: HTMLElement) => option.querySelector<HTMLElement>('.swatch');
    expect(swatch(bug)?.style.backgroundColor).toBe('rgb(221, 43, 14)');
    const scoped = within(list()).getByRole('option', { name: 'priority::high' });
    expect(swatch(scoped)?.style.backgroundColor).toBe('rgb(16, 104, 191)');
    expect(scoped.querySelector('.scopeName')?.textContent).toBe('priority');
    const odd = within(list()).getByRole('option', { name: 'odd' });
    expect(swatch(odd)?.classList.contains('swatchNeutral')).toBe(true);
    expect(swatch(odd)?.style.backgroundColor).toBe('');
  });

  it('adds a label of the colour picked, as a chip with its swatch', async () => {
    const { user } = renderFilteredSearch();
    await startToken(user, 'Label', 'is');
    await pick(user, 'bug');
    const chip = within(screen.getByRole('grid', { name: 'Applied filters' })).getByRole('row');
    expect(chip.textContent).toContain('Label');
    expect(chip.textContent).toContain('bug');
    expect(chip.querySelector<HTMLElement>('.swatch')?.style.backgroundColor).toBe('rgb(221, 43, 14)');
  });

  it('chooses the only operator of a milestone for the user and lists each title once', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Milestone');
    await within(list()).findByRole('option', { name: 'v1.0' });
    expect(optionNames()).toEqual(['v1.0', 'v2.0']);
    await pick(user, 'v2.0');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('milestone', '=', 'v2.0')], search: '' });
  });

  it.each([
    ['Yes', 'true'],
    ['No', 'false'],
  ])('adds Confidential = %s', async (answer, value) => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Confidential');
    expect(optionNames()).toEqual(['Yes', 'No']);
    await pick(user, answer);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('confidential', '=', value)], search: '' });
  });

  it('offers the group itself and its subgroups', async () => {
    const { user, onSubmit, server } = renderFilteredSearch();
    await startToken(user, 'Group');
    await within(list()).findByRole('option', { name: /Platform/ });
    expect(optionNames()).toEqual([
      'Acme Corp, acme',
      'Acme Corp / Platform, acme/platform',
      'Acme Corp / Secret Lab, acme/secret-lab',
    ]);
    expect(server.calls.find((c) => c.operationName === 'FilterGroupsQuery')?.variables).toEqual({
      fullPath: 'acme',
      search: '',
    });
    await pick(user, /Secret Lab/);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('group', '=', 'acme/secret-lab')], search: '' });
  });

  it('fetches subgroups 100 at a time', async () => {
    const { user, server } = renderFilteredSearch();
    server.subgroups = Array.from({ length: 130 }, (_, i) => ({
      id: `gid://gitlab/Group/${i + 10}`,
      fullPath: `acme/team-${i}`,
      fullName: `Acme Corp / Team ${i}`,
    }));
    await startToken(user, 'Group');
    await within(list()).findByRole('option', { name: /Team 99,/ });
    expect(optionNames()).toHaveLength(1 + 100 + 1);
    expect(optionNames().at(-1)).toBe('Show more');
    await pick(user, 'Show more');
    await within(list()).findByRole('option', { name: /Team 129,/ });
    expect(optionNames()).toHaveLength(1 + 130);
    expect(server.calls.filter((c) => c.operationName === 'FilterGroupsQuery').map((c) => c.variables.after)).toEqual([
      undefined,
      '100',
    ]);
  });

  it('finds epics by title, and by iid after "&"', async () => {
    const { user, onSubmit, server } = renderFilteredSearch();
    await startToken(user, 'Epic');
    await within(list()).findByRole('option', { name: /Launch/ });
    await user.keyboard('&12');
    await waitFor(() => expect(server.calls.at(-1)?.variables).toEqual({ fullPath: 'acme', iidStartsWith: '12' }));
    await waitFor(() => expect(optionNames()).toEqual(['Billing revamp, &12']));
    await pick(user, /Billing revamp/);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('epic', '=', '12')], search: '' });
  });

  it.each([
    ['is', '=', true],
    ['is not', '!=', false],
  ] as const)(
    'adds a reaction with "%s" from the emoji list (None/Any shown: %s)',
    async (operatorName, operator, wildcards) => {
      const { user, onSubmit } = renderFilteredSearch();
      await startToken(user, 'My-Reaction', operatorName);
      expect(optionNames().slice(0, 3)).toEqual(
        wildcards ? ['None', 'Any', 'thumbsup'] : ['thumbsup', 'thumbsdown', 'tada'],
      );
      await user.keyboard('TADA');
      expect(optionNames()).toEqual(['tada']);
      await pick(user, 'tada');
      await user.keyboard('{Enter}');
      expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('my-reaction', operator, 'tada')], search: '' });
    },
  );

  it('adds None and Any for labels', async () => {
    const { user, onSubmit } = renderFilteredSearch();
    await startToken(user, 'Label', 'is');
    await pick(user, 'None');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tokens: [tok('label', '=', 'None')], search: '' });
  });
});

describe('FilteredSearch: unique tokens', () => {
  it('offers unique token types once, labels again and again', async () => {
    const value: FilterValue = {
      tokens: [
        tok('milestone', '=', 'v1.0'),
        tok('confidential', '=', 'true'),
        tok('group', '=', 'acme'),
        tok('epic', '=', '1'),
        tok('author', '=', 'alice'),
        tok('my-reaction', '!=', 'tada'),
        tok('label', '=', 'bug'),
      ],
      search: '',
    };
    const { user } = renderFilteredSearch({ value });
    await user.click(input());
    expect(optionNames()).toEqual(['Label']);
  });

  it('lets "or" authors repeat, with the "or" operator only, and hides values already chosen', async () => {
    const { user, onSubmit } = renderFilteredSearch({ value: { tokens: [tok('author', '||', 'alice')], search: '' } });
    await startToken(user, 'Author');
    // The only operator left is chosen for the user.
    expect(input().getAttribute('aria-label')).toBe('Author or: type or choose a value');
    await within(list()).findByRole('option', { name: /@bob/ });
    expect(optionNames()).toEqual(['Bob Brown, @bob', 'Carol Chen, @carol']);
    await pick(user, /@carol/);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({
      tokens: [tok('author', '||', 'alice'), tok('author', '||', 'carol')],
      search: '',
    });
  });
});

describe('FilteredSearch: fetching', () => {
  it('waits 200 ms after the last key before fetching', async () => {
    const { user, server } = renderFilteredSearch();
    const searches = () =>
      server.calls.filter((c) => c.operationName === 'FilterUsersQuery').map((c) => c.variables.search);
    await startToken(user, 'Author', 'is');
    await within(list()).findByRole('option', { name: /@alice/ });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
    type('c');
    act(() => vi.advanceTimersByTime(150));
    type('ca');
    act(() => vi.advanceTimersByTime(150));
    type('car');
    expect(searches()).toEqual(['']);
    // Meanwhile the previous results are narrowed to the text typed.
    expect(optionNames()).toEqual(['Carol Chen, @carol']);
    act(() => vi.advanceTimersByTime(199));
    expect(searches()).toEqual(['']);
    act(() => vi.advanceTimersByTime(1));
    expect(searches()).toEqual(['', 'car']);
  });

  it.each([
    ['Author', 'FilterUsersQuery', 'There was a problem fetching users.'],
    ['Label', 'FilterLabelsQuery', 'There was a problem fetching labels.'],
    ['Milestone', 'FilterMilestonesQuery', 'There was a problem fetching milestones.'],
    ['Group', 'FilterGroupsQuery', 'There was a problem fetching groups.'],
    ['Epic', 'FilterEpicsQuery', 'There was a problem fetching epics.'],
  ])('shows an alert when %s suggestions fail', async (title, operationName, message) => {
    const { user, server } = renderFilteredSearch();
    server.failing.add(operationName);
    await startToken(user, title, title === 'Author' || title === 'Label' ? 'is not' : undefined);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    await waitFor(() => expect(within(list()).getByRole('status').textContent).toBe('No suggestions found'));
  });

  it('says the latest labels could not be fetched when a later label search fails', async () => {
    const { user, server } = renderFilteredSearch();
    await startToken(user, 'Label', 'is not');
    await within(list()).findByRole('option', { name: /priority::high/ });
    server.failing.add('FilterLabelsQuery');
    await user.keyboard('pri');
    expect((await screen.findByRole('alert')).textContent).toContain('There was a problem fetching latest labels.');
    expect(screen.queryByText('There was a problem fetching labels.')).toBeNull();
  });

  it('looks up the colour of a label chip from the URL, and says when it cannot', async () => {
    const value: FilterValue = { tokens: [tok('label', '=', 'priority::high')], search: '' };
    const first = renderFilteredSearch({ value });
    await waitFor(() =>
      expect(first.container.querySelector<HTMLElement>('.chip .swatch')?.style.backgroundColor).toBe(
        'rgb(16, 104, 191)',
      ),
    );
    expect(first.server.calls.at(-1)?.variables).toEqual({ fullPath: 'acme', title: 'priority::high', first: 1 });
    first.unmount();

    const { server } = renderFilteredSearch({ value });
    server.failing.add('FilterLabelsQuery');
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while fetching label colors.');
  });
});
