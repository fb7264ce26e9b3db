import { getTimeframe } from '@milepost/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildRoadmapMilestone } from '../test/roadmap-fixtures.ts';
import { MILESTONE_LANE_HEIGHT, MilestonesRow, milestonesMaxHeight } from './milestones-row.tsx';

const timeframe = getTimeframe({ rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-11-22' });
const milestones = [
  buildRoadmapMilestone({ title: 'March', startDate: '2026-03-01', dueDate: '2026-03-31' }),
  buildRoadmapMilestone({ title: 'January', startDate: '2026-01-01', dueDate: '2026-01-31' }),
  buildRoadmapMilestone({ title: 'June', startDate: '2026-06-01', dueDate: '2026-06-30' }),
];

function renderRow(expanded = true, list = milestones, maxHeight = 400) {
  render(
    <MilestonesRow
      milestones={list}
      timeframe={timeframe}
      cellWidth={180}
      leftWidth={320}
      maxHeight={maxHeight}
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

  it('caps a tall row: its lanes scroll inside it, with a fade, until Show all draws every lane', async () => {
    const user = userEvent.setup();
    // Ten milestones of the same month: ten lanes, 200 px, in a row capped at 2.5 lanes.
    const stacked = Array.from({ length: 10 }, (_, i) =>
      buildRoadmapMilestone({ title: `Sprint ${i + 1}`, startDate: '2026-05-01', dueDate: '2026-05-31' }),
    );
    const toolbar = renderRow(true, stacked, milestonesMaxHeight(0));
    const track = screen.getByRole('toolbar', { name: 'Milestones in the timeline' });
    const viewport = track.parentElement as HTMLElement;
    expect(track.style.height).toBe(`${10 * MILESTONE_LANE_HEIGHT}px`);
    expect(viewport.dataset.capped).toBe('true');
    expect(viewport.dataset.moreBelow).toBe('true');
    expect(viewport.style.maxHeight).toBe(`${2.5 * MILESTONE_LANE_HEIGHT + 8}px`);
    // Every milestone stays reachable (scrolled to by focus), one tab stop as before.
    expect(toolbar.getAllByRole('link')).toHaveLength(10);
    const showAll = screen.getByRole('button', { name: 'Show all 10 milestone lines' });
    expect(showAll.getAttribute('aria-expanded')).toBe('false');
    await user.click(showAll);
    expect(viewport.dataset.capped).toBeUndefined();
    expect(viewport.style.maxHeight).toBe('');
    const fewer = screen.getByRole('button', { name: 'Show fewer milestone lines' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    await user.click(fewer);
    expect(viewport.dataset.capped).toBe('true');
  });

  it('draws a row that fits as tall as its lanes, without Show all', () => {
    renderRow(true, milestones, milestonesMaxHeight(360));
    const viewport = screen.getByRole('toolbar', { name: 'Milestones in the timeline' }).parentElement as HTMLElement;
    expect(viewport.dataset.capped).toBeUndefined();
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull();
  });

  it.each([
    [0, 2.5],
    [360, 3.5],
    [650, 7.5],
  ])('caps the milestones of a %i px shell at %f lanes', (shellHeight, lanes) => {
    expect(milestonesMaxHeight(shellHeight)).toBe(lanes * MILESTONE_LANE_HEIGHT + 8);
  });
});
