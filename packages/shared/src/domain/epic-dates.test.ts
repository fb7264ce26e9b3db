import { describe, expect, it } from 'vitest';
import { type DatedChildEpic, type DatedMilestone, effectiveDates, inheritDates } from './epic-dates.ts';

const ms = (id: number, startDate: string | null, dueDate: string | null): DatedMilestone => ({
  id,
  startDate,
  dueDate,
});
const ep = (id: number, startDate: string | null, dueDate: string | null): DatedChildEpic => ({
  id,
  startDate,
  dueDate,
});

describe('inheritDates', () => {
  it.each([
    {
      name: 'nothing to inherit from',
      milestones: [],
      children: [],
      start: null,
      startSource: null,
      due: null,
      dueSource: null,
      msStart: null,
      msDue: null,
    },
    {
      name: 'one milestone',
      milestones: [ms(1, '2026-01-01', '2026-03-31')],
      children: [],
      start: '2026-01-01',
      startSource: { type: 'milestone', id: 1 },
      due: '2026-03-31',
      dueSource: { type: 'milestone', id: 1 },
      msStart: '2026-01-01',
      msDue: '2026-03-31',
    },
    {
      name: 'earliest start and latest due across milestones',
      milestones: [ms(1, '2026-02-01', '2026-03-01'), ms(2, '2026-01-15', '2026-02-01'), ms(3, null, '2026-06-30')],
      children: [],
      start: '2026-01-15',
      startSource: { type: 'milestone', id: 2 },
      due: '2026-06-30',
      dueSource: { type: 'milestone', id: 3 },
      msStart: '2026-01-15',
      msDue: '2026-06-30',
    },
    {
      name: 'child epics widen the milestones, across a year boundary',
      milestones: [ms(1, '2026-01-01', '2026-03-31')],
      children: [ep(7, '2025-12-01', '2026-01-10'), ep(8, null, '2027-01-02')],
      start: '2025-12-01',
      startSource: { type: 'epic', id: 7 },
      due: '2027-01-02',
      dueSource: { type: 'epic', id: 8 },
      msStart: '2026-01-01',
      msDue: '2026-03-31',
    },
    {
      name: 'only child epics (leap day)',
      milestones: [],
      children: [ep(4, '2028-02-29', null), ep(5, null, null)],
      start: '2028-02-29',
      startSource: { type: 'epic', id: 4 },
      due: null,
      dueSource: null,
      msStart: null,
      msDue: null,
    },
    {
      name: 'ties go to milestones, then to the lower id',
      milestones: [ms(9, '2026-05-01', '2026-06-01'), ms(3, '2026-05-01', '2026-06-01')],
      children: [ep(1, '2026-05-01', '2026-06-01')],
      start: '2026-05-01',
      startSource: { type: 'milestone', id: 3 },
      due: '2026-06-01',
      dueSource: { type: 'milestone', id: 3 },
      msStart: '2026-05-01',
      msDue: '2026-06-01',
    },
  ])('$name', ({ milestones, children, start, startSource, due, dueSource, msStart, msDue }) => {
    const r = inheritDates(milestones, children);
    expect(r.startDateFromInheritedSource).toBe(start);
    expect(r.startDateSource).toEqual(startSource);
    expect(r.dueDateFromInheritedSource).toBe(due);
    expect(r.dueDateSource).toEqual(dueSource);
    expect(r.startDateFromMilestones).toBe(msStart);
    expect(r.dueDateFromMilestones).toBe(msDue);
  });
});

describe('effectiveDates', () => {
  const inherited = { startDateFromInheritedSource: '2026-01-01', dueDateFromInheritedSource: '2026-12-31' };
  it.each([
    [false, false, '2026-01-01', '2026-12-31'],
    [true, false, '2025-06-01', '2026-12-31'],
    [false, true, '2026-01-01', '2027-06-30'],
    [true, true, '2025-06-01', '2027-06-30'],
  ])('start fixed %s, due fixed %s → %s..%s', (startFixed, dueFixed, start, due) => {
    expect(
      effectiveDates(
        {
          startDateIsFixed: startFixed,
          startDateFixed: '2025-06-01',
          dueDateIsFixed: dueFixed,
          dueDateFixed: '2027-06-30',
        },
        inherited,
      ),
    ).toEqual({ startDate: start, dueDate: due });
  });

  it('a fixed flag without a fixed date means no date', () => {
    expect(
      effectiveDates(
        { startDateIsFixed: true, startDateFixed: null, dueDateIsFixed: false, dueDateFixed: null },
        inherited,
      ),
    ).toEqual({ startDate: null, dueDate: '2026-12-31' });
  });
});
