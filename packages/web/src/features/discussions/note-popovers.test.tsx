// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../roadmap/test/render-roadmap.tsx';
import { BOB, buildDiscussion, buildNote, issueAnswer, page } from './test/discussion-fixtures.ts';
import { renderDiscussionSection } from './test/render-section.tsx';

/**
 * The section's one reaction picker and one 'More actions' menu (decision 0053): they open for the
 * comment whose button was pressed, act on that comment, and give the focus back to that button.
 */
function renderThread(handlers: Record<string, Handler> = {}) {
  const first = buildNote({ bodyHtml: '<p>First comment</p>' });
  const second = buildNote({ bodyHtml: '<p>Second comment</p>' }, BOB);
  const rendered = renderDiscussionSection({
    IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([first]), buildDiscussion([second])])),
    ...handlers,
  });
  return { ...rendered, first, second };
}

/** The comment (article) showing `text`. */
async function comment(text: string): Promise<HTMLElement> {
  const body = await screen.findByText(text);
  return body.closest('article') as HTMLElement;
}

describe('the shared note popovers', { timeout: 20_000 }, () => {
  it('gives the reaction picked to the comment whose button was pressed', async () => {
    const { calls, second, user } = renderThread({
      AwardEmojiToggleMutation: () => ({ awardEmojiToggle: { toggledOn: true, errors: [] } }),
    });
    const target = await comment('Second comment');
    const button = within(target).getByRole('button', { name: 'Add reaction' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Add reaction' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The other comment's button stays closed: one picker, for one comment (the page behind the
    // open picker is hidden from assistive technology meanwhile).
    const other = within(await comment('First comment')).getByRole('button', { name: 'Add reaction', hidden: true });
    expect(other.getAttribute('aria-expanded')).toBe('false');
    await user.click(within(dialog).getByRole('option', { name: ':tada:' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add reaction' })).toBeNull());
    expect(calls.find((c) => c.operationName === 'AwardEmojiToggleMutation')?.variables).toEqual({
      input: { awardableId: second.id, name: 'tada' },
    });
    expect(await within(target).findByRole('button', { name: 'You reacted with :tada:' })).toBeTruthy();
    expect(within(await comment('First comment')).queryByRole('button', { name: /reacted with/ })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('deletes the comment whose menu was opened, and no other', async () => {
    const { calls, first, user } = renderThread({
      DestroyNoteMutation: () => ({ destroyNote: { errors: [] } }),
    });
    const target = await comment('First comment');
    await user.click(within(target).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy link', 'Delete comment']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(screen.queryByText('First comment')).toBeNull());
    expect(calls.find((c) => c.operationName === 'DestroyNoteMutation')?.variables).toEqual({
      input: { id: first.id },
    });
    expect(screen.getByText('Second comment')).toBeTruthy();
  });

  it('opens from the keyboard with the focus inside, and Escape gives the focus back to the button', async () => {
    const { user } = renderThread();
    const target = await comment('Second comment');
    const more = within(target).getByRole('button', { name: 'More actions' });
    more.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Copy link'));
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more));
    expect(more.getAttribute('aria-expanded')).toBe('false');

    const react = within(target).getByRole('button', { name: 'Add reaction' });
    react.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add reaction' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add reaction' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(react));
  });

  it('offers only Copy link on a comment the viewer may not change', async () => {
    const theirs = buildNote({
      bodyHtml: '<p>Not yours</p>',
      userPermissions: {
        __typename: 'NotePermissions',
        adminNote: false,
        resolveNote: false,
        awardEmoji: true,
        createNote: true,
      },
    });
    const { user } = renderThread({
      IssueDiscussionsQuery: () => issueAnswer(page([buildDiscussion([theirs])])),
    });
    const target = await comment('Not yours');
    expect(within(target).queryByRole('button', { name: 'Edit comment' })).toBeNull();
    await user.click(within(target).getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy link']);
  });
});
