import { describe, expect, it } from 'vitest';
import {
  blockingFetchError,
  blockingPopoverItems,
  healthStatusText,
  isOverdue,
  relativeDueDateText,
  truncateBlockerTitle,
  weightInputError,
} from './issue-sidebar.ts';

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

describe('weight, health and blocking', () => {
  it.each([
    ['', null],
    ['0', null],
    ['20', null],
    ['99999', null],
    ['100000', 'Weight must be 99999 or less.'],
    ['-1', 'Weight must be a whole number of 0 or more.'],
    ['1.5', 'Weight must be a whole number of 0 or more.'],
  ])('weight %j → %j', (text, error) => {
    expect(weightInputError(text)).toBe(error);
  });

  it('names health statuses from either form', () => {
    expect(healthStatusText('onTrack')).toBe('On track');
    expect(healthStatusText('needs_attention')).toBe('Needs attention');
    expect(healthStatusText('atRisk')).toBe('At risk');
    expect(healthStatusText(null)).toBeNull();
  });

  it('cuts blocker titles at 80 characters and lists at most 3', () => {
    expect(truncateBlockerTitle('a'.repeat(80))).toBe('a'.repeat(80));
    expect(truncateBlockerTitle('a'.repeat(81))).toBe(`${'a'.repeat(80)}…`);
    expect(blockingPopoverItems([1, 2], 2)).toEqual({ shown: [1, 2], more: null });
    expect(blockingPopoverItems([1, 2, 3, 4, 5], 5)).toEqual({ shown: [1, 2, 3], more: '+ 2 more' });
    expect(blockingPopoverItems([1, 2, 3], 7)).toEqual({ shown: [1, 2, 3], more: '+ 4 more' });
    expect(blockingFetchError('issue')).toBe('Failed to fetch blocking issues');
  });
});
