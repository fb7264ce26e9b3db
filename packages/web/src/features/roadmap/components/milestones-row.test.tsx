import { getTimeframe } from '@milepost/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildRoadmapMilestone } from '../test/roadmap-fixtures.ts';
import { MilestonesRow } from './milestones-row.tsx';

const timeframe = getTimeframe({ rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-11-22' });
const milestones = [
  buildRoadmapMilestone({ title: 'March', startDate: '2026-03-01', dueDate: '2026-03-31' }),
  buildRoadmapMilestone({ title: 'January', startDate: '2026-01-01', dueDate: '2026-01-31' }),
  buildRoadmapMilestone({ title: 'June', startDate: '2026-06-01', dueDate: '2026-06-30' }),
];

function renderRow(expanded = true) {
  render(
    <MilestonesRow
      milestones={milestones}
      timeframe={timeframe}
      cellWidth={180}
      leftWidth={320}
      expanded={expanded}
      onToggle={vi.fn()}
      onLinkClick={vi.fn()}
    />,
  );
  return within(screen.getByRole('toolbar', { name: 'Milestones in the timeline' }));
}

describe('MilestonesRow', () => {
  it('is one tab stop; the arrows, Home and End move between milestones in timeline order', async () => {
    const user = userEvent.setup();
    const toolbar = renderRow();
    const links = toolbar.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label')?.split(',')[0])).toEqual(['January', 'March', 'June']);
    expect(links.map((link) => link.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    await user.click(screen.getByRole('button', { name: /Milestones/ }));
    await user.tab();
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(links[2]);
    await user.keyboard('{ArrowLeft}{Home}');
    expect(document.activeElement).toBe(links[0]);
    // Tab leaves the row at once.
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(links).not.toContain(document.activeElement);
    expect(links.map((link) => link.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
  });

  it('shows each title beside its bar when expanded, none when collapsed', () => {
    const expanded = renderRow(true);
    expect(expanded.getAllByText(/January|March|June/)).toHaveLength(3);
  });

  it('hides the titles when collapsed', () => {
    const collapsed = renderRow(false);
    expect(collapsed.queryByText('January')).toBeNull();
    expect(collapsed.getAllByRole('link')).toHaveLength(3);
  });
});
