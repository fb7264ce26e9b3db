/** Colours of labels and epics: `#rrggbb` only, with a text colour derived for contrast. */

export const DEFAULT_EPIC_COLOR = '#1068bf';
export const DEFAULT_EPIC_TEXT_COLOR = '#FFFFFF';

const HEX_RE = /^#[0-9a-fA-F]{6}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_RE.test(value);
}

/** One channel of a `#rrggbb` colour (the two hex digits at `i`), linearised for WCAG luminance. */
function linearChannel(hex: string, i: number): number {
  const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  return 0.2126 * linearChannel(hex, 1) + 0.7152 * linearChannel(hex, 3) + 0.0722 * linearChannel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colours already worked out, by background. */
const textColors = new Map<string, '#FFFFFF' | '#333333'>();

/**
 * The text colour to put on a background, as GitLab's API gives it (`text_color`): white or GitLab's
 * dark grey `#333333`, whichever contrasts more (so `#1068bf` gets white, `#f0ad4e` gets dark text).
 */
export function textColorFor(background: string): '#FFFFFF' | '#333333' {
  if (!isHexColor(background)) return '#FFFFFF';
  // Pages show the same few colours again and again (every epic and label of a roadmap page).
  let text = textColors.get(background);
  if (text === undefined) {
    text = contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#333333') ? '#FFFFFF' : '#333333';
    if (textColors.size >= 4096) textColors.clear();
    textColors.set(background, text);
  }
  return text;
}

/**
 * The text colour the screens draw on a background: the API's choice (textColorFor), or black on the
 * mid-tones where neither white nor `#333333` reaches WCAG AA's 4.5:1 (black always does there).
 */
export function readableTextColorFor(background: string): '#FFFFFF' | '#333333' | '#000000' {
  const text = textColorFor(background);
  return isHexColor(background) && contrastRatio(background, text) < 4.5 ? '#000000' : text;
}

/** The suggested epic colours (colour picker), GitLab's list. */
export const EPIC_COLORS: readonly { color: string; title: string }[] = [
  { color: '#1068bf', title: 'Blue' },
  { color: '#217645', title: 'Green' },
  { color: '#c91c00', title: 'Red' },
  { color: '#9e5400', title: 'Orange' },
  { color: '#694cc0', title: 'Purple' },
];
