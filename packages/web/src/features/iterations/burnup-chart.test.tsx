import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BurnupChart } from './burnup-chart.tsx';

const DAYS = [
  { date: '2026-11-23', scopeCount: 2, completedCount: 0, scopeWeight: 5, completedWeight: 0 },
  { date: '2026-11-24', scopeCount: 4, completedCount: 1, scopeWeight: 8, completedWeight: 3 },
  { date: '2026-11-25', scopeCount: 4, completedCount: 3, scopeWeight: 8, completedWeight: 6 },
];

describe('BurnupChart', () => {
  it('is an image named by its measure and described by where it stands', () => {
    render(<BurnupChart days={DAYS} measure="count" />);
    const chart = screen.getByRole('img', { name: 'Burnup chart by issue count' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(chart.textContent).toContain('3 of 4 issues completed by Nov 25.');
  });

  it('draws the total and completed lines on the scale', () => {
    const { container } = render(<BurnupChart days={DAYS} measure="count" />);
    const scope = container.querySelector('[data-series="scope"]')?.getAttribute('points');
    const done = container.querySelector('[data-series="completed"]')?.getAttribute('points');
    expect(scope).toBe('0,120 276,40 552,40');
    expect(done).toBe('0,200 276,160 552,80');
  });

  it('spans the whole iteration, the lines stopping at today', () => {
    const { container } = render(
      <BurnupChart days={DAYS} measure="count" startDate="2026-11-23" dueDate="2026-12-06" />,
    );
    const scope = container.querySelector('[data-series="scope"]')?.getAttribute('points');
    expect(scope).toBe('0,120 42.46,40 84.92,40');
    expect(screen.getByRole('img').textContent).toContain('Dec 6');
  });

  it('gives the numbers in a table, by weight when asked', () => {
    render(<BurnupChart days={DAYS} measure="weight" />);
    const table = screen.getByRole('table', { name: 'Burnup by issue weight, per day' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['DateTotalCompleted', 'Nov 2350', 'Nov 2483', 'Nov 2586']);
  });

  it('says so when the iteration has not started', () => {
    render(<BurnupChart days={[]} measure="count" />);
    expect(screen.getByText('The iteration has not started yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
