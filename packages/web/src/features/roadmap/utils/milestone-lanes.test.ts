import { getTimeframe } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { buildRoadmapMilestone } from '../test/roadmap-fixtures.ts';
import { isoDay, layoutMilestones } from './milestone-lanes.ts';

const months = getTimeframe({ rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today: '2026-11-22' });
const quarters = getTimeframe({ rangeType: 'THREE_YEARS', presetType: 'QUARTERS', today: '2026-11-22' });

describe('layoutMilestones', () => {
  it('leaves out milestones wholly outside the timeframe and clips the others', () => {
    const outside = buildRoadmapMilestone({ startDate: '2024-01-01', dueDate: '2024-02-01' });
    const across = buildRoadmapMilestone({ startDate: '2025-12-01', dueDate: '2027-01-31' });
    const { placed } = layoutMilestones([outside, across], months, 180, { withTitles: true });
    expect(placed.map((p) => p.milestone.id)).toEqual([across.id]);
    expect(placed[0]).toMatchObject({ startDateOutOfRange: true, endDateOutOfRange: true });
    expect(placed[0]?.geometry.offset).toBe(0);
  });

  it('puts overlapping milestones on separate lines and reuses a free line', () => {
    const a = buildRoadmapMilestone({ title: 'A', startDate: '2026-01-01', dueDate: '2026-03-31' });
    const b = buildRoadmapMilestone({ title: 'B', startDate: '2026-02-01', dueDate: '2026-04-30' });
    const c = buildRoadmapMilestone({ title: 'C', startDate: '2026-06-01', dueDate: '2026-07-31' });
    const { placed, lanes } = layoutMilestones([a, b, c], months, 180, { withTitles: true });
    expect(Object.fromEntries(placed.map((p) => [p.milestone.title, p.lane]))).toEqual({ A: 0, B: 1, C: 0 });
    expect(lanes).toBe(2);
  });

  it('keeps the title beside its bar free: a milestone starting under it goes to the next line', () => {
    const a = buildRoadmapMilestone({
      title: 'A long milestone title',
      startDate: '2026-01-01',
      dueDate: '2026-01-31',
    });
    const b = buildRoadmapMilestone({ title: 'B', startDate: '2026-02-15', dueDate: '2026-02-28' });
    const c = buildRoadmapMilestone({ title: 'C', startDate: '2026-04-01', dueDate: '2026-04-30' });
    const { placed, lanes } = layoutMilestones([a, b, c], months, 180, { withTitles: true });
    expect(Object.fromEntries(placed.map((p) => [p.milestone.title, p.lane]))).toEqual({
      'A long milestone title': 0,
      B: 1,
      C: 0,
    });
    expect(lanes).toBe(2);
  });

  it('keeps everything on one line without titles (the collapsed row)', () => {
    const a = buildRoadmapMilestone({ startDate: '2026-01-01', dueDate: '2026-03-31' });
    const b = buildRoadmapMilestone({ startDate: '2026-02-01', dueDate: '2026-04-30' });
    const { placed, lanes } = layoutMilestones([a, b], months, 180, { withTitles: false });
    expect(placed.map((p) => p.lane)).toEqual([0, 0]);
    expect(lanes).toBe(1);
  });

  it.each([
    ['one day with months is small', months, '2026-03-10', '2026-03-10', 'small'],
    ['one day with quarters is minimum', quarters, '2026-03-10', '2026-03-10', 'minimum'],
    ['a month with quarters is normal', quarters, '2026-03-01', '2026-03-31', 'normal'],
  ] as const)('%s', (_name, tf, startDate, dueDate, size) => {
    const { placed } = layoutMilestones([buildRoadmapMilestone({ startDate, dueDate })], tf, 180, {
      withTitles: true,
    });
    expect(placed[0]?.size).toBe(size);
  });

  it('reads dates and timestamps as calendar days', () => {
    expect(isoDay('2026-11-22T10:00:00Z')).toBe('2026-11-22');
    expect(isoDay('2026-11-22')).toBe('2026-11-22');
    expect(isoDay(null)).toBeNull();
    expect(isoDay('soon')).toBeNull();
  });
});
