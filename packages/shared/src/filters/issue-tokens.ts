/**
 * The issue lists' tokens (GitLab's issues list): which operators `Project.issues` / `Group.issues`
 * can apply to each type (`NegatedIssueFilterInput` for '!=', `UnionedIssueFilterInput` for '||')
 * and which wildcards each offers. Release is left out (Milepost has no releases, decision 0024).
 */
import {
  ANY_VALUE,
  CURRENT_VALUE,
  type FilterTokenType,
  NONE_VALUE,
  STARTED_VALUE,
  TOKEN_DEFINITIONS,
  type TokenDefinitions,
  UPCOMING_VALUE,
} from './tokens.ts';

export const ISSUE_TOKEN_DEFINITIONS: TokenDefinitions = {
  ...TOKEN_DEFINITIONS,
  author: { ...TOKEN_DEFINITIONS.author, operators: ['=', '!=', '||'] },
  assignee: { ...TOKEN_DEFINITIONS.assignee, operators: ['=', '!=', '||'], noneAny: true },
  label: { ...TOKEN_DEFINITIONS.label, operators: ['=', '!=', '||'], noneAny: true },
  milestone: {
    ...TOKEN_DEFINITIONS.milestone,
    operators: ['=', '!='],
    noneAny: true,
    wildcards: [NONE_VALUE, ANY_VALUE, UPCOMING_VALUE, STARTED_VALUE],
  },
  epic: {
    ...TOKEN_DEFINITIONS.epic,
    operators: ['=', '!='],
    noneAny: true,
    wildcards: [NONE_VALUE, ANY_VALUE, CURRENT_VALUE],
  },
  weight: { ...TOKEN_DEFINITIONS.weight, operators: ['=', '!='], noneAny: true },
  health: { ...TOKEN_DEFINITIONS.health, operators: ['=', '!='], noneAny: true },
  type: { ...TOKEN_DEFINITIONS.type, operators: ['=', '!='], noneAny: false },
  iteration: {
    ...TOKEN_DEFINITIONS.iteration,
    operators: ['=', '!='],
    noneAny: true,
    wildcards: [NONE_VALUE, ANY_VALUE, CURRENT_VALUE],
  },
  confidential: { ...TOKEN_DEFINITIONS.confidential, operators: ['='] },
  'my-reaction': { ...TOKEN_DEFINITIONS['my-reaction'], operators: ['=', '!='], noneAny: true },
};

/** The issue lists' token types, in the order the token list offers them (GitLab's order). */
export const ISSUE_FILTER_TOKEN_TYPES: readonly FilterTokenType[] = [
  'assignee',
  'author',
  'confidential',
  'epic',
  'health',
  'iteration',
  'label',
  'milestone',
  'my-reaction',
  'type',
  'weight',
];

/** The weights offered as suggestions (GitLab's 0–20); any other whole number can be typed. */
export const WEIGHT_SUGGESTIONS: readonly string[] = Array.from({ length: 21 }, (_, weight) => String(weight));
