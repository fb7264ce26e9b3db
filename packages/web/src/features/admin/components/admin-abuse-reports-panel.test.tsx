import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestClient, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { AdminAbuseReportsPanel } from './admin-abuse-reports-panel.tsx';

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  AdminAbuseReportsQuery: 'AdminAbuseReportsQuery',
} as const;

const user = (id: number, name: string, username: string) => ({
  __typename: 'UserCore',
  id: `gid://gitlab/User/${id}`,
  name,
  username,
  avatarUrl: null,
  webPath: `/${username}`,
});

const report = {
  __typename: 'AbuseReport',
  id: 'gid://gitlab/AbuseReport/1',
  category: 'PHISHING',
  status: 'OPEN',
  message: 'Links to a fake login page',
  reportedFromUrl: 'http://localhost/groups/acme/-/epics/1',
  linksToSpam: ['https://phish.example/login'],
  createdAt: '2026-11-22T12:00:00Z',
  user: user(2, 'Alice Anderson', 'alice'),
  reporter: user(3, 'Bob Brown', 'bob'),
};

const page = (nodes: unknown[]) => ({
  abuseReports: {
    __typename: 'AbuseReportConnection',
    count: nodes.length,
    nodes,
    pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
  },
});

describe('AdminAbuseReportsPanel', { timeout: 20_000 }, () => {
  it('lists open reports: who, why in the drawer’s words, the message, links, reporter and page', async () => {
    const { client, calls } = createTestClient({ [op.AdminAbuseReportsQuery]: () => page([report]) });
    renderWithClient(<AdminAbuseReportsPanel />, '/admin?tab=abuse_reports', client);
    const list = await screen.findByRole('list', { name: 'Abuse reports' });
    const row = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Alice Anderson' }).getAttribute('href')).toBe('/alice');
    expect(within(row).getByText("They're phishing or impersonating others.")).toBeTruthy();
    expect(within(row).getByText('Links to a fake login page')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'https://phish.example/login' })).toBeTruthy();
    expect(row.textContent).toContain('Reported by Bob Brown on Nov 22, 2026');
    expect(screen.getByText('1 report')).toBeTruthy();
    expect(calls[0]?.variables).toMatchObject({ status: 'OPEN', first: 20 });
  });

  it('filters by status, and says when there is nothing to review', async () => {
    const u = userEvent.setup();
    const { client, calls } = createTestClient({
      [op.AdminAbuseReportsQuery]: (v) => page(v.status === 'OPEN' ? [report] : []),
    });
    renderWithClient(<AdminAbuseReportsPanel />, '/admin?tab=abuse_reports', client);
    await screen.findByRole('list', { name: 'Abuse reports' });
    await u.click(screen.getByRole('button', { name: /Status/ }));
    await u.click(screen.getByRole('option', { name: 'Closed' }));
    expect(await screen.findByRole('heading', { name: 'No abuse reports' })).toBeTruthy();
    expect(calls.at(-1)?.variables).toMatchObject({ status: 'CLOSED' });
  });

  it('shows an alert when the reports cannot be loaded', async () => {
    const { client } = createTestClient({ [op.AdminAbuseReportsQuery]: () => new Error('boom') });
    renderWithClient(<AdminAbuseReportsPanel />, '/admin?tab=abuse_reports', client);
    expect(await screen.findByText('Something went wrong while fetching abuse reports.')).toBeTruthy();
  });
});
