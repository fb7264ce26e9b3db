/**
 * What a page of issues shows beside its own columns and that is one row per issue: the epic
 * relation, thumbs up and down, the viewer's subscription, the time spent, the iteration and the
 * user notes — read for the whole page in one statement (the REST and UI entities, issue-details.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type EpicIssueRow, epicIssues, issues } from '../../db/schema.ts';
import { bigintIds } from './issue-filters.ts';

export type IssuePageFacts = {
  relation: EpicIssueRow | null;
  upvotes: number;
  downvotes: number;
  /** explicitly, or as the author or an assignee (GitLab's `subscribed?`); false without a viewer */
  subscribed: boolean;
  /** seconds spent (the sum of the issue's timelogs) */
  totalTimeSpent: number;
  iterationId: number | null;
  /** user (non-system) notes: public ones, and internal ones (counted only for who may read them) */
  publicNotes: number;
  internalNotes: number;
};

export function issueDetailsRepository(db: Db) {
  return {
    async pageFacts(issueIds: readonly number[], viewerId: number | null): Promise<Map<number, IssuePageFacts>> {
      if (issueIds.length === 0) return new Map();
      const votes = (name: string) =>
        sql<number>`(SELECT count(*) FROM award_emoji ae WHERE ae.awardable_type = 'Issue'
          AND ae.awardable_id = ${issues.id} AND ae.name = ${name})::int`;
      const notes = (internal: boolean) =>
        sql<number>`(SELECT count(*) FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = ${issues.id}
          AND NOT n.system AND n.internal = ${internal})::int`;
      const rows = await db
        .select({
          id: issues.id,
          relation: epicIssues,
          upvotes: votes('thumbsup'),
          downvotes: votes('thumbsdown'),
          subscribed:
            viewerId === null
              ? sql<boolean>`false`
              : sql<boolean>`COALESCE(
                  (SELECT s.subscribed FROM subscriptions s WHERE s.subscribable_type = 'Issue'
                    AND s.subscribable_id = ${issues.id} AND s.user_id = ${viewerId}),
                  ${issues.authorId} = ${viewerId}
                  OR EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = ${issues.id} AND a.user_id = ${viewerId}))`,
          totalTimeSpent: sql<string>`COALESCE((SELECT sum(t.time_spent) FROM timelogs t WHERE t.issue_id = ${issues.id}), 0)`,
          iterationId: sql<string | null>`issues.iteration_id`,
          publicNotes: notes(false),
          internalNotes: notes(true),
        })
        .from(issues)
        .leftJoin(epicIssues, eq(epicIssues.issueId, issues.id))
        .where(sql`${issues.id} = ANY(${bigintIds(issueIds)})`);
      return new Map(
        rows.map((r) => [
          r.id,
          {
            relation: r.relation,
            upvotes: Number(r.upvotes),
            downvotes: Number(r.downvotes),
            subscribed: r.subscribed === true,
            totalTimeSpent: Number(r.totalTimeSpent),
            iterationId: r.iterationId === null ? null : Number(r.iterationId),
            publicNotes: Number(r.publicNotes),
            internalNotes: Number(r.internalNotes),
          },
        ]),
      );
    },
  };
}
