/**
 * The issue list's filters and sorts as SQL conditions over `i` (issues), `p` (its project) and
 * `pg` (the project's group). Transport-agnostic: GraphQL arguments and REST params map onto
 * `IssueFilter`; this file is the only place that turns them into SQL.
 */
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { keyOrder, type SortKey } from '../../db/keyset.ts';
import { groups, issues, projects } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';
import {
  type IssueIterationFilter,
  iterationConditions,
  type NegatedIssueIterationFilter,
} from './issue-iteration-filters.ts';

/** The aliases the lists' statements give the tables the conditions name: issue `i`, project `p`, its group `pg`. */
export const i = alias(issues, 'i');
export const p = alias(projects, 'p');
export const pg = alias(groups, 'pg');

export type Wildcard = 'NONE' | 'ANY';
export const ISSUE_TYPES = ['issue', 'incident', 'task'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const HEALTH_STATUSES = ['on_track', 'needs_attention', 'at_risk'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** Negated filters (`not`): an issue matching any of them is left out. */
export type NegatedIssueFilter = {
  labelNames?: string[];
  milestoneTitle?: string[];
  authorUsername?: string[];
  assigneeUsernames?: string[];
  assigneeId?: number;
  authorId?: number;
  iids?: number[];
  types?: IssueType[];
  weight?: number;
  healthStatus?: HealthStatus[];
  epicId?: number;
  myReactionEmoji?: string;
} & NegatedIssueIterationFilter;

export type IssueFilter = IssueIterationFilter & {
  projectId?: number;
  /** issues of projects in this group (and its subgroups with `includeSubgroups`) */
  groupId?: number;
  includeSubgroups?: boolean;
  state?: 'opened' | 'closed' | 'all';
  iids?: number[];
  search?: string;
  searchIn?: ('title' | 'description')[];
  labelNames?: string[];
  labelWildcard?: Wildcard;
  orLabelNames?: string[];
  milestoneTitle?: string[];
  /** issues of this one milestone (REST's `/milestones/:milestone_id/issues`) */
  milestoneId?: number;
  milestoneWildcard?: Wildcard | 'UPCOMING' | 'STARTED';
  authorUsername?: string;
  authorId?: number;
  orAuthorUsernames?: string[];
  assigneeUsernames?: string[];
  orAssigneeUsernames?: string[];
  assigneeId?: number;
  assigneeWildcard?: Wildcard;
  confidential?: boolean;
  types?: IssueType[];
  healthStatus?: HealthStatus;
  healthStatusWildcard?: Wildcard;
  weight?: number;
  weightWildcard?: Wildcard;
  epicId?: number;
  /** CURRENT: an open epic whose start date is today or earlier and whose due date is today or later */
  epicWildcard?: Wildcard | 'CURRENT';
  /** a reaction name, or NONE / ANY; needs `reactionUserId` (ignored for signed-out visitors) */
  myReactionEmoji?: string;
  reactionUserId?: number;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  closedAfter?: string;
  closedBefore?: string;
  dueDateBefore?: string;
  dueDateAfter?: string;
  /** issues without a due date */
  dueDateNone?: boolean;
  not?: NegatedIssueFilter;
  sort?: IssueSort;
};

export const ISSUE_SORTS = [
  'CREATED_DESC',
  'CREATED_ASC',
  'UPDATED_DESC',
  'UPDATED_ASC',
  'DUE_DATE_ASC',
  'DUE_DATE_DESC',
  'TITLE_ASC',
  'TITLE_DESC',
  'WEIGHT_ASC',
  'WEIGHT_DESC',
  'RELATIVE_POSITION_ASC',
  'MILESTONE_DUE_ASC',
  'MILESTONE_DUE_DESC',
  'POPULARITY_ASC',
  'POPULARITY_DESC',
  'PRIORITY_ASC',
  'PRIORITY_DESC',
  'LABEL_PRIORITY_ASC',
  'LABEL_PRIORITY_DESC',
  'CLOSED_AT_ASC',
  'CLOSED_AT_DESC',
  'HEALTH_STATUS_ASC',
  'HEALTH_STATUS_DESC',
  'BLOCKING_ISSUES_ASC',
  'BLOCKING_ISSUES_DESC',
] as const;
export type IssueSort = (typeof ISSUE_SORTS)[number];

const names = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

const hasLabels = (titles: readonly string[]) => sql`EXISTS (SELECT 1 FROM issue_labels il
  JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.title = ANY(${names(titles)}))`;
/**
 * The issue carries every one of these labels: one grouped semi-join over issue_labels, whatever
 * the number of names, instead of one EXISTS per name.
 */
const hasAllLabels = (titles: readonly string[]) => {
  const wanted = [...new Set(titles)];
  return sql`i.id IN (SELECT il.issue_id FROM issue_labels il JOIN labels l ON l.id = il.label_id
    WHERE l.title = ANY(${names(wanted)}) GROUP BY il.issue_id HAVING count(DISTINCT l.title) = ${wanted.length})`;
};
const hasAnyLabel = sql`EXISTS (SELECT 1 FROM issue_labels il WHERE il.issue_id = i.id)`;
const userIdsOf = (usernames: readonly string[]) =>
  sql`(SELECT u.id FROM users u WHERE lower(u.username) = ANY(${names(usernames.map((u) => u.toLowerCase()))}))`;
const assignedTo = (users: SQL) =>
  sql`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id AND ia.user_id IN ${users})`;
/** Assigned to every one of these users: one grouped semi-join, as for labels. */
const assignedToAll = (usernames: readonly string[]) => {
  const wanted = [...new Set(usernames.map((u) => u.toLowerCase()))];
  return sql`i.id IN (SELECT ia.issue_id FROM issue_assignees ia JOIN users u ON u.id = ia.user_id
    WHERE lower(u.username) = ANY(${names(wanted)}) GROUP BY ia.issue_id HAVING count(DISTINCT ia.user_id) = ${wanted.length})`;
};
const hasAnyAssignee = sql`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`;
const inMilestones = (titles: readonly string[]) =>
  sql`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.title = ANY(${names(titles)}))`;
const inEpic = (epicId: number) =>
  sql`EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id AND ei.epic_id = ${epicId})`;
const inAnyEpic = sql`EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)`;
const inCurrentEpic = sql`EXISTS (SELECT 1 FROM epic_issues ei JOIN epics e ON e.id = ei.epic_id
  WHERE ei.issue_id = i.id AND e.state = 'opened' AND e.start_date <= CURRENT_DATE
  AND (e.due_date IS NULL OR e.due_date >= CURRENT_DATE))`;
const reacted = (userId: number, name?: string) => sql`EXISTS (SELECT 1 FROM award_emoji ae
  WHERE ae.awardable_type = 'Issue' AND ae.awardable_id = i.id AND ae.user_id = ${userId}
  ${name === undefined ? sql`` : sql`AND ae.name = ${name}`})`;

/** SQL conditions for a filter (to be AND-ed with the visibility condition). */
export function issueConditions(f: IssueFilter): SQL[] {
  const c: SQL[] = [];
  if (f.projectId !== undefined) c.push(sql`i.project_id = ${f.projectId}`);
  if (f.groupId !== undefined) {
    c.push(
      // The group's projects, found once per query (a hashed set), not a join per issue.
      f.includeSubgroups === false
        ? sql`i.project_id IN (SELECT f_p.id FROM projects f_p WHERE f_p.group_id = ${f.groupId})`
        : sql`i.project_id IN (SELECT f_p.id FROM projects f_p JOIN groups f_g ON f_g.id = f_p.group_id
            WHERE f_g.traversal_ids @> ARRAY[${f.groupId}]::bigint[])`,
    );
  }
  if (f.state && f.state !== 'all') c.push(sql`i.state = ${f.state}`);
  if (f.iids?.length) c.push(sql`i.iid = ANY(${sql.param(f.iids.map(String))}::int[])`);
  if (f.search) {
    const pattern = likePattern(f.search);
    const fields = f.searchIn?.length ? f.searchIn : ['title', 'description'];
    const parts = fields.map((field) => sql`${sql.raw(`i.${field}`)} ILIKE ${pattern}`);
    c.push(sql`(${sql.join(parts, sql` OR `)})`);
  }
  if (f.labelNames?.length) c.push(hasAllLabels(f.labelNames));
  if (f.labelWildcard === 'NONE') c.push(sql`NOT ${hasAnyLabel}`);
  if (f.labelWildcard === 'ANY') c.push(hasAnyLabel);
  if (f.orLabelNames?.length) c.push(hasLabels(f.orLabelNames));
  if (f.milestoneTitle?.length) c.push(inMilestones(f.milestoneTitle));
  if (f.milestoneId !== undefined) c.push(sql`i.milestone_id = ${f.milestoneId}`);
  if (f.milestoneWildcard === 'NONE') c.push(sql`i.milestone_id IS NULL`);
  if (f.milestoneWildcard === 'ANY') c.push(sql`i.milestone_id IS NOT NULL`);
  if (f.milestoneWildcard === 'UPCOMING') {
    c.push(
      sql`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.state = 'active' AND m.start_date > CURRENT_DATE)`,
    );
  }
  if (f.milestoneWildcard === 'STARTED') {
    c.push(sql`i.milestone_id IN (SELECT m.id FROM milestones m WHERE m.state = 'active'
      AND m.start_date <= CURRENT_DATE AND (m.due_date IS NULL OR m.due_date >= CURRENT_DATE))`);
  }
  if (f.authorUsername) c.push(sql`i.author_id IN ${userIdsOf([f.authorUsername])}`);
  if (f.authorId !== undefined) c.push(sql`i.author_id = ${f.authorId}`);
  if (f.orAuthorUsernames?.length) c.push(sql`i.author_id IN ${userIdsOf(f.orAuthorUsernames)}`);
  if (f.assigneeUsernames?.length) c.push(assignedToAll(f.assigneeUsernames));
  if (f.orAssigneeUsernames?.length) c.push(assignedTo(userIdsOf(f.orAssigneeUsernames)));
  if (f.assigneeId !== undefined) c.push(assignedTo(sql`(${f.assigneeId})`));
  if (f.assigneeWildcard === 'NONE') c.push(sql`NOT ${hasAnyAssignee}`);
  if (f.assigneeWildcard === 'ANY') c.push(hasAnyAssignee);
  if (f.confidential !== undefined) c.push(sql`i.confidential = ${f.confidential}`);
  if (f.types?.length) c.push(sql`i.issue_type = ANY(${names(f.types)})`);
  if (f.healthStatus) c.push(sql`i.health_status = ${f.healthStatus}`);
  if (f.healthStatusWildcard === 'NONE') c.push(sql`i.health_status IS NULL`);
  if (f.healthStatusWildcard === 'ANY') c.push(sql`i.health_status IS NOT NULL`);
  if (f.weight !== undefined) c.push(sql`i.weight = ${f.weight}`);
  if (f.weightWildcard === 'NONE') c.push(sql`i.weight IS NULL`);
  if (f.weightWildcard === 'ANY') c.push(sql`i.weight IS NOT NULL`);
  if (f.epicId !== undefined) c.push(inEpic(f.epicId));
  if (f.epicWildcard === 'NONE') c.push(sql`NOT ${inAnyEpic}`);
  if (f.epicWildcard === 'ANY') c.push(inAnyEpic);
  if (f.epicWildcard === 'CURRENT') c.push(inCurrentEpic);
  if (f.myReactionEmoji && f.reactionUserId !== undefined) {
    if (f.myReactionEmoji === 'NONE') c.push(sql`NOT ${reacted(f.reactionUserId)}`);
    else if (f.myReactionEmoji === 'ANY') c.push(reacted(f.reactionUserId));
    else c.push(reacted(f.reactionUserId, f.myReactionEmoji));
  }
  if (f.createdAfter) c.push(sql`i.created_at >= ${f.createdAfter}::timestamptz`);
  if (f.createdBefore) c.push(sql`i.created_at <= ${f.createdBefore}::timestamptz`);
  if (f.updatedAfter) c.push(sql`i.updated_at >= ${f.updatedAfter}::timestamptz`);
  if (f.updatedBefore) c.push(sql`i.updated_at <= ${f.updatedBefore}::timestamptz`);
  if (f.closedAfter) c.push(sql`i.closed_at >= ${f.closedAfter}::timestamptz`);
  if (f.closedBefore) c.push(sql`i.closed_at <= ${f.closedBefore}::timestamptz`);
  if (f.dueDateAfter) c.push(sql`i.due_date >= ${f.dueDateAfter}::date`);
  if (f.dueDateBefore) c.push(sql`i.due_date <= ${f.dueDateBefore}::date`);
  if (f.dueDateNone) c.push(sql`i.due_date IS NULL`);
  if (f.not) c.push(...negatedConditions(f.not, f.reactionUserId));
  c.push(...iterationConditions(f, f.not));
  return c;
}

function negatedConditions(n: NegatedIssueFilter, reactionUserId: number | undefined): SQL[] {
  const c: SQL[] = [];
  if (n.labelNames?.length) c.push(sql`NOT ${hasLabels(n.labelNames)}`);
  if (n.milestoneTitle?.length) c.push(sql`(i.milestone_id IS NULL OR NOT ${inMilestones(n.milestoneTitle)})`);
  if (n.authorUsername?.length) {
    c.push(sql`(i.author_id IS NULL OR i.author_id NOT IN ${userIdsOf(n.authorUsername)})`);
  }
  if (n.authorId !== undefined) c.push(sql`i.author_id IS DISTINCT FROM ${n.authorId}`);
  if (n.assigneeUsernames?.length) c.push(sql`NOT ${assignedTo(userIdsOf(n.assigneeUsernames))}`);
  if (n.assigneeId !== undefined) c.push(sql`NOT ${assignedTo(sql`(${n.assigneeId})`)}`);
  if (n.iids?.length) c.push(sql`NOT (i.iid = ANY(${sql.param(n.iids.map(String))}::int[]))`);
  if (n.types?.length) c.push(sql`NOT (i.issue_type = ANY(${names(n.types)}))`);
  if (n.weight !== undefined) c.push(sql`i.weight IS DISTINCT FROM ${n.weight}`);
  if (n.healthStatus?.length)
    c.push(sql`(i.health_status IS NULL OR NOT (i.health_status = ANY(${names(n.healthStatus)})))`);
  if (n.epicId !== undefined) c.push(sql`NOT ${inEpic(n.epicId)}`);
  if (n.myReactionEmoji && reactionUserId !== undefined) c.push(sql`NOT ${reacted(reactionUserId, n.myReactionEmoji)}`);
  return c;
}

const MILESTONE_DUE_SQL = sql`(SELECT m.due_date FROM milestones m WHERE m.id = i.milestone_id)`;
/** The highest priority (lowest number) among the issue's labels in its project's label priorities. */
const LABEL_PRIORITY_SQL = sql`(SELECT min(lp.priority) FROM issue_labels il
  JOIN label_priorities lp ON lp.label_id = il.label_id AND lp.project_id = i.project_id WHERE il.issue_id = i.id)`;

/**
 * A sort's key: its parts, compared in turn in one direction, issues without a value last in each.
 * The list's order is the key, then the id in the same direction; keyset pages compare against the
 * same tuple.
 */
export function issueSortKey(sort: IssueSort = 'CREATED_DESC'): SortKey {
  const desc = !sort.endsWith('_ASC');
  const key = (expr: SQL, nullable = false) => ({ parts: [{ expr, nullable }], desc });
  switch (sort.replace(/_(ASC|DESC)$/, '')) {
    case 'CREATED':
      return key(sql`i.created_at`);
    case 'UPDATED':
      return key(sql`i.updated_at`);
    case 'DUE_DATE':
      return key(sql`i.due_date`, true);
    case 'TITLE':
      return key(sql`lower(i.title)`);
    case 'WEIGHT':
      return key(sql`i.weight`, true);
    case 'RELATIVE_POSITION':
      return key(sql`i.relative_position`, true);
    case 'CLOSED_AT':
      return key(sql`i.closed_at`, true);
    case 'POPULARITY':
      return key(sql`(SELECT count(*) FROM award_emoji ae WHERE ae.awardable_type = 'Issue'
        AND ae.awardable_id = i.id AND ae.name = 'thumbsup')`);
    case 'HEALTH_STATUS':
      return key(
        sql`CASE i.health_status WHEN 'on_track' THEN 1 WHEN 'needs_attention' THEN 2 WHEN 'at_risk' THEN 3 END`,
        true,
      );
    case 'BLOCKING_ISSUES':
      return key(sql`(SELECT count(*) FROM issue_links bl WHERE bl.source_id = i.id AND bl.link_type = 'blocks')`);
    case 'LABEL_PRIORITY':
      // GitLab's `order_labels_priority`: the best (lowest) priority the issue's project gave one of its labels.
      return key(LABEL_PRIORITY_SQL, true);
    case 'PRIORITY':
      // GitLab's `order_due_date_and_labels_priority`: the milestone's due date, then the label priority.
      return {
        parts: [
          { expr: MILESTONE_DUE_SQL, nullable: true },
          { expr: LABEL_PRIORITY_SQL, nullable: true },
        ],
        desc,
      };
    default:
      // MILESTONE_DUE: by the milestone's due date, soonest first.
      return key(MILESTONE_DUE_SQL, true);
  }
}

/** ORDER BY for a sort, with the id as the tie-breaker so pages are stable. */
export function issueOrder(sort: IssueSort = 'CREATED_DESC'): SQL {
  return keyOrder(issueSortKey(sort), sql`i.id`);
}

export { ids as bigintIds };
