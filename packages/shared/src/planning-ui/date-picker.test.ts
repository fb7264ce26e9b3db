import { describe, expect, it } from 'vitest';
import {
  calendarMonthCount,
  calendarYearRange,
  calendarYears,
  clampPickerDate,
  formatPickerDate,
  isPastDay,
  localCalendarDate,
  parsePickerInput,
  resolveTypedDate,
} from './date-picker.ts';

const TODAY = '2026-11-22';

describe('parsePickerInput', () => {
  it.each([
    ['2026-03-05', '2026-03-05'],
    ['2026-3-5', '2026-03-05'],
    ['2026/3/5', '2026-03-05'],
    ['  2026-11-22  ', '2026-11-22'],
    ['2026-03-05T10:30:00Z', '2026-03-05'],
    ['2026-03-05 23:59', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    ['03-05-2026', '2026-03-05'],
    ['12/31/2026', '2026-12-31'],
    ['2024-02-29', '2024-02-29'],
    ['2024-2-29', '2024-02-29'],
    ['Mar 5, 2026', '2026-03-05'],
    ['March 5 2026', '2026-03-05'],
    ['5 March 2026', '2026-03-05'],
    ['Dec. 31, 2026', '2026-12-31'],
    ['0001-01-01', '0001-01-01'],
    ['9999-12-31', '9999-12-31'],
  ])('%j → %s', (text, iso) => expect(parsePickerInput(text)).toBe(iso));

  it.each([
    '',
    '   ',
    'tomorrow',
    'not a date',
    '2026-02-29',
    '2025-13-01',
    '2026-00-10',
    '2026-04-31',
    '0000-01-01',
    '26-3-5',
    '2026-03',
    '2026--03-05',
    'Foo 5, 2026',
    '13/13/2026',
  ])('%j is no date', (text) => expect(parsePickerInput(text)).toBeNull());

  it('reads day/month/year when the format puts the day first', () => {
    expect(parsePickerInput('5/3/2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(parsePickerInput('31-12-2026', 'DD-MM-YYYY')).toBe('2026-12-31');
    expect(parsePickerInput('2026-3-5', 'DD/MM/YYYY')).toBe('2026-03-05');
  });
});

describe('formatPickerDate', () => {
  it.each([
    ['2026-03-05', undefined, '2026-03-05'],
    ['2026-03-05', 'YYYY-MM-DD', '2026-03-05'],
    ['2026-03-05', 'DD/MM/YYYY', '05/03/2026'],
    ['2026-03-05', 'M/D/YYYY', '3/5/2026'],
    ['0099-12-31', 'YYYY-MM-DD', '0099-12-31'],
  ])('%s in %j → %s', (date, format, text) => expect(formatPickerDate(date, format)).toBe(text));

  it('round-trips through parsing in its own format', () => {
    for (const format of ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D-M-YYYY']) {
      for (const date of ['2024-02-29', '2026-01-01', '2026-12-31', '2027-07-04']) {
        expect(parsePickerInput(formatPickerDate(date, format), format)).toBe(date);
      }
    }
  });
});

describe('clampPickerDate', () => {
  it.each([
    ['2026-05-10', '2026-01-01', '2026-12-31', '2026-05-10'],
    ['2025-12-31', '2026-01-01', '2026-12-31', '2026-01-01'],
    ['2027-01-01', '2026-01-01', '2026-12-31', '2026-12-31'],
    ['2026-01-01', '2026-01-01', '2026-12-31', '2026-01-01'],
    ['2026-12-31', '2026-01-01', '2026-12-31', '2026-12-31'],
    ['1999-01-01', null, '2026-12-31', '1999-01-01'],
    ['2099-01-01', '2026-01-01', null, '2099-01-01'],
    ['2099-01-01', undefined, undefined, '2099-01-01'],
  ])('%s into [%j, %j] → %s', (date, min, max, clamped) => expect(clampPickerDate(date, min, max)).toBe(clamped));
});

describe('resolveTypedDate', () => {
  it.each([
    // text, min, max → held date
    ['2026-3-5', null, null, '2026-03-05'],
    ['gibberish', null, null, TODAY],
    ['2026-02-30', null, null, TODAY],
    ['gibberish', '2026-12-01', null, '2026-12-01'],
    ['gibberish', null, '2026-11-01', '2026-11-01'],
    ['2020-01-01', '2026-01-01', '2026-12-31', '2026-01-01'],
    ['2030-01-01', '2026-01-01', '2026-12-31', '2026-12-31'],
    ['', '2026-01-01', null, '2026-01-01'],
    ['  ', null, null, null],
    ['', null, '2026-12-31', null],
  ])('%j with [%j, %j] → %j', (text, minDate, maxDate, date) =>
    expect(resolveTypedDate(text, { today: TODAY, minDate, maxDate })).toBe(date),
  );
});

describe('calendarMonthCount', () => {
  it.each([
    [undefined, 1],
    [1, 1],
    [2, 2],
    [4, 4],
    [5, 4],
    [12, 4],
    [0, 1],
    [-3, 1],
    [2.7, 2],
    [Number.NaN, 1],
  ])('%j → %i', (requested, months) => expect(calendarMonthCount(requested)).toBe(months));
});

describe('calendarYearRange', () => {
  it.each([
    [undefined, 10],
    [5, 5],
    [100, 100],
    [101, 100],
    [1000, 100],
    [0, 0],
    [-1, 0],
    [Number.POSITIVE_INFINITY, 10],
  ])('%j → %i', (requested, range) => expect(calendarYearRange(requested)).toBe(range));
});

describe('calendarYears', () => {
  it('offers the range before and after the year', () => {
    expect(calendarYears(2026, 2)).toEqual([2024, 2025, 2026, 2027, 2028]);
    expect(calendarYears(2026, 10)).toHaveLength(21);
  });

  it('stays within the min and max dates', () => {
    expect(calendarYears(2026, 10, '2025-06-01', '2027-03-01')).toEqual([2025, 2026, 2027]);
  });

  it('caps the range at 100 years and the calendar at years 1 … 9999', () => {
    expect(calendarYears(2026, 500)).toHaveLength(201);
    expect(calendarYears(5, 10)[0]).toBe(1);
    expect(calendarYears(9995, 10).at(-1)).toBe(9999);
  });
});

describe('isPastDay', () => {
  it.each([
    ['2026-11-21', true],
    ['2025-12-31', true],
    ['2026-11-22', false],
    ['2026-11-23', false],
  ])('%s → %j', (date, past) => expect(isPastDay(date, TODAY)).toBe(past));
});

describe('localCalendarDate', () => {
  it('uses the local calendar, not UTC', () => {
    expect(localCalendarDate(new Date(2026, 2, 5, 0, 0))).toBe('2026-03-05');
    expect(localCalendarDate(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
    expect(localCalendarDate(new Date(2024, 1, 29, 12))).toBe('2024-02-29');
  });
});
