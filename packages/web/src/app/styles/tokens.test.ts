/**
 * The colour tokens meet WCAG 2.2 AA in both themes: status text at 4.5:1 wherever it is drawn
 * (the page, the subtle background, its own tint), white on the danger button at 4.5:1 and the
 * button's fill at 3:1 against the page (1.4.11). Computed from tokens.css itself.
 */
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: the test runner hands CSS imports (even `?raw`) over empty.
const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

/** The custom properties of `selector`'s top-level blocks (media queries left out). */
function declarations(selector: string): Record<string, string> {
  const top = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, '');
  const out: Record<string, string> = {};
  for (const block of top.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (block[1]?.trim() !== selector) continue;
    for (const d of (block[2] ?? '').matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) out[d[1] ?? ''] = (d[2] ?? '').trim();
  }
  return out;
}

const light = declarations(':root');
const themes = { light, dark: { ...light, ...declarations(':root[data-theme="dark"]') } };

/** A token's colour in a theme, following var() references as the browser does on <html>. */
function color(theme: Record<string, string>, name: string): string {
  let value = theme[name];
  for (let depth = 0; value?.startsWith('var('); depth += 1) {
    if (depth > 10) throw new Error(`--${name} refers in a circle`);
    value = theme[value.slice(6, -1).split(',')[0]?.trim() ?? ''];
  }
  if (!value || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value))
    throw new Error(`--${name} is not a hex colour: ${value}`);
  return value;
}

function luminance(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const STATUS = ['danger', 'success', 'warning', 'info'] as const;

describe.each(Object.entries(themes))('the %s theme', (_name, theme) => {
  const ratio = (fg: string, bg: string) => Math.floor(contrast(color(theme, fg), color(theme, bg)) * 100) / 100;
  /** The pairs below `min`, as 'fg on bg: ratio' (none expected). */
  const below = (min: number, pairs: [string, string][]) =>
    pairs.filter(([fg, bg]) => ratio(fg, bg) < min).map(([fg, bg]) => `${fg} on ${bg}: ${ratio(fg, bg)}`);

  it.each(STATUS)('%s text reads at 4.5:1 on the page, the subtle background and its own tint', (status) => {
    const backgrounds = ['color-bg', 'color-bg-subtle', `color-${status}-bg`];
    expect(
      below(
        4.5,
        backgrounds.map((bg) => [`color-${status}`, bg]),
      ),
    ).toEqual([]);
  });

  it('the danger button: white text at 4.5:1 (also hovered), its fill at 3:1 against the page', () => {
    expect(ratio('color-text-inverse', 'color-danger-fill')).toBeGreaterThanOrEqual(4.5);
    expect(ratio('color-text-inverse', 'color-danger-fill-hover')).toBeGreaterThanOrEqual(4.5);
    expect(ratio('color-danger-fill', 'color-bg')).toBeGreaterThanOrEqual(3);
    expect(ratio('color-danger-fill', 'color-bg-subtle')).toBeGreaterThanOrEqual(3);
  });

  it('text, secondary text and links read at 4.5:1; the primary button likewise', () => {
    const texts = ['color-text', 'color-text-secondary', 'color-link', 'color-link-hover'];
    expect(
      below(
        4.5,
        texts.map((fg) => [fg, 'color-bg']),
      ),
    ).toEqual([]);
    expect(ratio('color-text-inverse', 'color-primary')).toBeGreaterThanOrEqual(4.5);
  });

  it('badge text (the -700 shades) reads at 4.5:1 on its tint', () => {
    expect(
      below(4.5, [
        ['color-red-700', 'color-danger-bg'],
        ['color-green-700', 'color-success-bg'],
        ['color-amber-700', 'color-warning-bg'],
        ['color-blue-700', 'color-info-bg'],
      ]),
    ).toEqual([]);
  });
});

it('computes WCAG ratios (black on white is 21:1; the dark danger text was 2.87:1 before)', () => {
  expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
  expect(contrast('#c91c00', '#1f1e24')).toBeCloseTo(2.87, 2);
});
