/**
 * The issue lists' filters: GitLab's `NegatedIssueFilterInput` and `UnionedIssueFilterInput`, the
 * filter arguments of `Project.issues` / `Group.issues` / `issueStatusCounts`, declared once and also
 * offered as one input object, `IssueFilterInput` (decision 0029), and their mapping onto `IssueFilter`.
 */
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';
import { type FieldBuilder, mergeFilters } from '../../graphql/filter-input.ts';
import {
  AssigneeWildcardIdEnum,
  EpicWildcardIdEnum,
  HealthStatusEnum,
  HealthStatusFilterEnum,
  IssuableSearchableFieldEnum,
  IssueTypeEnum,
  MilestoneWildcardIdEnum,
  WeightWildcardIdEnum,
} from './issue-enums.schema.ts';
import type { HealthStatus, IssueFilter, IssueSort, IssueType, NegatedIssueFilter } from './issue-filters.ts';
import {
  iterationFilterFromArgs,
  iterationIssueFields,
  negatedIterationFields,
} from './issue-iteration-args.schema.ts';

/** `""` and `[]` mean "no filter" (GitLab's front end sends empty-string defaults). */
const str = (v: string | null | undefined) => (v === null || v === undefined || v.trim() === '' ? undefined : v);
const list = <T>(v: readonly (T | null | undefined)[] | null | undefined) => {
  const items = (v ?? []).filter((x): x is T => x !== null && x !== undefined && x !== '');
  return items.length ? items : undefined;
};

function intArg(name: string, v: string | null | undefined): number | undefined {
  const s = str(v);
  if (s === undefined) return undefined;
  const m = /^(?:gid:\/\/gitlab\/[A-Za-z]+\/)?(\d{1,15})$/.exec(s);
  if (!m) throw new GraphQLError(`Invalid \`${name}\` value: ${JSON.stringify(v)}`);
  return Number(m[1]);
}

/** An id argument that also accepts GitLab's `None` / `Any` wildcards. */
function idOrWildcard(name: string, v: string | null | undefined): { id?: number; wildcard?: 'NONE' | 'ANY' } {
  const s = str(v);
  if (s === undefined) return {};
  if (/^none$/i.test(s)) return { wildcard: 'NONE' };
  if (/^any$/i.test(s)) return { wildcard: 'ANY' };
  return { id: intArg(name, s) };
}

export const NegatedIssueFilterInput = builder.inputType('NegatedIssueFilterInput', {
  description: 'Negated arguments: issues matching any of them are left out.',
  fields: (t) => ({
    iids: t.stringList({ required: false, description: 'List of IIDs of issues to exclude. For example, `[1, 2]`.' }),
    labelName: t.stringList({
      required: { list: false, items: false },
      description: 'Labels not applied to the issue.',
    }),
    milestoneTitle: t.stringList({
      required: { list: false, items: false },
      description: 'Milestone not applied to the issue.',
    }),
    authorUsername: t.stringList({ required: false, description: "Username of a user who didn't author the issue." }),
    assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users not assigned to the issue.' }),
    assigneeId: t.string({ required: false, description: 'ID of a user not assigned to the issues.' }),
    types: t.field({
      type: [IssueTypeEnum],
      required: false,
      description: 'Filters out issues by the given issue types.',
    }),
    weight: t.string({ required: false, description: 'Weight not applied to the issue.' }),
    healthStatusFilter: t.field({
      type: [HealthStatusEnum],
      required: false,
      description: 'Health status not applied to the issue.',
    }),
    epicId: t.string({ required: false, description: 'ID of an epic not associated with the issues.' }),
    myReactionEmoji: t.string({
      required: false,
      description: 'Filter by reaction emoji applied by the current user.',
    }),
    ...negatedIterationFields(t),
  }),
});

export const UnionedIssueFilterInput = builder.inputType('UnionedIssueFilterInput', {
  description: 'Arguments any of which may match (OR).',
  fields: (t) => ({
    assigneeUsernames: t.stringList({
      required: false,
      description: 'Filters issues that are assigned to at least one of the given users.',
    }),
    authorUsernames: t.stringList({
      required: false,
      description: 'Filters issues that are authored by one of the given users.',
    }),
    labelNames: t.stringList({
      required: { list: false, items: false },
      description: 'Filters issues that have at least one of the given labels.',
    }),
  }),
});

function weightArg(v: string | null | undefined): { weight?: number; weightWildcard?: 'NONE' | 'ANY' } {
  const w = idOrWildcard('weight', v);
  return w.wildcard ? { weightWildcard: w.wildcard } : w.id !== undefined ? { weight: w.id } : {};
}

/**
 * The filters of Project.issues / Group.issues and their counts, as GitLab names them: declared once,
 * as the fields' arguments and as `IssueFilterInput`.
 */
export function issueFilterFields(t: FieldBuilder) {
  return {
    iids: t.stringList({ required: false, description: 'List of IIDs of issues. For example, `["1", "2"]`.' }),
    labelName: t.stringList({
      required: { list: false, items: false },
      description: 'Labels applied to the issue (all of them).',
    }),
    milestoneTitle: t.stringList({
      required: { list: false, items: false },
      description: 'Milestone applied to the issue.',
    }),
    milestoneWildcardId: t.field({
      type: MilestoneWildcardIdEnum,
      required: false,
      description: 'Filter issues by milestone ID wildcard.',
    }),
    authorUsername: t.string({ required: false, description: 'Username of the author of the issue.' }),
    assigneeUsernames: t.stringList({ required: false, description: 'Usernames of users assigned to the issue.' }),
    assigneeId: t.string({
      required: false,
      description: 'ID of a user assigned to the issues. Wildcard values "NONE" and "ANY" are supported.',
    }),
    assigneeWildcardId: t.field({
      type: AssigneeWildcardIdEnum,
      required: false,
      description: 'Filter by assignee wildcard.',
    }),
    search: t.string({ required: false, description: 'Search query for title or description.' }),
    in: t.field({
      type: [IssuableSearchableFieldEnum],
      required: false,
      description: 'Specify the fields to perform the search in. Defaults to `[TITLE, DESCRIPTION]`.',
    }),
    confidential: t.boolean({ required: false, description: 'Filter for confidential issues.' }),
    types: t.field({ type: [IssueTypeEnum], required: false, description: 'Filter issues by the given issue types.' }),
    healthStatusFilter: t.field({
      type: HealthStatusFilterEnum,
      required: false,
      description: 'Health status of the issue.',
    }),
    weight: t.string({
      required: false,
      description: 'Weight applied to the issue, "none" and "any" values are supported.',
    }),
    weightWildcardId: t.field({
      type: WeightWildcardIdEnum,
      required: false,
      description: 'Filter by weight ID wildcard.',
    }),
    epicId: t.string({
      required: false,
      description: 'ID of an epic associated with the issues, "none" and "any" values are supported.',
    }),
    epicWildcardId: t.field({ type: EpicWildcardIdEnum, required: false, description: 'Filter by epic ID wildcard.' }),
    myReactionEmoji: t.string({
      required: false,
      description:
        'Filter by reaction emoji applied by the current user. Wildcard values "NONE" and "ANY" are supported.',
    }),
    createdAfter: t.field({ type: 'Time', required: false, description: 'Issues created after the date.' }),
    createdBefore: t.field({ type: 'Time', required: false, description: 'Issues created before the date.' }),
    updatedAfter: t.field({ type: 'Time', required: false, description: 'Issues updated after the date.' }),
    updatedBefore: t.field({ type: 'Time', required: false, description: 'Issues updated before the date.' }),
    closedAfter: t.field({ type: 'Time', required: false, description: 'Issues closed after the date.' }),
    closedBefore: t.field({ type: 'Time', required: false, description: 'Issues closed before the date.' }),
    dueAfter: t.field({ type: 'Time', required: false, description: 'Issues due on or after the given time.' }),
    dueBefore: t.field({ type: 'Time', required: false, description: 'Issues due on or before the given time.' }),
    ...iterationIssueFields(t),
    not: t.field({ type: NegatedIssueFilterInput, required: false, description: 'Negated arguments.' }),
    or: t.field({
      type: UnionedIssueFilterInput,
      required: false,
      description: 'List of arguments with inclusive OR.',
    }),
  };
}

export const IssueFilterInput = builder.inputType('IssueFilterInput', {
  description:
    "The issue lists' filters in one object (Milepost; GitLab takes them only as separate arguments). " +
    'A filter given here and as an argument is refused.',
  fields: (t) => issueFilterFields(t),
});

export type IssueArgs = {
  iid?: string | null;
  iids?: string[] | null;
  state?: string | null;
  labelName?: string[] | null;
  milestoneTitle?: string[] | null;
  milestoneWildcardId?: string | null;
  authorUsername?: string | null;
  assigneeUsername?: string | null;
  assigneeUsernames?: string[] | null;
  assigneeId?: string | null;
  assigneeWildcardId?: string | null;
  search?: string | null;
  in?: string[] | null;
  confidential?: boolean | null;
  types?: string[] | null;
  healthStatusFilter?: string | null;
  weight?: string | null;
  weightWildcardId?: string | null;
  epicId?: string | null;
  epicWildcardId?: string | null;
  myReactionEmoji?: string | null;
  createdAfter?: string | null;
  createdBefore?: string | null;
  updatedAfter?: string | null;
  updatedBefore?: string | null;
  closedAfter?: string | null;
  closedBefore?: string | null;
  dueAfter?: string | null;
  dueBefore?: string | null;
  sort?: string | null;
  iterationId?: (string | null)[] | null;
  iterationTitle?: string | null;
  iterationWildcardId?: string | null;
  iterationCadenceId?: string[] | null;
  not?: Record<string, unknown> | null;
  or?: { assigneeUsernames?: string[] | null; authorUsernames?: string[] | null; labelNames?: string[] | null } | null;
  filters?: Record<string, unknown> | null;
};

/** GraphQL arguments (with their `filters` merged in) → the service's filter. */
export function issueFilterFromArgs(args: IssueArgs): IssueFilter {
  const a = mergeFilters(args);
  const iids = [...(list(a.iids) ?? []), ...(str(a.iid) ? [a.iid as string] : [])].map(
    (v) => intArg('iids', v) as number,
  );
  const assignee = idOrWildcard('assigneeId', a.assigneeId);
  const epic = idOrWildcard('epicId', a.epicId);
  const health = a.healthStatusFilter ?? undefined;
  const n = (a.not ?? {}) as {
    iids?: string[] | null;
    labelName?: string[] | null;
    milestoneTitle?: string[] | null;
    authorUsername?: string[] | null;
    assigneeUsernames?: string[] | null;
    assigneeId?: string | null;
    types?: string[] | null;
    weight?: string | null;
    healthStatusFilter?: string[] | null;
    epicId?: string | null;
    myReactionEmoji?: string | null;
  };
  const not: NegatedIssueFilter = {
    iids: list(n.iids)?.map((v) => intArg('not.iids', v) as number),
    labelNames: list(n.labelName),
    milestoneTitle: list(n.milestoneTitle),
    authorUsername: list(n.authorUsername),
    assigneeUsernames: list(n.assigneeUsernames),
    assigneeId: intArg('not.assigneeId', n.assigneeId),
    types: list(n.types) as IssueType[] | undefined,
    weight: intArg('not.weight', n.weight),
    healthStatus: list(n.healthStatusFilter) as HealthStatus[] | undefined,
    epicId: intArg('not.epicId', n.epicId),
    myReactionEmoji: str(n.myReactionEmoji),
  };
  const react = str(a.myReactionEmoji);
  const iteration = iterationFilterFromArgs(a, a.not);
  const labels = list(a.labelName);
  return {
    ...iteration,
    state: (a.state as IssueFilter['state']) ?? undefined,
    iids: iids.length ? iids : undefined,
    search: str(a.search),
    searchIn: list(a.in) as IssueFilter['searchIn'],
    // GitLab's special label filter: `labelName: ["None"]` (no labels) or `["Any"]` (some label).
    ...(labels?.length === 1 && /^(none|any)$/i.test(labels[0] ?? '')
      ? { labelWildcard: (labels[0] as string).toUpperCase() as 'NONE' | 'ANY' }
      : { labelNames: labels }),
    orLabelNames: list(a.or?.labelNames),
    milestoneTitle: list(a.milestoneTitle),
    milestoneWildcard: (a.milestoneWildcardId as IssueFilter['milestoneWildcard']) ?? undefined,
    authorUsername: str(a.authorUsername),
    orAuthorUsernames: list(a.or?.authorUsernames),
    assigneeUsernames: list([...(a.assigneeUsernames ?? []), ...(str(a.assigneeUsername) ? [a.assigneeUsername] : [])]),
    orAssigneeUsernames: list(a.or?.assigneeUsernames),
    assigneeId: assignee.id,
    assigneeWildcard: assignee.wildcard ?? ((a.assigneeWildcardId as 'NONE' | 'ANY' | null) || undefined),
    confidential: a.confidential ?? undefined,
    types: list(a.types) as IssueType[] | undefined,
    healthStatus: health === 'NONE' || health === 'ANY' || !health ? undefined : (health as HealthStatus),
    healthStatusWildcard: health === 'NONE' || health === 'ANY' ? health : undefined,
    ...weightArg(a.weight),
    ...(a.weightWildcardId ? { weightWildcard: a.weightWildcardId as 'NONE' | 'ANY' } : {}),
    epicId: epic.id,
    epicWildcard: epic.wildcard ?? ((a.epicWildcardId as 'NONE' | 'ANY' | 'CURRENT' | null) || undefined),
    myReactionEmoji: react && /^(none|any)$/i.test(react) ? react.toUpperCase() : react,
    createdAfter: str(a.createdAfter),
    createdBefore: str(a.createdBefore),
    updatedAfter: str(a.updatedAfter),
    updatedBefore: str(a.updatedBefore),
    closedAfter: str(a.closedAfter),
    closedBefore: str(a.closedBefore),
    dueDateAfter: str(a.dueAfter)?.slice(0, 10),
    dueDateBefore: str(a.dueBefore)?.slice(0, 10),
    not: { ...not, ...iteration.not },
    sort: (a.sort as IssueSort | null) ?? undefined,
  };
}
