import { describe, expect, it } from 'vitest';
import {
  blockingFetchError,
  blockingPopoverItems,
  healthStatusText,
  truncateBlockerTitle,
  weightInputError,
} from './issue-sidebar.ts';

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
