/**
 * Everything a page of issues shows beside its own columns, as columns of a statement over the
 * issues `i` (the REST and UI entities, issue-details.ts): the labels, the users (author, closer,
 * assignees), the milestone with its group's path, the epic relation with the epic and its group,
 * the iteration with its group's path, thumbs up and down, the viewer's subscription, the time spent
 * and the user notes. Rows of other tables travel as JSON arrays of their columns and are read back
 * into the tables' row objects (db/json-rows.ts), so a page needs one statement for all of it — or none of its own: the
 * REST list reads these columns in the statement of the page itself (issues.repository.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRow, rowFromJson, rowsFromJson } from '../../db/json-rows.ts';
import type { EpicIssueRow, EpicRow, GroupRow, LabelRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import { epicIssues, epics, groups, labels, milestones, users } from '../../db/schema.ts';
import { iterationFromJson, iterationOfIssueJson } from '../iterations/iterations.repository.ts';
import type { IterationRow } from '../iterations/iterations.types.ts';
import { bigintIds, i } from './issue-filters.ts';

export type IssuePageFacts = {
  /** sorted by title */
  labels: LabelRow[];
  /** the author, the closer and the assignees (each once) */
  users: UserRow[];
  milestone: MilestoneRow | null;
  /** full path of the milestone's group (null for a project milestone) */
  milestoneGroupPath: string | null;
  relation: EpicIssueRow | null;
  /** the related epic and its group (no access decision yet) */
  epic: { epic: EpicRow; group: GroupRow } | null;
  iteration: IterationRow | null;
  /** full path of the iteration's group */
  iterationGroupPath: string | null;
  upvotes: number;
  downvotes: number;
  /** explicitly, or as the author or an assignee (GitLab's `subscribed?`); false without a viewer */
  subscribed: boolean;
  /** seconds spent (the sum of the issue's timelogs) */
  totalTimeSpent: number;
  /** user (non-system) notes: public ones, and internal ones (counted only for who may read them) */
  publicNotes: number;
  internalNotes: number;
};

type JsonRow = readonly unknown[];

const votes = (name: string) =>
  sql<number>`(SELECT count(*) FROM award_emoji ae WHERE ae.awardable_type = 'Issue'
    AND ae.awardable_id = i.id AND ae.name = ${name})::int`;
const notes = (internal: boolean) =>
  sql<number>`(SELECT count(*) FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = i.id
    AND NOT n.system AND n.internal = ${internal})::int`;

/** The facts of the issue `i` as columns (`issueFactsOf` reads a row of them), for the viewer. */
export function issueFactsColumns(viewerId: number | null) {
  return {
    factLabels: sql<JsonRow[] | null>`(SELECT json_agg(${jsonRow(labels, 'l')} ORDER BY l.title, l.id)
      FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id)`,
    // One index look-up per user (= ANY of an array), however many users the instance has.
    factUsers: sql<JsonRow[] | null>`(SELECT json_agg(${jsonRow(users, 'u')}) FROM users u
      WHERE u.id = ANY(ARRAY[i.author_id, i.closed_by_id]
        || ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id)))`,
    factMilestone: sql<
      [JsonRow, string | null] | null
    >`(SELECT json_build_array(${jsonRow(milestones, 'm')}, mg.full_path)
      FROM milestones m LEFT JOIN groups mg ON mg.id = m.group_id WHERE m.id = i.milestone_id)`,
    factEpic: sql<
      [JsonRow, JsonRow, JsonRow] | null
    >`(SELECT json_build_array(${jsonRow(epicIssues, 'ei')}, ${jsonRow(epics, 'e')}, ${jsonRow(groups, 'eg')})
      FROM epic_issues ei JOIN epics e ON e.id = ei.epic_id JOIN groups eg ON eg.id = e.group_id
      WHERE ei.issue_id = i.id)`,
    factIteration: iterationOfIssueJson(sql`i.iteration_id`),
    factUpvotes: votes('thumbsup'),
    factDownvotes: votes('thumbsdown'),
    factSubscribed:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`COALESCE(
            (SELECT s.subscribed FROM subscriptions s WHERE s.subscribable_type = 'Issue'
              AND s.subscribable_id = i.id AND s.user_id = ${viewerId}),
            i.author_id = ${viewerId}
            OR EXISTS (SELECT 1 FROM issue_assignees va WHERE va.issue_id = i.id AND va.user_id = ${viewerId}))`,
    factTimeSpent: sql<
      string | number
    >`COALESCE((SELECT sum(t.time_spent) FROM timelogs t WHERE t.issue_id = i.id), 0)`,
    factPublicNotes: notes(false),
    factInternalNotes: notes(true),
  } satisfies Record<string, SQL>;
}

type FactsRow = {
  [K in keyof ReturnType<typeof issueFactsColumns>]: ReturnType<typeof issueFactsColumns>[K]['_']['type'];
};

/** A row of `issueFactsColumns` as the facts they are. */
export function issueFactsOf(r: FactsRow): IssuePageFacts {
  const milestone = r.factMilestone;
  const epic = r.factEpic;
  const iteration = r.factIteration ? iterationFromJson(r.factIteration) : null;
  return {
    labels: rowsFromJson(labels, r.factLabels),
    users: rowsFromJson(users, r.factUsers),
    milestone: milestone ? rowFromJson(milestones, milestone[0]) : null,
    milestoneGroupPath: milestone?.[1] ?? null,
    relation: epic ? rowFromJson(epicIssues, epic[0]) : null,
    epic: epic ? { epic: rowFromJson(epics, epic[1]), group: rowFromJson(groups, epic[2]) } : null,
    iteration: iteration?.row ?? null,
    iterationGroupPath: iteration?.groupPath ?? null,
    upvotes: Number(r.factUpvotes),
    downvotes: Number(r.factDownvotes),
    subscribed: r.factSubscribed === true,
    totalTimeSpent: Number(r.factTimeSpent),
    publicNotes: Number(r.factPublicNotes),
    internalNotes: Number(r.factInternalNotes),
  };
}

export function issueDetailsRepository(db: Db) {
  return {
    /** The facts of the given issues, in one statement. */
    async pageFacts(issueIds: readonly number[], viewerId: number | null): Promise<Map<number, IssuePageFacts>> {
      if (issueIds.length === 0) return new Map();
      const rows = await db
        .select({ id: i.id, ...issueFactsColumns(viewerId) })
        .from(i)
        .where(sql`${i.id} = ANY(${bigintIds(issueIds)})`);
      return new Map(rows.map((r) => [r.id, issueFactsOf(r)]));
    },
  };
}
