import { describe, expect, it } from 'vitest';
import { formatDuration, humanDuration, MAX_DURATION_SECONDS, parseDuration, timeSpentPercent } from './duration.ts';

const H = 3600;
const D = 8 * H;
const W = 5 * D;

describe('parseDuration', () => {
  it.each([
    ['1w 2d 3h', W + 2 * D + 3 * H],
    ['1w', 5 * D],
    ['1d', 8 * H],
    ['1mo', 4 * W],
    ['3', 3 * H],
    ['1.5h', 1.5 * H],
    ['.5h', 0.5 * H],
    ['90m', 90 * 60],
    ['30s', 30],
    ['1h30m', 1.5 * H],
    ['2 hours 15 minutes', 2 * H + 15 * 60],
    ['1W 1D', W + D],
    ['  2d  ', 2 * D],
    ['1h, 30m', 1.5 * H],
    ['0', 0],
    ['0h', 0],
  ])('%j → %i s', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  it.each([[''], ['   '], ['abc'], ['1x'], ['h'], ['1h foo'], ['1..5h'], ['12h3.'], ['-1h'], ['1 - 2h']])(
    '%j is not a duration',
    (text) => {
      expect(parseDuration(text)).toBeNull();
    },
  );

  it('accepts a leading minus only when asked (subtracting spent time)', () => {
    expect(parseDuration('-1h 30m', { allowNegative: true })).toBe(-1.5 * H);
    expect(parseDuration('-', { allowNegative: true })).toBeNull();
  });

  it('refuses what does not fit in integer seconds', () => {
    expect(parseDuration(`${MAX_DURATION_SECONDS}s`)).toBe(MAX_DURATION_SECONDS);
    expect(parseDuration(`${MAX_DURATION_SECONDS + 1}s`)).toBeNull();
    expect(parseDuration('999999mo')).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0h'],
    [30, '30s'],
    [90 * 60, '1h 30m'],
    [8 * H, '1d'],
    [9 * H, '1d 1h'],
    [W + 2 * D + 3 * H, '1w 2d 3h'],
    [4 * W, '1mo'],
    [4 * W + W + 1, '1mo 1w 1s'],
    [-1.5 * H, '-1h 30m'],
  ])('%i s → %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('round-trips what it prints', () => {
    for (const seconds of [1, 59, 61, H, D - 1, W + 7, 4 * W + 3 * D + 7 * H + 59 * 60 + 59]) {
      expect(parseDuration(formatDuration(seconds))).toBe(seconds);
    }
  });
});

describe('humanDuration and timeSpentPercent', () => {
  it('has no human text for nothing recorded', () => {
    expect(humanDuration(0)).toBeNull();
    expect(humanDuration(2 * H)).toBe('2h');
  });

  it.each([
    [0, 0, null],
    [H, 0, null],
    [0, 2 * H, 0],
    [H, 2 * H, 50],
    [3 * H, 2 * H, 150],
    [-H, 2 * H, 0],
  ])('spent %i of %i → %j %%', (spent, estimate, percent) => {
    expect(timeSpentPercent(spent, estimate)).toBe(percent);
  });
});
