/** Filter tokens → the arguments of `Group.epics` (names exactly as in schema.graphql). */
import { type FilterValue, normalizeFilterValue } from './tokens.ts';

/** `NegatedEpicFilterInput`. */
export type NegatedEpicFilterArgs = { labelName?: string[]; authorUsername?: string; myReactionEmoji?: string };

/** `UnionedEpicFilterInput` (the current names, not the deprecated `labelName` / `authorUsername`). */
export type UnionedEpicFilterArgs = { labelNames?: string[]; authorUsernames?: string[] };

/** The filter arguments of `Group.epics`; empty strings and lists are left out. */
export type EpicsFilterArgs = {
  labelName?: string[];
  authorUsername?: string;
  milestoneTitle?: string;
  myReactionEmoji?: string;
  confidential?: boolean;
  search?: string;
  not?: NegatedEpicFilterArgs;
  or?: UnionedEpicFilterArgs;
};

export type EpicsFilterQuery = {
  /** Set by a group token: query that group instead of the page's group. */
  fullPath?: string;
  /** False when a group token is set (only that group's own epics), else true. */
  includeDescendantGroups: boolean;
  /** Set by an epic token: the page shows that epic's children. */
  epicIid: string | null;
  filters: EpicsFilterArgs;
};

function push(list: string[] | undefined, value: string): string[] {
  return list ? [...list, value] : [value];
}

/** Builds the epics query arguments from a filter (invalid and duplicate tokens are dropped first). */
export function filterValueToEpicsQuery(value: FilterValue): EpicsFilterQuery {
  const { tokens, search } = normalizeFilterValue(value);
  const filters: EpicsFilterArgs = {};
  const not: NegatedEpicFilterArgs = {};
  const or: UnionedEpicFilterArgs = {};
  let fullPath: string | undefined;
  let epicIid: string | null = null;

  for (const { type, operator, value: v } of tokens) {
    switch (type) {
      case 'author':
        if (operator === '=') filters.authorUsername = v;
        else if (operator === '!=') not.authorUsername = v;
        else or.authorUsernames = push(or.authorUsernames, v);
        break;
      case 'label':
        if (operator === '=') filters.labelName = push(filters.labelName, v);
        else if (operator === '!=') not.labelName = push(not.labelName, v);
        else or.labelNames = push(or.labelNames, v);
        break;
      case 'milestone':
        filters.milestoneTitle = v;
        break;
      case 'confidential':
        filters.confidential = v === 'true';
        break;
      case 'my-reaction':
        if (operator === '=') filters.myReactionEmoji = v;
        else not.myReactionEmoji = v;
        break;
      case 'group':
        fullPath = v;
        break;
      case 'epic':
        epicIid = v;
        break;
    }
  }

  if (search) filters.search = search;
  if (Object.keys(not).length > 0) filters.not = not;
  if (Object.keys(or).length > 0) filters.or = or;
  const query: EpicsFilterQuery = { includeDescendantGroups: fullPath === undefined, epicIid, filters };
  if (fullPath !== undefined) query.fullPath = fullPath;
  return query;
}
