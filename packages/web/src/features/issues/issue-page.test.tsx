// biome-ignore-all lint/correctness/noComponentHookFactories: the PascalCase keys are GraphQL operation names answered by the test client, not components
import { gql } from '@apollo/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALICE, BOB, viewer } from '../discussions/test/discussion-fixtures.ts';
import { buildPageIssue, renderIssuePage } from './test/render-issue-page.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('IssuePage', { timeout: 20_000 }, () => {
  it('shows the state, who created it and when, the title, the description and the sidebar column', async () => {
    renderIssuePage(buildPageIssue());
    expect(await screen.findByRole('heading', { name: 'Checkout fails on Safari', level: 1 })).toBeTruthy();
    const badge = screen.getByText('Open');
    expect(badge.closest('[data-variant]')?.getAttribute('data-variant')).toBe('success');
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time.closest('span')?.textContent).toBe('Created 3 days ago by Alice Liddellalice');
    expect(screen.getByRole('img', { name: 'Issue' })).toBeTruthy();
    expect(screen.getByText('pay').tagName).toBe('EM');
    expect(screen.getByRole('complementary', { name: 'Issue details' })).toBeTruthy();
    expect(screen.queryByText(/coming soon/)).toBeNull();
    expect(document.title).toBe('Checkout fails on Safari (#12) · Milepost');
  });

  it('shows the confidential, blocked, locked, hidden and first-contribution badges and the checklist progress', async () => {
    renderIssuePage(
      buildPageIssue({
        confidential: true,
        blocked: true,
        discussionLocked: true,
        hidden: true,
        isFirstContribution: true,
        taskCompletionStatus: { __typename: 'TaskCompletionStatus', count: 4, completedCount: 1 },
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    for (const text of ['Confidential', 'Blocked', 'Locked', 'Hidden', '1st contribution!']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('1 of 4 checklist items completed')).toBeTruthy();
  });

  it('explains the locked discussion, verbatim, on keyboard focus of the Locked badge', async () => {
    const user = userEvent.setup();
    renderIssuePage(buildPageIssue({ discussionLocked: true }));
    await screen.findByRole('heading', { level: 1 });
    while (document.activeElement?.textContent !== 'Locked') await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'The discussion in this issue is locked. Only project members can comment.',
    );
  });

  it.each([
    [
      { closedAsDuplicateOf: { __typename: 'Issue', id: 'gid://gitlab/Issue/9', webUrl: 'http://x/d' } },
      'duplicated',
      'http://x/d',
    ],
    [{ movedTo: { __typename: 'Issue', id: 'gid://gitlab/Issue/8', webUrl: 'http://x/m' } }, 'moved', 'http://x/m'],
    [{ promotedToEpicUrl: 'http://x/e' }, 'promoted', 'http://x/e'],
  ])('a closed issue shows where it went: %#', async (fields, reason, url) => {
    renderIssuePage(buildPageIssue({ state: 'closed', ...fields }));
    await screen.findByRole('heading', { level: 1 });
    const link = screen.getByRole('link', { name: reason });
    expect(link.getAttribute('href')).toBe(url);
    const badge = link.closest('[data-variant]') as HTMLElement;
    expect(badge.getAttribute('data-variant')).toBe('info');
    expect(badge.textContent).toBe(`Closed (${reason})`);
  });

  it('shows an incident with its icon', async () => {
    renderIssuePage(buildPageIssue({ type: 'INCIDENT' }), {}, { url: '/acme/platform/-/issues/incident/12' });
    const header = (await screen.findByRole('heading', { level: 1 })).closest('main') ?? document.body;
    expect(within(header).getByRole('img', { name: 'Incident' })).toBeTruthy();
  });

  it('says the issue was not found when it is missing or hidden', async () => {
    renderIssuePage(null);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows the reactions below the description and toggles the viewer’s, thumbs up and down always offered', async () => {
    const user = userEvent.setup();
    const toggled: unknown[] = [];
    const { calls, client } = renderIssuePage(
      buildPageIssue({
        awardEmoji: {
          __typename: 'AwardEmojiConnection',
          nodes: [
            { __typename: 'AwardEmoji', name: 'tada', user: BOB },
            { __typename: 'AwardEmoji', name: 'thumbsup', user: BOB },
          ],
        },
      }),
      {
        CurrentUserQuery: () => viewer(ALICE),
        AwardEmojiToggleMutation: (variables) => {
          toggled.push(variables);
          return {
            awardEmojiToggle: toggled.length < 3 ? { toggledOn: true, errors: [] } : { toggledOn: false, errors: [] },
          };
        },
      },
    );
    await screen.findByRole('heading', { level: 1 });
    // An issue list read this issue's thumbs-up count before.
    const cacheId = 'Issue:gid://gitlab/Issue/40';
    client.cache.writeFragment({
      id: cacheId,
      fragment: gql`
        fragment ListCount on Issue {
          upvotes
        }
      `,
      data: { upvotes: 1 },
    });
    const names = () =>
      screen
        .getAllByRole('button', { name: /reacted with|React with/ })
        .filter((button) => !button.closest('[aria-label="Activity"]'))
        .map((button) => `${button.getAttribute('aria-label')} ${button.textContent}`);
    expect(names()).toEqual([
      'Bob Brown reacted with :thumbsup: 👍1',
      'React with :thumbsdown: 👎0',
      'Bob Brown reacted with :tada: 🎉1',
    ]);
    await user.click(screen.getByRole('button', { name: 'Bob Brown reacted with :thumbsup:' }));
    const mine = await screen.findByRole('button', { name: 'You and Bob Brown reacted with :thumbsup:' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(mine.textContent).toBe('👍2');
    expect((client.cache.extract() as Record<string, { upvotes?: number }>)[cacheId]?.upvotes).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Add reaction' }));
    await user.click(await screen.findByRole('option', { name: ':rocket:' }));
    expect(await screen.findByRole('button', { name: 'You reacted with :rocket:' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'You reacted with :rocket:' }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'You reacted with :rocket:' })).toBeNull());
    expect(toggled).toEqual(
      ['thumbsup', 'rocket', 'rocket'].map((name) => ({ input: { awardableId: 'gid://gitlab/Issue/40', name } })),
    );
    expect(calls.filter((c) => c.operationName === 'IssuePageQuery')).toHaveLength(1);
  });

  it('says when a reaction could not be saved, and offers none to signed-out visitors', async () => {
    const user = userEvent.setup();
    const { client } = renderIssuePage(buildPageIssue(), {
      CurrentUserQuery: () => viewer(ALICE),
      AwardEmojiToggleMutation: () => ({
        awardEmojiToggle: { toggledOn: false, errors: ['Name is not a valid emoji name'] },
      }),
    });
    await screen.findByRole('heading', { level: 1 });
    await user.click(await screen.findByRole('button', { name: 'React with :thumbsdown:' }));
    expect((await screen.findByText('Name is not a valid emoji name')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'React with :thumbsdown:' }).getAttribute('aria-pressed')).toBe('false');
    client.cache.writeQuery({
      query: (await import('../../gql/graphql.ts')).CurrentUserQueryDocument,
      data: { currentUser: null },
    });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Add reaction' })).toBeNull());
    expect(screen.getByRole('button', { name: 'React with :thumbsup:' }).hasAttribute('disabled')).toBe(true);
  });
});
