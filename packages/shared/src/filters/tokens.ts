/**
 * Filtered-search tokens (GitLab's filtered search bar): a token is a type, an operator and one value,
 * e.g. `Label != bug`. The definitions say which operators each type offers, whether it may appear
 * once (GitLab's `unique`) and whether the None / Any choices apply. Pure: the web bar, the URL and
 * the GraphQL arguments are all derived from these.
 */
import { isAwardEmojiName } from '../domain/emoji.ts';

export type FilterOperator = '=' | '!=' | '||';

export type FilterTokenType =
  | 'author'
  | 'assignee'
  | 'label'
  | 'milestone'
  | 'confidential'
  | 'group'
  | 'epic'
  | 'my-reaction'
  | 'weight'
  | 'health'
  | 'type'
  | 'iteration';

export type FilterToken = { type: FilterTokenType; operator: FilterOperator; value: string };

/** What the filtered search holds: its tokens, in the order added, and the free-text search. */
export type FilterValue = { tokens: FilterToken[]; search: string };

/** No tokens, no search text. Frozen: build a new value instead of changing it. */
export const EMPTY_FILTER_VALUE: FilterValue = Object.freeze({
  tokens: Object.freeze([]) as unknown as FilterToken[],
  search: '',
});

/** Words for the operators, as the operator list shows them. */
export const OPERATOR_LABELS: Readonly<Record<FilterOperator, string>> = {
  '=': 'is',
  '!=': 'is not',
  '||': 'or',
};

/** The wildcard values: `None` (has no such value) and `Any` (has some value). */
export const NONE_VALUE = 'None';
export const ANY_VALUE = 'Any';
/** Milestone wildcards of the issue lists: an active milestone not started yet / started and not past due. */
export const UPCOMING_VALUE = 'Upcoming';
export const STARTED_VALUE = 'Started';
/** The epic wildcard of the issue lists: an open epic whose dates include today. */
export const CURRENT_VALUE = 'Current';

export type TokenDefinition = {
  type: FilterTokenType;
  /** Shown in the token list and on the chip. */
  title: string;
  /** GitLab's reference prefix ('@' user, '~' label, '%' milestone, '&' epic), '' when the type has none. */
  symbol: string;
  /**
   * May appear once (GitLab's `unique`: the API takes a single value). Several `||` tokens of a
   * unique type form one "or" group and count as that one token.
   */
  unique: boolean;
  /** The operators offered, in order ('!=' only where the API can negate, '||' where it can union). */
  operators: readonly FilterOperator[];
  /** Whether None and Any are offered; only ever with '=' (hidden with '!=' and '||'). */
  noneAny: boolean;
  /** Offered to signed-in users only. */
  signedInOnly: boolean;
  /** The wildcard values offered with '=', when not just None and Any (milestone: Upcoming, Started). */
  wildcards?: readonly string[];
  /** The value is lowercased on submit (GitLab's `lowercaseValueOnSubmit`: 'Yes' → 'yes'). */
  lowercaseValueOnSubmit?: boolean;
};

/** A list's token definitions: each list (epics, issues) says which operators its API supports. */
export type TokenDefinitions = Readonly<Record<FilterTokenType, TokenDefinition>>;

/**
 * The epic filter tokens, GitLab's choices: `not` exists for author, label and reaction only
 * (`NegatedEpicFilterInput`); `or` for author and label only (`UnionedEpicFilterInput`); wildcards
 * for labels and reactions (the milestone, author and epic tokens of the roadmap have none).
 */
export const TOKEN_DEFINITIONS: TokenDefinitions = {
  author: {
    type: 'author',
    title: 'Author',
    symbol: '@',
    unique: true,
    operators: ['=', '!=', '||'],
    noneAny: false,
    signedInOnly: false,
  },
  assignee: {
    type: 'assignee',
    title: 'Assignee',
    symbol: '@',
    unique: false,
    operators: ['=', '!=', '||'],
    noneAny: true,
    signedInOnly: false,
  },
  label: {
    type: 'label',
    title: 'Label',
    symbol: '~',
    unique: false,
    operators: ['=', '!=', '||'],
    noneAny: true,
    signedInOnly: false,
  },
  milestone: {
    type: 'milestone',
    title: 'Milestone',
    symbol: '%',
    unique: true,
    operators: ['='],
    noneAny: false,
    signedInOnly: false,
  },
  confidential: {
    type: 'confidential',
    title: 'Confidential',
    symbol: '',
    unique: true,
    operators: ['='],
    noneAny: false,
    signedInOnly: false,
    lowercaseValueOnSubmit: true,
  },
  group: {
    type: 'group',
    title: 'Group',
    symbol: '',
    unique: true,
    operators: ['='],
    noneAny: false,
    signedInOnly: false,
  },
  epic: {
    type: 'epic',
    title: 'Epic',
    symbol: '&',
    unique: true,
    operators: ['='],
    noneAny: false,
    signedInOnly: false,
  },
  'my-reaction': {
    type: 'my-reaction',
    title: 'My-Reaction',
    symbol: '',
    unique: true,
    operators: ['=', '!='],
    noneAny: true,
    signedInOnly: true,
  },
  weight: {
    type: 'weight',
    title: 'Weight',
    symbol: '',
    unique: true,
    operators: ['=', '!='],
    noneAny: true,
    signedInOnly: false,
  },
  health: {
    type: 'health',
    title: 'Health',
    symbol: '',
    unique: true,
    operators: ['=', '!='],
    noneAny: true,
    signedInOnly: false,
  },
  type: {
    type: 'type',
    title: 'Type',
    symbol: '',
    unique: false,
    operators: ['=', '!='],
    noneAny: false,
    signedInOnly: false,
  },
  iteration: {
    type: 'iteration',
    title: 'Iteration',
    symbol: '',
    unique: true,
    operators: ['=', '!='],
    noneAny: true,
    signedInOnly: false,
    wildcards: [NONE_VALUE, ANY_VALUE, CURRENT_VALUE],
  },
};

/** Every token type, in the order the token list offers them. */
export const FILTER_TOKEN_TYPES: readonly FilterTokenType[] = [
  'author',
  'label',
  'milestone',
  'confidential',
  'group',
  'epic',
  'my-reaction',
];

export function isFilterTokenType(value: unknown): value is FilterTokenType {
  return typeof value === 'string' && Object.hasOwn(TOKEN_DEFINITIONS, value);
}

export function isFilterOperator(value: unknown): value is FilterOperator {
  return value === '=' || value === '!=' || value === '||';
}

/**
 * The operators still open to a new token of `type` next to `tokens`: all of the type's operators,
 * except for a unique type already present (then only '||' again when the present ones are '||').
 */
export function availableOperators(
  type: FilterTokenType,
  tokens: readonly FilterToken[],
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): FilterOperator[] {
  const definition = definitions[type];
  const present = tokens.filter((token) => token.type === type);
  if (!definition.unique || present.length === 0) return [...definition.operators];
  return present.every((token) => token.operator === '||') && definition.operators.includes('||') ? ['||'] : [];
}

/** Whether the wildcards None / Any are offered for this type with this operator. */
export function offersNoneAny(
  type: FilterTokenType,
  operator: FilterOperator,
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): boolean {
  return definitions[type].noneAny && operator === '=';
}

/** The wildcard values offered for this type with this operator, in order ('None', 'Any', …). */
export function wildcardValues(
  type: FilterTokenType,
  operator: FilterOperator,
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): readonly string[] {
  if (!offersNoneAny(type, operator, definitions)) return [];
  return definitions[type].wildcards ?? [NONE_VALUE, ANY_VALUE];
}

const USERNAME_RE = /^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/;
const PATH_SEGMENT_RE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const IID_RE = /^[1-9][0-9]{0,9}$/;
const MAX_TEXT = 255;

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).trim()
    : trimmed;
}

function wildcard(value: string, offered: readonly string[]): string | null {
  const lower = value.toLowerCase();
  return offered.find((choice) => choice.toLowerCase() === lower) ?? null;
}

/** The issue types (GitLab's `issue_type`), lowercase as the REST API and the URL spell them. */
export const ISSUE_TYPE_VALUES = ['issue', 'incident', 'task'] as const;
/** Health statuses as GraphQL's `HealthStatusFilter` spells them. */
export const HEALTH_STATUS_VALUES = ['onTrack', 'needsAttention', 'atRisk'] as const;
/** A weight: 0–20 are offered, any other whole number can be typed. */
const WEIGHT_RE = /^(0|[1-9][0-9]{0,8})$/;

/**
 * The value a token of `type` with `operator` keeps, in its canonical spelling, or null when it is
 * not valid there: quotes and the type's symbol are dropped ('@alice' → 'alice', '&5' → '5'),
 * None/Any only where offered, labels without commas, reactions from the emoji list.
 */
export function normalizeTokenValue(
  type: FilterTokenType,
  operator: FilterOperator,
  raw: string,
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): string | null {
  const definition = definitions[type];
  if (!definition.operators.includes(operator)) return null;
  const unquoted = unquote(raw);
  const value = definition.lowercaseValueOnSubmit ? unquoted.toLowerCase() : unquoted;
  if (value === '' || value.length > MAX_TEXT) return null;
  const star = wildcard(value, wildcardValues(type, operator, definitions));
  if (star) return star;
  switch (type) {
    case 'author':
    case 'assignee': {
      const username = value.startsWith('@') ? value.slice(1) : value;
      return USERNAME_RE.test(username) ? username : null;
    }
    case 'label':
      return value.includes(',') ? null : value;
    case 'milestone':
      return value;
    case 'confidential':
      // GitLab's lists write yes / no, the epics API true / false.
      if (value === 'true' || value === 'yes') return 'true';
      return value === 'false' || value === 'no' ? 'false' : null;
    case 'group': {
      const path = value.replace(/^\/+|\/+$/g, '');
      const segments = path.split('/');
      return segments.every((segment) => PATH_SEGMENT_RE.test(segment) && !segment.endsWith('.')) ? path : null;
    }
    case 'epic': {
      const iid = value.startsWith('&') ? value.slice(1) : value;
      return IID_RE.test(iid) ? iid : null;
    }
    case 'my-reaction': {
      const name = value.replace(/^:(.*):$/, '$1');
      return isAwardEmojiName(name) ? name : null;
    }
    case 'weight':
      return WEIGHT_RE.test(value) ? value : null;
    case 'health': {
      const compact = value.replace(/[\s_-]/g, '').toLowerCase();
      return HEALTH_STATUS_VALUES.find((status) => status.toLowerCase() === compact) ?? null;
    }
    case 'type': {
      const lower = value.toLowerCase();
      return ISSUE_TYPE_VALUES.find((issueType) => issueType === lower) ?? null;
    }
    case 'iteration': {
      // An iteration's id (GitLab's `iteration_id`), also as its global id.
      const id = value.replace(/^gid:\/\/gitlab\/Iteration\//, '');
      return IID_RE.test(id) ? id : null;
    }
  }
}

/** A value as typed into the bar: wrapped in double quotes when it holds a space ('"Release 1.0"'). */
export function quoteTokenValue(value: string): string {
  return /\s/.test(value) && !(value.startsWith('"') && value.endsWith('"')) ? `"${value}"` : value;
}

/** A valid token in canonical form, or null. */
export function normalizeToken(
  token: { type: unknown; operator: unknown; value: unknown },
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): FilterToken | null {
  if (!isFilterTokenType(token.type) || !isFilterOperator(token.operator) || typeof token.value !== 'string') {
    return null;
  }
  const value = normalizeTokenValue(token.type, token.operator, token.value, definitions);
  return value === null ? null : { type: token.type, operator: token.operator, value };
}

export function sameToken(a: FilterToken, b: FilterToken): boolean {
  return a.type === b.type && a.operator === b.operator && a.value === b.value;
}

/**
 * Keeps the valid tokens in order, without duplicates and with unique types once (the first one
 * wins); trims the search text. Types outside `allowedTypes`, when given, are dropped.
 */
export function normalizeFilterValue(
  value: FilterValue,
  allowedTypes?: readonly FilterTokenType[],
  definitions: TokenDefinitions = TOKEN_DEFINITIONS,
): FilterValue {
  const tokens: FilterToken[] = [];
  for (const candidate of value.tokens) {
    const token = normalizeToken(candidate, definitions);
    if (!token || (allowedTypes && !allowedTypes.includes(token.type))) continue;
    if (tokens.some((kept) => sameToken(kept, token))) continue;
    if (!availableOperators(token.type, tokens, definitions).includes(token.operator)) continue;
    tokens.push(token);
  }
  return { tokens, search: typeof value.search === 'string' ? value.search.trim() : '' };
}

/** Whether anything filters: a token or search text. */
export function isFiltered(value: FilterValue): boolean {
  return value.tokens.length > 0 || value.search.trim() !== '';
}
