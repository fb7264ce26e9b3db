import { describe, expect, it } from 'vitest';
import { avatarCounterLabel, cappedCountLabel, formatCount, formatPercentChange } from './numbers.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [12_000, '12k'],
    [999_949, '999.9k'],
    [999_950, '1m'],
    [1_000_000, '1m'],
    [2_340_000, '2.3m'],
    [1_250_000_000, '1250m'],
    [-1500, '-1.5k'],
    [12.6, '13'],
    [Number.NaN, '0'],
  ])('%d → %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe('formatPercentChange', () => {
  it.each([
    [100, 125, '+25%'],
    [100, 90, '-10%'],
    [100, 100, '0%'],
    [3, 4, '+33%'],
    [3, 2, '-33%'],
    [200, 201, '+1%'],
    [1000, 1004, '0%'],
    [1000, 995, '0%'],
    [1000, 994, '-1%'],
    [10, 0, '-100%'],
    [1, 11, '+1000%'],
    [-50, -25, '+50%'],
    [0, 5, null],
    [0, 0, null],
    [Number.NaN, 5, null],
  ])('%d → %d: %j', (previous, current, text) => {
    expect(formatPercentChange(previous, current)).toBe(text);
  });
});

describe('avatarCounterLabel', () => {
  it.each([
    [0, null],
    [-2, null],
    [1, '+1'],
    [2, '+2'],
    [99, '+99'],
    [100, '99+'],
    [5000, '99+'],
    [2.7, '+2'],
  ])('%d hidden → %j', (hidden, label) => {
    expect(avatarCounterLabel(hidden)).toBe(label);
  });
});

describe('cappedCountLabel', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
    [-3, '0'],
  ])('%i reads %s', (count, text) => {
    expect(cappedCountLabel(count)).toBe(text);
  });
});
