/**
 * GitLab's REST parameters for issues (lib/api/issues.rb + EE helpers) → the service's filter and
 * input. Grape-style refusals: `{"error": "order_by does not have a valid value"}` (400).
 */
import { isIsoDate } from '@milepost/shared';
import {
  boolParam,
  intParam,
  listParam,
  listValues,
  oneOfParam,
  ParamError,
  type Params,
  stringParam,
  timeParam,
} from '../../http/grape-params.ts';
import {
  HEALTH_STATUSES,
  type HealthStatus,
  ISSUE_TYPES,
  type IssueFilter,
  type IssueSort,
  type IssueType,
  type NegatedIssueFilter,
} from './issue-filters.ts';
import type { IssueInput } from './issue-input.ts';
import { iterationFilterFromParams } from './issue-iteration-params.ts';

const ORDER_BY: Record<string, string> = {
  created_at: 'CREATED',
  updated_at: 'UPDATED',
  priority: 'PRIORITY',
  due_date: 'DUE_DATE',
  relative_position: 'RELATIVE_POSITION',
  label_priority: 'LABEL_PRIORITY',
  milestone_due: 'MILESTONE_DUE',
  popularity: 'POPULARITY',
  title: 'TITLE',
  weight: 'WEIGHT',
};

/** An integer that may also be `None` / `Any`. */
function intOrWildcard(p: Params, name: string): { id?: number; wildcard?: 'NONE' | 'ANY' } {
  const v = p[name];
  if (typeof v === 'string' && /^none$/i.test(v)) return { wildcard: 'NONE' };
  if (typeof v === 'string' && /^any$/i.test(v)) return { wildcard: 'ANY' };
  const id = intParam(p, name);
  return id === undefined ? {} : { id };
}

function dueDateFilter(
  value: string | undefined,
): Pick<IssueFilter, 'dueDateAfter' | 'dueDateBefore'> & { none?: true } {
  if (!value) return {};
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  switch (value) {
    case '0':
      return { none: true };
    case 'any':
      return { dueDateAfter: '0001-01-01' };
    case 'today':
      return { dueDateAfter: day(0), dueDateBefore: day(0) };
    case 'tomorrow':
      return { dueDateAfter: day(1), dueDateBefore: day(1) };
    case 'overdue':
      return { dueDateBefore: day(-1) };
    case 'week':
      return { dueDateAfter: day(0), dueDateBefore: day(7) };
    case 'month':
      return { dueDateAfter: day(0), dueDateBefore: day(31) };
    case 'next_month_and_previous_two_weeks':
      return { dueDateAfter: day(-14), dueDateBefore: day(31) };
    default:
      throw new ParamError('due_date does not have a valid value');
  }
}

/** The list filter of `GET /issues`, `/groups/:id/issues`, `/projects/:id/issues`. */
export function issueFilterFromParams(
  p: Params,
  defaultScope: 'all' | 'created_by_me',
): {
  filter: IssueFilter;
  scope: 'all' | 'created_by_me' | 'assigned_to_me';
  labelDetails: boolean;
} {
  const scopeRaw = stringParam(p, 'scope')?.replaceAll('-', '_') ?? defaultScope;
  if (!['all', 'created_by_me', 'assigned_to_me'].includes(scopeRaw))
    throw new ParamError('scope does not have a valid value');
  const orderBy = oneOfParam(p, 'order_by', Object.keys(ORDER_BY)) ?? 'created_at';
  const sortDir = oneOfParam(p, 'sort', ['asc', 'desc']) ?? 'desc';
  const sort = `${ORDER_BY[orderBy]}_${sortDir.toUpperCase()}` as IssueSort;
  if (p.author_id !== undefined && p.author_username !== undefined) {
    throw new ParamError('author_id, author_username are mutually exclusive');
  }
  if (p.assignee_id !== undefined && p.assignee_username !== undefined) {
    throw new ParamError('assignee_id, assignee_username are mutually exclusive');
  }
  if (p.milestone !== undefined && p.milestone_id !== undefined) {
    throw new ParamError('milestone, milestone_id are mutually exclusive');
  }
  const labels = listParam(p, 'labels');
  const labelWildcard =
    labels?.length === 1 && /^(none|any)$/i.test(labels[0] ?? '')
      ? (labels[0]?.toUpperCase() as 'NONE' | 'ANY')
      : undefined;
  const milestone = stringParam(p, 'milestone') ?? stringParam(p, 'milestone_id');
  const milestoneWildcard =
    milestone && /^(none|any|upcoming|started)$/i.test(milestone)
      ? (milestone.toUpperCase() as IssueFilter['milestoneWildcard'])
      : undefined;
  const assignee = intOrWildcard(p, 'assignee_id');
  const weight = intOrWildcard(p, 'weight');
  const epic = intOrWildcard(p, 'epic_id');
  const health = stringParam(p, 'health_status');
  if (health && !/^(none|any)$/i.test(health) && !(HEALTH_STATUSES as readonly string[]).includes(health)) {
    throw new ParamError('health_status does not have a valid value');
  }
  const inFields = listParam(p, 'in');
  if (inFields?.some((f) => f !== 'title' && f !== 'description'))
    throw new ParamError('in does not have a valid value');
  const iids =
    p.iids === undefined ? undefined : (listParam(p, 'iids') ?? []).map((v) => intParam({ iids: v }, 'iids') as number);
  const reaction = stringParam(p, 'my_reaction_emoji');
  const not = (p.not && typeof p.not === 'object' ? p.not : {}) as Params;
  const notFilter: NegatedIssueFilter = {
    labelNames: listParam(not, 'labels'),
    milestoneTitle: listParam(not, 'milestone'),
    authorUsername: listParam(not, 'author_username'),
    assigneeUsernames: listParam(not, 'assignee_username'),
    assigneeId: intParam(not, 'assignee_id'),
    iids:
      not.iids === undefined
        ? undefined
        : (listParam(not, 'iids') ?? []).map((v) => intParam({ iids: v }, 'not[iids]') as number),
    weight: intParam(not, 'weight'),
    healthStatus: listParam(not, 'health_status') as HealthStatus[] | undefined,
    epicId: intParam(not, 'epic_id'),
    myReactionEmoji: stringParam(not, 'my_reaction_emoji'),
    types: listParam(not, 'issue_type') as IssueType[] | undefined,
  };
  notFilter.authorId = intParam(not, 'author_id');
  const due = dueDateFilter(stringParam(p, 'due_date'));
  const iteration = iterationFilterFromParams(p, not);
  const filter: IssueFilter = {
    ...iteration,
    state: oneOfParam(p, 'state', ['opened', 'closed', 'all']) ?? 'all',
    iids,
    search: stringParam(p, 'search') || undefined,
    searchIn: inFields as IssueFilter['searchIn'],
    labelNames: labelWildcard ? undefined : labels,
    labelWildcard,
    milestoneTitle: milestone && !milestoneWildcard ? [milestone] : undefined,
    milestoneWildcard,
    authorId: intParam(p, 'author_id'),
    authorUsername: stringParam(p, 'author_username') || undefined,
    assigneeId: assignee.id,
    assigneeWildcard: assignee.wildcard,
    assigneeUsernames: listParam(p, 'assignee_username'),
    confidential: boolParam(p, 'confidential'),
    types: oneOfParam(p, 'issue_type', ISSUE_TYPES) ? [p.issue_type as IssueType] : undefined,
    weight: weight.id,
    weightWildcard: weight.wildcard,
    epicId: epic.id,
    epicWildcard: epic.wildcard,
    healthStatus: health && !/^(none|any)$/i.test(health) ? (health as HealthStatus) : undefined,
    healthStatusWildcard: health && /^(none|any)$/i.test(health) ? (health.toUpperCase() as 'NONE' | 'ANY') : undefined,
    myReactionEmoji: reaction && /^(none|any)$/i.test(reaction) ? reaction.toUpperCase() : reaction || undefined,
    createdAfter: timeParam(p, 'created_after'),
    createdBefore: timeParam(p, 'created_before'),
    updatedAfter: timeParam(p, 'updated_after'),
    updatedBefore: timeParam(p, 'updated_before'),
    dueDateAfter: due.dueDateAfter,
    dueDateBefore: due.dueDateBefore,
    dueDateNone: due.none,
    not: { ...notFilter, ...iteration.not },
    sort,
  };
  return {
    filter,
    scope: scopeRaw as 'all' | 'created_by_me' | 'assigned_to_me',
    labelDetails: boolParam(p, 'with_labels_details') ?? false,
  };
}

function dateParam(p: Params, name: string): string | null | undefined {
  const v = p[name];
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (!isIsoDate(v)) throw new ParamError(`${name} is invalid`);
  return v;
}

function intOrNull(p: Params, name: string): number | null | undefined {
  const v = p[name];
  if (v === null || v === '' || v === 0 || (typeof v === 'string' && /^(0|none)$/i.test(v))) return null;
  return intParam(p, name);
}

/** `assignee_ids`: present but empty (`[]`, `''`) or `0` unassigns everyone, as GitLab. */
function assigneeIdsParam(p: Params): number[] | undefined {
  if (p.assignee_ids === undefined) return undefined;
  return (listValues(p, 'assignee_ids') ?? [])
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => v !== '' && v !== 0 && v !== '0')
    .map((v) => intParam({ assignee_ids: v }, 'assignee_ids') as number);
}

/** The attributes of `POST /projects/:id/issues` and `PUT …/:issue_iid`. */
export function issueInputFromParams(p: Params): IssueInput & { epicIid?: number } {
  const assigneeIds = assigneeIdsParam(p);
  const assigneeId = p.assignee_id !== undefined ? intOrNull(p, 'assignee_id') : undefined;
  const stateEvent = oneOfParam(p, 'state_event', ['close', 'reopen']);
  const healthStatus = p.health_status;
  if (
    healthStatus !== undefined &&
    healthStatus !== null &&
    healthStatus !== '' &&
    !(HEALTH_STATUSES as readonly unknown[]).includes(healthStatus)
  ) {
    throw new ParamError('health_status does not have a valid value');
  }
  const weight =
    p.weight === undefined ? undefined : p.weight === null || p.weight === '' ? null : intParam(p, 'weight');
  const issueType = oneOfParam(p, 'issue_type', ISSUE_TYPES);
  const labels = p.labels === undefined ? undefined : (listParam(p, 'labels') ?? []);
  return {
    title: p.title,
    description: p.description,
    confidential: boolParam(p, 'confidential'),
    discussionLocked: boolParam(p, 'discussion_locked'),
    issueType,
    assigneeIds: assigneeIds ?? (assigneeId === undefined ? undefined : assigneeId === null ? [] : [assigneeId]),
    labelTitles: labels,
    addLabelTitles: listParam(p, 'add_labels'),
    removeLabelTitles: listParam(p, 'remove_labels'),
    milestoneId: p.milestone_id === undefined ? undefined : intOrNull(p, 'milestone_id'),
    weight,
    dueDate: dateParam(p, 'due_date'),
    healthStatus: healthStatus === '' ? null : healthStatus,
    stateEvent,
    epicId: p.epic_id === undefined ? undefined : intOrNull(p, 'epic_id'),
    epicIid: intParam(p, 'epic_iid'),
    lockVersion: intParam(p, 'lock_version'),
  };
}

/** Grape's `at_least_one_of` for `PUT /projects/:id/issues/:issue_iid`. */
export const UPDATE_ATTRIBUTES = [
  'assignee_id',
  'assignee_ids',
  'confidential',
  'created_at',
  'description',
  'discussion_locked',
  'due_date',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'state_event',
  'title',
  'issue_type',
  'weight',
  'epic_id',
  'epic_iid',
  'health_status',
] as const;
