import { describe, expect, it } from 'vitest';
import { isIsoDate, maxDate, minDate } from './dates.ts';

describe('isIsoDate', () => {
  it.each(['2027-01-31', '2028-02-29', '0001-01-01', '9999-12-31', '2000-02-29'])('%s is a date', (d) =>
    expect(isIsoDate(d)).toBe(true),
  );
  it.each([
    '2027-02-30',
    '2027-02-29',
    '1900-02-29',
    '0000-01-01',
    '10000-01-01',
    '2027-13-01',
    '2027-00-10',
    '2027-1-1',
    '27-01-01',
    '2027-01-01T00:00:00Z',
    '',
    null,
  ])('%j is not', (d) => expect(isIsoDate(d)).toBe(false));
});

describe('minDate / maxDate', () => {
  it.each([
    ['2027-01-01', '2026-12-31', '2026-12-31', '2027-01-01'],
    [null, '2026-12-31', '2026-12-31', '2026-12-31'],
    ['2027-01-01', null, '2027-01-01', '2027-01-01'],
    [null, null, null, null],
  ])('%j, %j', (a, b, min, max) => {
    expect(minDate(a, b)).toBe(min);
    expect(maxDate(a, b)).toBe(max);
  });
});
