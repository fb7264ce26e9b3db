import { describe, expect, it } from 'vitest';
import { outsideTimeframeText } from './epic-row.tsx';
import { hiddenChildrenText } from './single-epic-bar.tsx';

describe('hiddenChildrenText', () => {
  it.each([
    [null, 3, 'all', null],
    [3, 3, 'all', null],
    [1, 3, 'all', '2 of 3 child epics are outside this timeframe.'],
    [0, 1, 'all', '1 of 1 child epic is outside this timeframe.'],
    [1, 2, 'opened', '1 of 2 child epics are outside this timeframe or not open.'],
    [1, 2, 'closed', '1 of 2 child epics are outside this timeframe or not closed.'],
  ] as const)('%s shown of %s (%s) → %s', (shown, total, state, text) => {
    expect(hiddenChildrenText(shown, total, state)).toBe(text);
  });
});

describe('outsideTimeframeText', () => {
  it.each([
    [0, 0, null],
    [3, 3, null],
    [3, 1, '2 outside this timeframe'],
  ])('%s children, %s in the timeframe → %s', (all, within, text) => {
    expect(outsideTimeframeText({ childrenCount: all, childrenCountWithinTimeframe: within })).toBe(text);
  });
});
