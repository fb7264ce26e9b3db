/** The epic colour dropdown's fixed list of colour and title pairs. */

import { DEFAULT_EPIC_COLOR, EPIC_COLORS } from '../domain/color.ts';

export type EpicColorOption = { color: string; title: string };

/** The dropdown's choices: the suggested colours, then a neutral grey. */
export const EPIC_COLOR_OPTIONS: readonly EpicColorOption[] = [...EPIC_COLORS, { color: '#737278', title: 'Gray' }];

/** What a new epic starts with: Blue, #1068bf. */
export const DEFAULT_EPIC_COLOR_OPTION: EpicColorOption = {
  color: DEFAULT_EPIC_COLOR,
  title: EPIC_COLOR_OPTIONS.find((option) => option.color === DEFAULT_EPIC_COLOR)?.title ?? 'Blue',
};

/**
 * The option for a stored colour (case-insensitive); a colour outside the list keeps its hex
 * value as title; none at all is the default.
 */
export function epicColorOption(color: string | null | undefined): EpicColorOption {
  if (!color) return DEFAULT_EPIC_COLOR_OPTION;
  const lower = color.toLowerCase();
  return EPIC_COLOR_OPTIONS.find((option) => option.color.toLowerCase() === lower) ?? { color, title: color };
}

/** Whether two colours are the same, ignoring case (`#1068BF` is `#1068bf`). */
export function sameEpicColor(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}
