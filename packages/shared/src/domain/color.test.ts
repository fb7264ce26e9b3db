import { describe, expect, it } from 'vitest';
import { contrastRatio, isHexColor, readableTextColorFor, textColorFor } from './color.ts';

describe('isHexColor', () => {
  it.each(['#1068bf', '#FFFFFF', '#000000'])('%s is a colour', (c) => expect(isHexColor(c)).toBe(true));
  it.each(['1068bf', '#fff', '#1068bg', 'red', 'rgb(0,0,0)', '#1068bf ', '', null, 42])('%j is not', (c) =>
    expect(isHexColor(c)).toBe(false),
  );
});

describe('textColorFor', () => {
  it.each([
    ['#1068bf', '#FFFFFF'],
    ['#000000', '#FFFFFF'],
    ['#c91c00', '#FFFFFF'],
    ['#ffffff', '#333333'],
    ['#f0ad4e', '#333333'],
    ['#69d100', '#333333'],
  ])('%s → %s', (bg, text) => expect(textColorFor(bg)).toBe(text));

  it('always picks the colour with the higher contrast', () => {
    for (const bg of ['#123456', '#abcdef', '#808080', '#7f7f7f', '#ff00ff']) {
      const chosen = textColorFor(bg);
      const other = chosen === '#FFFFFF' ? '#333333' : '#FFFFFF';
      expect(contrastRatio(bg, chosen)).toBeGreaterThanOrEqual(contrastRatio(bg, other));
    }
  });
});

describe('readableTextColorFor', () => {
  it('reaches WCAG AA (4.5:1) on every background, with black on the mid-tones', () => {
    expect(textColorFor('#428bca')).toBe('#FFFFFF');
    expect(readableTextColorFor('#428bca')).toBe('#000000');
    expect(readableTextColorFor('#d9534f')).toBe('#000000');
    expect(readableTextColorFor('#1068bf')).toBe('#FFFFFF');
    for (let v = 0; v < 0x1000000; v += 0x0f0f0f + 0x010101 * 7) {
      const bg = `#${v.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(bg, readableTextColorFor(bg)), bg).toBeGreaterThanOrEqual(4.5);
    }
  });
});
