import { describe, expect, it } from 'vitest';
import { isOverdue, relativeDueDateText } from './due-date.ts';

describe('relativeDueDateText', () => {
  // 2026-11-25 is a Wednesday.
  it.each([
    ['2026-11-25', 'Today'],
    ['2026-11-26', 'Tomorrow'],
    ['2026-11-24', 'Yesterday'],
    ['2026-11-27', 'Friday'],
    ['2026-12-01', 'Tuesday'],
    ['2026-12-02', null],
    ['2026-11-23', null],
    ['2027-01-01', null],
  ])('%s → %j', (date, text) => {
    expect(relativeDueDateText(date, '2026-11-25')).toBe(text);
  });

  it('crosses year ends and leap days', () => {
    expect(relativeDueDateText('2027-01-01', '2026-12-31')).toBe('Tomorrow');
    expect(relativeDueDateText('2028-02-29', '2028-02-28')).toBe('Tomorrow');
    expect(relativeDueDateText('2028-03-01', '2028-02-28')).toBe('Wednesday');
  });
});

describe('isOverdue', () => {
  it.each([
    ['2026-11-24', 'opened', true],
    ['2026-11-24', 'closed', false],
    ['2026-11-25', 'opened', false],
    [null, 'opened', false],
    ['2026-11-24T00:00:00Z', 'reopened', true],
  ])('%j %s → %j', (date, state, overdue) => {
    expect(isOverdue(date, '2026-11-25', state)).toBe(overdue);
  });
});
