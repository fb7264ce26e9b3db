import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issueLinks } from '../../db/schema.ts';
import { bigintIds } from './issue-filters.ts';

export type IssueLinkRow = typeof issueLinks.$inferSelect;

/** A link seen from one of its issues: the other issue and the type from this side. */
export type LinkFromIssue = {
  link: IssueLinkRow;
  otherIssueId: number;
  linkType: 'relates_to' | 'blocks' | 'is_blocked_by';
};

export function fromSide(link: IssueLinkRow, issueId: number): LinkFromIssue {
  const outgoing = link.sourceId === issueId;
  return {
    link,
    otherIssueId: outgoing ? link.targetId : link.sourceId,
    linkType: link.linkType === 'relates_to' ? 'relates_to' : outgoing ? 'blocks' : 'is_blocked_by',
  };
}

/** SQL of issue links (`issue_links`; `is_blocked_by` is stored as the reverse `blocks`). */
export function issueLinksRepository(db: Db) {
  return {
    async findById(id: number): Promise<IssueLinkRow | undefined> {
      return (await db.select().from(issueLinks).where(eq(issueLinks.id, id)).limit(1))[0];
    },

    /** A link between the two issues in either direction. */
    async findBetween(a: number, b: number): Promise<IssueLinkRow | undefined> {
      return (
        await db
          .select()
          .from(issueLinks)
          .where(
            sql`(${issueLinks.sourceId} = ${a} AND ${issueLinks.targetId} = ${b})
              OR (${issueLinks.sourceId} = ${b} AND ${issueLinks.targetId} = ${a})`,
          )
          .limit(1)
      )[0];
    },

    /**
     * Locks the issues (their rows, in id order) whose links a transaction is about to change, so
     * two requests linking or unlinking the same issues take turns (a pair linked both ways at once
     * would otherwise pass both existence checks).
     */
    async lockIssues(issueIds: readonly number[]): Promise<void> {
      const unique = [...new Set(issueIds)].sort((a, b) => a - b);
      if (unique.length === 0) return;
      await db.execute(sql`SELECT id FROM issues WHERE id = ANY(${bigintIds(unique)}) ORDER BY id FOR UPDATE`);
    },

    async listForIssue(issueId: number): Promise<IssueLinkRow[]> {
      return await db
        .select()
        .from(issueLinks)
        .where(or(eq(issueLinks.sourceId, issueId), eq(issueLinks.targetId, issueId)))
        .orderBy(issueLinks.id);
    },

    async insert(sourceId: number, targetId: number, linkType: 'relates_to' | 'blocks'): Promise<IssueLinkRow> {
      const [row] = await db.insert(issueLinks).values({ sourceId, targetId, linkType }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(issueLinks).where(eq(issueLinks.id, id));
    },

    /**
     * For each given issue, the open issues that block it and are `visible` (a condition over i, p,
     * pg naming the blocking issue): the rows behind blocked / blockedByCount / blockedByIssues.
     */
    async openBlockers(issueIds: readonly number[], visible: SQL): Promise<{ blockedId: number; blockerId: number }[]> {
      if (issueIds.length === 0) return [];
      const result = await db.execute<{ blocked_id: number; blocker_id: number }>(sql`
        SELECT l.target_id AS blocked_id, i.id AS blocker_id
        FROM issue_links l
        JOIN issues i ON i.id = l.source_id
        JOIN projects p ON p.id = i.project_id
        JOIN groups pg ON pg.id = p.group_id
        WHERE l.link_type = 'blocks' AND l.target_id = ANY(${bigintIds(issueIds)})
          AND i.state = 'opened' AND ${visible}
        ORDER BY l.id`);
      return result.rows.map((r) => ({ blockedId: Number(r.blocked_id), blockerId: Number(r.blocker_id) }));
    },

    /** For each given issue, how many visible issues it blocks. */
    async blockingCounts(issueIds: readonly number[], visible: SQL): Promise<Map<number, number>> {
      if (issueIds.length === 0) return new Map();
      const result = await db.execute<{ id: number; n: number }>(sql`
        SELECT l.source_id AS id, count(*)::int AS n
        FROM issue_links l
        JOIN issues i ON i.id = l.target_id
        JOIN projects p ON p.id = i.project_id
        JOIN groups pg ON pg.id = p.group_id
        WHERE l.link_type = 'blocks' AND l.source_id = ANY(${bigintIds(issueIds)}) AND ${visible}
        GROUP BY l.source_id`);
      return new Map(result.rows.map((r) => [Number(r.id), Number(r.n)]));
    },
  };
}
