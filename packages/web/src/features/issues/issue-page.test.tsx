import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
