import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MarkdownAutocompleteQueryDocument } from '../../../gql/graphql.ts';
import { MarkdownEditor } from '../markdown-editor.tsx';

const users: MockLink.MockedResponse = {
  request: {
    query: MarkdownAutocompleteQueryDocument,
    variables: {
      fullPath: 'acme',
      search: 'al',
      users: true,
      labels: false,
      milestones: false,
      issues: false,
      epics: false,
    },
  },
  result: {
    data: {
      group: {
        __typename: 'Group',
        id: 'gid://gitlab/Group/1',
        autocompleteUsers: [
          { __typename: 'AutocompleteUser', id: 'gid://gitlab/User/1', username: 'alice', name: 'Alice Anderson' },
          { __typename: 'AutocompleteUser', id: 'gid://gitlab/User/4', username: 'alan', name: 'Alan Turing' },
        ],
      },
    },
  },
};

function Harness({ mocks = [users] }: { mocks?: MockLink.MockedResponse[] }) {
  const [value, setValue] = useState('');
  return (
    <MockedProvider mocks={mocks}>
      <MarkdownEditor
        value={value}
        onChange={setValue}
        preview={async (text) => text}
        autocomplete={{ groupPath: 'acme' }}
      />
    </MockedProvider>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;

describe('GFM autocomplete in the markdown editor', { timeout: 20_000 }, () => {
  it('suggests emoji after a colon and inserts the picked one with Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(textbox(), 'Nice :smile');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // The list follows the text after the key's paint: the text box points at its first option
    // once the list has rendered it.
    await waitFor(() => {
      const options = within(list).getAllByRole('option');
      expect(options.length).toBeGreaterThan(0);
      expect(options.length).toBeLessThanOrEqual(5);
      expect(options[0]?.getAttribute('aria-selected')).toBe('true');
      expect(textbox().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    });
    await user.keyboard('{Enter}');
    expect(textbox().value).toBe('Nice :smile: ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("suggests the group's users after @, moves with the arrows and inserts the username", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(textbox(), 'Ask @al');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 3000 });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alice Anderson@alice', 'Alan Turing@alan']);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Tab}');
    expect(textbox().value).toBe('Ask @alan ');
  });

  it('keeps the fitting suggestions of the last answer while a refined query loads, so Enter still picks', async () => {
    const slowRefined: MockLink.MockedResponse = {
      request: { ...users.request, variables: { ...users.request.variables, search: 'ali' } },
      delay: 5000,
      result: users.result,
    };
    const user = userEvent.setup();
    render(<Harness mocks={[users, slowRefined]} />);
    await user.type(textbox(), 'Ask @al');
    await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 3000 });
    await user.type(textbox(), 'i');
    // Past the debounce, the refined query is on its way: the list shows what fits of the last one.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alice Anderson@alice']);
    await user.keyboard('{Enter}');
    expect(textbox().value).toBe('Ask @alice ');
  });

  it('follows the text a frame later, and Enter picks for the reference as typed now', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(textbox(), 'Ask @al');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' }, { timeout: 3000 });
    expect(within(list).getAllByRole('option')[0]?.textContent).toBe('Alice Anderson@alice');
    // 'i' and Enter in one go: the list still shows '@al' (it follows after the next paint), and the
    // pick replaces the whole '@ali' typed.
    await user.keyboard('i{Enter}');
    expect(textbox().value).toBe('Ask @alice ');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('takes a key pressed as soon as the list shows, before anything else has run', async () => {
    // A key that arrives in the very task after the list appeared (a fast typist, a busy page) is
    // the list's: the editor knows the suggestions from the moment they are on screen, never a task
    // later, else Tab would leave the text box with the reference half typed.
    const user = userEvent.setup();
    render(<Harness />);
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="listbox"] [role="option"]')) return;
        observer.disconnect();
        fireEvent.keyDown(textbox(), { key: 'Tab' });
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await user.type(textbox(), 'Nice :tad');
    await pressed;
    expect(textbox().value).toBe('Nice :tada: ');
  });

  it('closes with Escape and keeps the text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(textbox(), ':tada');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.type(textbox(), 'x');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(textbox().value).toBe(':tadax');
  });
});
