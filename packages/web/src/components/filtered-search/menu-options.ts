import {
  availableOperators,
  type FilterOperator,
  type FilterToken,
  type FilterTokenType,
  OPERATOR_LABELS,
  TOKEN_DEFINITIONS,
  type TokenDefinitions,
} from '@milepost/shared';
import type { IconName } from '../ui/icon.tsx';

export type MenuOption = { id: string; label: string; description?: string; icon?: IconName };

/** The option that searches for the typed text. */
export const SEARCH_OPTION = '__search_text__';

const TYPE_ICONS: Record<FilterTokenType, IconName> = {
  author: 'user',
  label: 'label',
  milestone: 'milestone',
  confidential: 'eye-slash',
  group: 'group',
  epic: 'epic',
  'my-reaction': 'smiley',
  assignee: 'user',
  weight: 'weight',
  health: 'health',
  type: 'issues',
  iteration: 'iteration',
};

/**
 * The token types still open next to `tokens` whose title starts with the typed text, then
 * 'Search for "…"' when something is typed.
 */
export function typeOptions(
  types: readonly FilterTokenType[],
  tokens: readonly FilterToken[],
  text: string,
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
) {
  const typed = text.trim();
  const options: MenuOption[] = [];
  for (const type of types) {
    const { title } = definitions[type];
    if (availableOperators(type, tokens, definitions).length === 0) continue;
    if (typed && !title.toLowerCase().startsWith(typed.toLowerCase())) continue;
    options.push({ id: `type:${type}`, label: title, icon: TYPE_ICONS[type] });
  }
  if (typed) options.push({ id: SEARCH_OPTION, label: `Search for "${typed}"`, icon: 'search' });
  return options;
}

/** The operators still open for `type`, narrowed by what was typed ('!' or 'is n'). */
export function operatorOptions(
  type: FilterTokenType,
  tokens: readonly FilterToken[],
  text: string,
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
) {
  const typed = text.trim().toLowerCase();
  const options: MenuOption[] = [];
  for (const operator of availableOperators(type, tokens, definitions)) {
    const words = OPERATOR_LABELS[operator];
    if (typed && !operator.startsWith(typed) && !words.startsWith(typed)) continue;
    options.push({ id: `operator:${operator}`, label: operator, description: words });
  }
  return options;
}

export function parseMenuOption(id: string): { type: FilterTokenType } | { operator: FilterOperator } | null {
  if (id.startsWith('type:')) return { type: id.slice(5) as FilterTokenType };
  if (id.startsWith('operator:')) return { operator: id.slice(9) as FilterOperator };
  return null;
}
