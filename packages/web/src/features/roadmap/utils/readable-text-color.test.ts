import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, readableTextColor } from './readable-text-color.ts';

describe('readableTextColor', () => {
  it.each([
    ['keeps a readable server colour', '#1068bf', '#FFFFFF', '#FFFFFF'],
    ['replaces white on teal (3.7:1) with black (near-black is 4.4:1)', '#0d9488', '#FFFFFF', '#000000'],
    ['replaces #333 on grey (3.6:1)', '#7f8c8d', '#333333', '#1f1e24'],
    ['picks white on a dark colour without a text colour', '#28272d', null, '#ffffff'],
    ['leaves colours it cannot read alone', 'rgb(1, 2, 3)', '#FFFFFF', '#FFFFFF'],
  ])('%s', (_name, background, text, expected) => {
    expect(readableTextColor(background, text)).toBe(expected);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('nope')).toBeNull();
  });
});
