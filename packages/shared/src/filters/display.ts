/** How tokens read on chips, in recent searches and to assistive technology. */
import { awardEmojiUnicode } from '../domain/emoji.ts';
import {
  ANY_VALUE,
  CURRENT_VALUE,
  type FilterToken,
  type FilterValue,
  NONE_VALUE,
  OPERATOR_LABELS,
  quoteTokenValue,
  TOKEN_DEFINITIONS,
} from './tokens.ts';

/** How health statuses read (GitLab's words). */
export const HEALTH_STATUS_TITLES: Readonly<Record<string, string>> = {
  onTrack: 'On track',
  needsAttention: 'Needs attention',
  atRisk: 'At risk',
};

/** Yes / No for confidential, '&5' for an epic, ':thumbsup:'-style names shown with their character. */
export function tokenValueLabel(token: FilterToken): string {
  if (token.value === NONE_VALUE || token.value === ANY_VALUE) return token.value;
  switch (token.type) {
    case 'confidential':
      return token.value === 'true' ? 'Yes' : 'No';
    case 'epic':
      return token.value === CURRENT_VALUE ? token.value : `&${token.value}`;
    case 'health':
      return HEALTH_STATUS_TITLES[token.value] ?? token.value;
    case 'type':
      return token.value.charAt(0).toUpperCase() + token.value.slice(1);
    case 'iteration':
      return token.value === CURRENT_VALUE ? token.value : `Iteration ${token.value}`;
    case 'my-reaction': {
      const unicode = awardEmojiUnicode(token.value);
      return unicode ? `${unicode} ${token.value}` : token.value;
    }
    default:
      return token.value;
  }
}

/**
 * The text a token turns back into when it is edited (Backspace twice on the empty input): the value
 * as the user would type it ('Yes', '&12', 'tada'), quoted when it holds a space.
 */
export function editableTokenText(token: FilterToken): string {
  const text = token.type === 'confidential' || token.type === 'epic' ? tokenValueLabel(token) : token.value;
  return quoteTokenValue(text);
}

/** 'Author is not alice', 'Confidential is Yes'. */
export function describeToken(token: FilterToken): string {
  return `${TOKEN_DEFINITIONS[token.type].title} ${OPERATOR_LABELS[token.operator]} ${tokenValueLabel(token)}`;
}

/** Every token described, then the search text in quotes: `Label is bug, "login"`. */
export function describeFilterValue(value: FilterValue): string {
  const parts = value.tokens.map(describeToken);
  const search = value.search.trim();
  if (search) parts.push(`"${search}"`);
  return parts.join(', ');
}

const HEX_RE = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const RGB_RE = /^rgba?\(\s*[0-9.]+%?\s*(?:,\s*|\s+)[0-9.]+%?\s*(?:,\s*|\s+)[0-9.]+%?\s*(?:(?:,|\/)\s*[0-9.]+%?\s*)?\)$/;

/**
 * A label's background colour when it is a colour starting with '#', 'rgb' or 'rgba' (GitLab's rule),
 * else null: the caller shows a neutral colour instead.
 */
export function labelSwatchColor(color: string | null | undefined): string | null {
  if (typeof color !== 'string') return null;
  const trimmed = color.trim();
  return HEX_RE.test(trimmed) || RGB_RE.test(trimmed) ? trimmed : null;
}
