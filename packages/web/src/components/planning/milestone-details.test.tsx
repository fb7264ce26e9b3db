import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MilestoneDetails, type PlanningMilestone } from './milestone-details.tsx';

const TODAY = '2026-11-22';

function buildMilestone(overrides: Partial<PlanningMilestone> = {}): PlanningMilestone {
  return {
    title: 'Release 4.2',
    webPath: '/groups/acme/-/milestones/7',
    startDate: null,
    dueDate: null,
    state: 'active',
    ...overrides,
  };
}

async function openTooltip(milestone: PlanningMilestone) {
  const user = userEvent.setup();
  render(<MilestoneDetails milestone={milestone} today={TODAY} />);
  await user.tab();
  return screen.findByRole('tooltip');
}

describe('MilestoneDetails', () => {
  it('links the title to the milestone page', () => {
    render(<MilestoneDetails milestone={buildMilestone()} today={TODAY} />);
    const link = screen.getByRole('link', { name: 'Release 4.2' });
    expect(link.getAttribute('href')).toBe('/groups/acme/-/milestones/7');
  });

  it.each([
    [{ startDate: '2026-08-01', dueDate: '2026-08-22' }, 'Expired 3 months ago', '(Aug 22, 2026)'],
    [{ startDate: '2026-11-24', dueDate: '2026-12-31' }, 'Starts in 2 days', '(Dec 31, 2026)'],
    [{ startDate: '2026-11-01', dueDate: '2026-12-31' }, 'Started 3 weeks ago', '(Dec 31, 2026)'],
    [{ startDate: '2026-11-22', dueDate: null }, 'Started today', '(Nov 22, 2026)'],
    [{ startDate: null, dueDate: '2026-12-06' }, '2 weeks remaining', '(Dec 6, 2026)'],
    [{ startDate: '2025-11-01', dueDate: '2026-11-22' }, 'Started 1 year ago', '(Nov 22, 2026)'],
    [{ startDate: null, dueDate: '2026-11-22' }, 'less than a day remaining', '(Nov 22, 2026)'],
  ])('dates %j: tooltip says %j and %j', async (dates, relative, absolute) => {
    const tooltip = await openTooltip(buildMilestone(dates));
    expect(tooltip.textContent).toBe(`MilestoneRelease 4.2${relative}${absolute}`);
  });

  it('shows only the title when the milestone has no dates', async () => {
    const tooltip = await openTooltip(buildMilestone());
    expect(tooltip.textContent).toBe('MilestoneRelease 4.2');
  });

  it('turns red once the due date has passed', async () => {
    const tooltip = await openTooltip(buildMilestone({ dueDate: '2026-11-21' }));
    const link = screen.getByRole('link', { name: 'Release 4.2' });
    expect(link.dataset.pastDue).toBe('true');
    expect(link.className).toContain('danger');
    expect(screen.getByText('Expired 1 day ago', { selector: 'span' }).className).toContain('danger');
    expect(tooltip.textContent).toContain('(Nov 21, 2026)');
  });

  it('is not past due on the due date itself', () => {
    render(<MilestoneDetails milestone={buildMilestone({ dueDate: TODAY })} today={TODAY} />);
    expect(screen.getByRole('link').dataset.pastDue).toBeUndefined();
  });

  it('does not flag a closed milestone in red', async () => {
    const tooltip = await openTooltip(buildMilestone({ dueDate: '2026-08-22', state: 'closed' }));
    expect(screen.getByRole('link').dataset.pastDue).toBeUndefined();
    expect(tooltip.textContent).toContain('Expired 3 months ago');
  });
});
