import { describe, expect, it } from 'vitest';
import { DEFAULT_EPIC_COLOR_OPTION, EPIC_COLOR_OPTIONS, epicColorOption, sameEpicColor } from './epic-colors.ts';

describe('EPIC_COLOR_OPTIONS', () => {
  it("is GitLab's fixed list of colour and title pairs", () => {
    expect(EPIC_COLOR_OPTIONS).toEqual([
      { color: '#1068bf', title: 'Blue' },
      { color: '#217645', title: 'Green' },
      { color: '#c91c00', title: 'Red' },
      { color: '#9e5400', title: 'Orange' },
      { color: '#694cc0', title: 'Purple' },
      { color: '#737278', title: 'Gray' },
    ]);
  });

  it('has unique colours and titles', () => {
    expect(new Set(EPIC_COLOR_OPTIONS.map((o) => o.color)).size).toBe(EPIC_COLOR_OPTIONS.length);
    expect(new Set(EPIC_COLOR_OPTIONS.map((o) => o.title)).size).toBe(EPIC_COLOR_OPTIONS.length);
  });

  it('defaults to Blue #1068bf', () => expect(DEFAULT_EPIC_COLOR_OPTION).toEqual({ color: '#1068bf', title: 'Blue' }));
});

describe('epicColorOption', () => {
  it.each([
    ['#217645', { color: '#217645', title: 'Green' }],
    ['#C91C00', { color: '#c91c00', title: 'Red' }],
    ['#123456', { color: '#123456', title: '#123456' }],
    [null, { color: '#1068bf', title: 'Blue' }],
    [undefined, { color: '#1068bf', title: 'Blue' }],
    ['', { color: '#1068bf', title: 'Blue' }],
  ])('%j → %j', (color, option) => expect(epicColorOption(color)).toEqual(option));
});

describe('sameEpicColor', () => {
  it.each([
    ['#1068bf', '#1068BF', true],
    ['#1068bf', '#217645', false],
    [null, undefined, true],
    [null, '#1068bf', false],
  ])('%j vs %j → %j', (a, b, same) => expect(sameEpicColor(a, b)).toBe(same));
});
