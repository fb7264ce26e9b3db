/**
 * A comment's icon buttons draw their icons from `note-icons.module.css` (masks, decision 0089): the
 * same pictures as the icon set's `Icon`, shape for shape and with the same stroke.
 */
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, type IconName } from '../../components/ui/icon.tsx';

// Read from disk: the test runner hands CSS imports over empty.
const noteIcons = readFileSync(join(__dirname, 'note-icons.module.css'), 'utf8');
const iconCss = readFileSync(join(__dirname, '../../components/ui/icon.module.css'), 'utf8');

/** The declarations of `selector`'s block in `css`. */
function declarations(css: string, selector: string): Record<string, string> {
  const block = css.match(new RegExp(`(?:^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`))?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const d of block.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)) out[d[1] ?? ''] = (d[2] ?? '').trim();
  return out;
}

/** The svg of a class's mask: its attributes and its shapes. */
function maskOf(className: string): { attributes: Record<string, string>; shapes: string } {
  const url = declarations(noteIcons, `.${className}`)['--note-icon'] ?? '';
  const svg = url.match(/^url\("data:image\/svg\+xml,<svg ([^>]*)>(.*)<\/svg>"\)$/);
  const attributes: Record<string, string> = {};
  for (const a of (svg?.[1] ?? '').matchAll(/([\w-]+)='([^']*)'/g)) attributes[a[1] ?? ''] = a[2] ?? '';
  return { attributes, shapes: svg?.[2] ?? '' };
}

const ICONS: [className: string, name: IconName][] = [
  ['smiley', 'smiley'],
  ['reply', 'reply'],
  ['pencil', 'pencil'],
  ['ellipsis', 'ellipsis-v'],
];

describe('the note buttons’ icons', () => {
  it.each(ICONS)('.%s draws the shapes of the icon %s', (className, name) => {
    const { container } = render(<Icon name={name} />);
    const shapes = container.querySelector('svg')?.innerHTML.replaceAll('"', "'");
    expect(shapes).toBeTruthy();
    expect(maskOf(className).shapes).toBe(shapes);
  });

  it.each(ICONS)('.%s draws them on the icon set’s grid with its stroke', (className) => {
    const icon = declarations(iconCss, '.icon');
    expect(maskOf(className).attributes).toEqual({
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 16 16',
      fill: icon.fill,
      stroke: 'black',
      'stroke-width': icon['stroke-width'],
      'stroke-linecap': icon['stroke-linecap'],
      'stroke-linejoin': icon['stroke-linejoin'],
    });
  });
});
