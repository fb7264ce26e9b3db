/** Issue filter tokens → the arguments of `Project.issues` / `Group.issues` (names as in schema.graphql). */
import { ISSUE_TOKEN_DEFINITIONS } from './issue-tokens.ts';
import type { IssueSearchIn } from './issues-url.ts';
import { ANY_VALUE, CURRENT_VALUE, type FilterValue, NONE_VALUE, normalizeFilterValue } from './tokens.ts';

type Wildcard = 'NONE' | 'ANY';
export type IssueTypeArg = 'ISSUE' | 'INCIDENT' | 'TASK';
export type HealthStatusArg = 'onTrack' | 'needsAttention' | 'atRisk';

/** `NegatedIssueFilterInput`. */
export type NegatedIssueFilterArgs = {
  authorUsername?: string[];
  assigneeUsernames?: string[];
  labelName?: string[];
  milestoneTitle?: string[];
  weight?: string;
  healthStatusFilter?: HealthStatusArg[];
  types?: IssueTypeArg[];
  myReactionEmoji?: string;
  iterationId?: string[];
};

/** `UnionedIssueFilterInput`. */
export type UnionedIssueFilterArgs = {
  authorUsernames?: string[];
  assigneeUsernames?: string[];
  labelNames?: string[];
};

export type IssuesFilterArgs = {
  authorUsername?: string;
  assigneeUsernames?: string[];
  assigneeWildcardId?: Wildcard;
  labelName?: string[];
  milestoneTitle?: string[];
  milestoneWildcardId?: Wildcard | 'UPCOMING' | 'STARTED';
  weight?: string;
  weightWildcardId?: Wildcard;
  epicWildcardId?: Wildcard | 'CURRENT';
  iterationId?: string[];
  iterationWildcardId?: Wildcard | 'CURRENT';
  healthStatusFilter?: HealthStatusArg | Wildcard;
  types?: IssueTypeArg[];
  confidential?: boolean;
  myReactionEmoji?: string;
  search?: string;
  in?: ('TITLE' | 'DESCRIPTION')[];
  not?: NegatedIssueFilterArgs;
  or?: UnionedIssueFilterArgs;
};

export type IssuesFilterQuery = {
  filters: IssuesFilterArgs;
  /**
   * An epic token names the epic by its iid in the list's group (as the chips show `&5`); the page
   * resolves it to `epicId` (or `not.epicId`) before asking for issues.
   */
  epicIid: string | null;
  notEpicIid: string | null;
};

const push = <T>(list: T[] | undefined, value: T): T[] => (list ? [...list, value] : [value]);
const wildcardOf = (value: string): Wildcard | null =>
  value === NONE_VALUE ? 'NONE' : value === ANY_VALUE ? 'ANY' : null;

/** Builds the issue list's arguments from a filter (invalid and duplicate tokens are dropped first). */
export function filterValueToIssuesQuery(value: FilterValue, searchIn: IssueSearchIn = null): IssuesFilterQuery {
  const { tokens, search } = normalizeFilterValue(value, undefined, ISSUE_TOKEN_DEFINITIONS);
  const filters: IssuesFilterArgs = {};
  const not: NegatedIssueFilterArgs = {};
  const or: UnionedIssueFilterArgs = {};
  let epicIid: string | null = null;
  let notEpicIid: string | null = null;

  for (const { type, operator, value: v } of tokens) {
    const star = wildcardOf(v);
    switch (type) {
      case 'author':
        if (operator === '=') filters.authorUsername = v;
        else if (operator === '!=') not.authorUsername = push(not.authorUsername, v);
        else or.authorUsernames = push(or.authorUsernames, v);
        break;
      case 'assignee':
        if (star) filters.assigneeWildcardId = star;
        else if (operator === '=') filters.assigneeUsernames = push(filters.assigneeUsernames, v);
        else if (operator === '!=') not.assigneeUsernames = push(not.assigneeUsernames, v);
        else or.assigneeUsernames = push(or.assigneeUsernames, v);
        break;
      case 'label':
        if (operator === '=') filters.labelName = push(filters.labelName, v);
        else if (operator === '!=') not.labelName = push(not.labelName, v);
        else or.labelNames = push(or.labelNames, v);
        break;
      case 'milestone':
        if (operator === '!=') not.milestoneTitle = push(not.milestoneTitle, v);
        else if (['None', 'Any', 'Upcoming', 'Started'].includes(v))
          filters.milestoneWildcardId = v.toUpperCase() as IssuesFilterArgs['milestoneWildcardId'];
        else filters.milestoneTitle = [v];
        break;
      case 'weight':
        if (operator === '!=') not.weight = v;
        else if (star) filters.weightWildcardId = star;
        else filters.weight = v;
        break;
      case 'epic':
        if (operator === '!=') notEpicIid = v;
        else if (star) filters.epicWildcardId = star;
        else if (v === CURRENT_VALUE) filters.epicWildcardId = 'CURRENT';
        else epicIid = v;
        break;
      case 'iteration': {
        const gid = `gid://gitlab/Iteration/${v}`;
        if (operator === '!=') not.iterationId = push(not.iterationId, gid);
        else if (star) filters.iterationWildcardId = star;
        else if (v === CURRENT_VALUE) filters.iterationWildcardId = 'CURRENT';
        else filters.iterationId = [gid];
        break;
      }
      case 'health':
        if (operator === '!=') not.healthStatusFilter = push(not.healthStatusFilter, v as HealthStatusArg);
        else filters.healthStatusFilter = star ?? (v as HealthStatusArg);
        break;
      case 'type':
        if (operator === '!=') not.types = push(not.types, v.toUpperCase() as IssueTypeArg);
        else filters.types = push(filters.types, v.toUpperCase() as IssueTypeArg);
        break;
      case 'confidential':
        filters.confidential = v === 'true';
        break;
      case 'my-reaction':
        if (operator === '=') filters.myReactionEmoji = star ?? v;
        else not.myReactionEmoji = v;
        break;
      default:
        break;
    }
  }

  if (search) {
    filters.search = search;
    if (searchIn) filters.in = [searchIn];
  }
  if (Object.keys(not).length > 0) filters.not = not;
  if (Object.keys(or).length > 0) filters.or = or;
  return { filters, epicIid, notEpicIid };
}
