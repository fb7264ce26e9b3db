import { describe, expect, it } from 'vitest';
import { containsDate, milestoneExpired, milestoneUpcoming, overlapsTimeframe } from './milestones.ts';

const TODAY = '2024-02-29';

describe('milestoneExpired', () => {
  it.each([
    [null, false],
    ['2024-02-28', true],
    ['2024-02-29', false],
    ['2024-03-01', false],
    ['2023-12-31', true],
  ])('due %j → %j', (due, expected) => expect(milestoneExpired(due, TODAY)).toBe(expected));
});

describe('milestoneUpcoming', () => {
  it.each([
    [null, false],
    ['2024-02-28', false],
    ['2024-02-29', false],
    ['2024-03-01', true],
    ['2025-01-01', true],
  ])('start %j → %j', (start, expected) => expect(milestoneUpcoming(start, TODAY)).toBe(expected));
});

describe('overlapsTimeframe (2024-01-01 … 2024-03-31)', () => {
  it.each([
    ['2023-12-01', '2023-12-31', false],
    ['2023-12-01', '2024-01-01', true],
    ['2024-02-01', '2024-02-10', true],
    ['2024-03-31', '2024-05-01', true],
    ['2024-04-01', '2024-05-01', false],
    ['2023-01-01', '2025-01-01', true],
    [null, '2024-01-15', true],
    [null, '2023-12-31', false],
    ['2024-03-01', null, true],
    ['2024-04-01', null, false],
    [null, null, false],
  ])('%j – %j → %j', (start, due, expected) =>
    expect(overlapsTimeframe(start, due, '2024-01-01', '2024-03-31')).toBe(expected),
  );
});

describe('containsDate', () => {
  it.each([
    ['2024-02-01', '2024-02-29', true],
    ['2024-02-29', '2024-02-29', true],
    ['2024-03-01', '2024-03-10', false],
    [null, '2024-03-01', false],
    ['2024-03-01', null, false],
    [null, null, false],
  ])('%j – %j → %j', (start, due, expected) => expect(containsDate(start, due, TODAY)).toBe(expected));
});
