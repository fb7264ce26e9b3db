import { describe, expect, it } from 'vitest';
import { hasLabelColorPrefix, normalizeLabelColor } from './label-colors.ts';

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
    ['rgb(1,2,3)', '#010203'],
    ['rgb(255, 128, 0)', '#ff8000'],
    ['RGB( 0 , 0 , 0 )', '#000000'],
    ['rgb(100%, 0%, 50%)', '#ff0080'],
    ['rgba(0, 0, 0, 0.5)', '#808080'],
    ['rgba(255, 0, 0, 1)', '#ff0000'],
    ['rgba(0, 0, 255, 0%)', '#ffffff'],
    ['rgb(256, 0, 0)', null],
    ['rgba(0, 0, 0, 1.5)', null],
    ['rgb(0, 0)', null],
    ['rgba(0, 0, 0)', null],
    ['reddish', null],
    ['', null],
    [null, null],
    [42, null],
  ])('%j → %j', (input, expected) => expect(normalizeLabelColor(input)).toBe(expected));
});

describe('hasLabelColorPrefix', () => {
  it.each([
    ['#fff', true],
    ['rgb(1,2,3)', true],
    ['rgba(', true],
    [' #1', true],
    ['red', false],
    ['', false],
  ])('%j → %j', (input, expected) => expect(hasLabelColorPrefix(input)).toBe(expected));
});
