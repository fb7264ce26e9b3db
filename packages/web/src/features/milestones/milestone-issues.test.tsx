import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { milestoneDatesText, milestoneStatus } from './milestone-dates.ts';
import { MilestoneIssues } from './milestone-issues.tsx';
import type { RestIssue, RestMilestone } from './milestones-requests.ts';

const issue = (iid: number, state: RestIssue['state'], assigned: boolean, weight: number | null = null): RestIssue => ({
  id: iid,
  iid,
  title: `Issue ${iid}`,
  state,
  web_url: `http://localhost/acme/web/-/issues/${iid}`,
  weight,
  assignees: assigned ? [{ id: 1, username: 'alice', name: 'Alice' }] : [],
  references: { full: `acme/web#${iid}` },
});

describe('MilestoneIssues', () => {
  it('sorts the issues into unstarted, ongoing and completed, with counts and app links', () => {
    render(
      <MilestoneIssues issues={[issue(1, 'opened', false, 2), issue(2, 'opened', true), issue(3, 'closed', true)]} />,
    );
    const unstarted = screen.getByRole('heading', { name: 'Unstarted Issues (open and unassigned) 1' });
    expect(unstarted).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ongoing Issues (open and assigned) 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Completed Issues (closed) 1' })).toBeTruthy();
    const column = unstarted.parentElement as HTMLElement;
    expect(within(column).getByRole('link', { name: 'Issue 1' }).getAttribute('href')).toBe('/acme/web/-/issues/1');
    expect(within(column).getByText('acme/web#1 · weight 2')).toBeTruthy();
  });

  it('says so when a column is empty', () => {
    render(<MilestoneIssues issues={[]} />);
    expect(screen.getAllByText('No issues.')).toHaveLength(3);
  });
});

describe('milestone dates and status', () => {
  const m = (over: Partial<RestMilestone>): RestMilestone => ({
    id: 1,
    iid: 1,
    title: 'M',
    description: null,
    state: 'active',
    start_date: null,
    due_date: null,
    expired: false,
    web_url: 'http://localhost/groups/acme/-/milestones/1',
    ...over,
  });

  it.each([
    [{ start_date: '2024-02-28', due_date: '2024-03-01' }, 'Feb 28, 2024 – Mar 1, 2024'],
    [{ start_date: '2024-12-31' }, 'Starts Dec 31, 2024'],
    [{ due_date: '2025-01-01' }, 'Due Jan 1, 2025'],
    [{}, 'No dates'],
  ])('%j → %j', (over, expected) => expect(milestoneDatesText(m(over))).toBe(expected));

  it.each([
    [{ state: 'closed' as const, expired: true }, 'Closed'],
    [{ expired: true }, 'Expired'],
    [{ start_date: '2030-01-01' }, 'Upcoming'],
    [{ start_date: '2020-01-01' }, 'Open'],
  ])('%j → %j', (over, expected) => expect(milestoneStatus(m(over), '2026-11-26')).toBe(expected));
});
