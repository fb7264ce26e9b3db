import { describe, expect, it } from 'vitest';
import { normalizeLabelColor } from './label-colors.ts';

describe('normalizeLabelColor', () => {
  it.each([
    ['#FFAABB', '#FFAABB'],
    ['#6699cc', '#6699cc'],
    [' #6699cc ', '#6699cc'],
    ['red', '#ff0000'],
    ['Red', '#ff0000'],
    ['RebeccaPurple', '#663399'],
    ['#abc', null],
    ['#gggggg', null],
    ['#1234567', null],
    ['123456', null],
    ['rgb(1,2,3)', null],
    ['reddish', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (input, expected) => expect(normalizeLabelColor(input)).toBe(expected));
});
