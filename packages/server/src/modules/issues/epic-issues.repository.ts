import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  type EpicIssueRow,
  type EpicRow,
  epicIssues,
  epics,
  type GroupRow,
  groups,
  type IssueRow,
  issues,
  projects,
} from '../../db/schema.ts';
import { bigintIds } from './issue-filters.ts';

const i = alias(issues, 'i');
const p = alias(projects, 'p');
const pg = alias(groups, 'pg');

/** Gap between neighbours when positions are rewritten. */
export const POSITION_GAP = 1024;

/** SQL of the epic ↔ issue relation (`epic_issues`), plus the few epic reads this module needs. */
export function epicIssuesRepository(db: Db) {
  return {
    async findById(id: number): Promise<EpicIssueRow | undefined> {
      return (await db.select().from(epicIssues).where(eq(epicIssues.id, id)).limit(1))[0];
    },
    async findByIssueId(issueId: number): Promise<EpicIssueRow | undefined> {
      return (await db.select().from(epicIssues).where(eq(epicIssues.issueId, issueId)).limit(1))[0];
    },
    async findByIssueIds(issueIds: readonly number[]): Promise<EpicIssueRow[]> {
      if (issueIds.length === 0) return [];
      return await db
        .select()
        .from(epicIssues)
        .where(sql`${epicIssues.issueId} = ANY(${bigintIds(issueIds)})`);
    },

    /** The epic's issues that are `visible` (a condition over i, p, pg), by position. */
    async listForEpic(
      epicId: number,
      visible: SQL,
      page: { limit: number; offset: number },
    ): Promise<{ rows: { epicIssue: EpicIssueRow; issue: IssueRow }[]; total: number }> {
      const where = and(eq(epicIssues.epicId, epicId), visible);
      const count = async () => {
        const totals = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(epicIssues)
          .innerJoin(i, eq(i.id, epicIssues.issueId))
          .innerJoin(p, eq(p.id, i.projectId))
          .innerJoin(pg, eq(pg.id, p.groupId))
          .where(where);
        return totals[0]?.n ?? 0;
      };
      if (page.limit === 0) return { rows: [], total: await count() };
      // The page and the total in one statement (the total over every visible row, before the limit).
      const found = await db
        .select({ epicIssue: epicIssues, issue: i, total: sql<number>`(count(*) OVER ())::int` })
        .from(epicIssues)
        .innerJoin(i, eq(i.id, epicIssues.issueId))
        .innerJoin(p, eq(p.id, i.projectId))
        .innerJoin(pg, eq(pg.id, p.groupId))
        .where(where)
        .orderBy(sql`${epicIssues.relativePosition} ASC NULLS LAST`, asc(epicIssues.id))
        .limit(page.limit)
        .offset(page.offset);
      const rows = found.map(({ epicIssue, issue }) => ({ epicIssue, issue }));
      // Past the last row the window counts nothing: count on its own.
      return { rows, total: found[0]?.total ?? (page.offset > 0 ? await count() : 0) };
    },

    /** Every relation of the epic (visible or not) in position order: what reordering works on. */
    async orderedIds(epicId: number): Promise<number[]> {
      const rows = await db
        .select({ id: epicIssues.id })
        .from(epicIssues)
        .where(eq(epicIssues.epicId, epicId))
        .orderBy(sql`${epicIssues.relativePosition} ASC NULLS LAST`, asc(epicIssues.id));
      return rows.map((r) => r.id);
    },

    /** Puts the relations in this order, `POSITION_GAP` apart (one statement). */
    async writeOrder(orderedIds: readonly number[]): Promise<void> {
      if (orderedIds.length === 0) return;
      const positions = orderedIds.map((_, index) => String(index * POSITION_GAP));
      await db.execute(sql`UPDATE epic_issues SET relative_position = v.pos
        FROM unnest(${bigintIds(orderedIds)}, ${sql.param(positions)}::int[]) AS v(id, pos)
        WHERE epic_issues.id = v.id`);
    },

    async minPosition(epicId: number): Promise<number | null> {
      const [row] = await db
        .select({ min: sql<number | null>`min(${epicIssues.relativePosition})` })
        .from(epicIssues)
        .where(eq(epicIssues.epicId, epicId));
      return row?.min ?? null;
    },

    /** Links the issue to the epic (replacing any previous epic of the issue). */
    async upsert(epicId: number, issueId: number, relativePosition: number): Promise<EpicIssueRow> {
      const [row] = await db
        .insert(epicIssues)
        .values({ epicId, issueId, relativePosition })
        .onConflictDoUpdate({ target: epicIssues.issueId, set: { epicId, relativePosition, createdAt: new Date() } })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.delete(epicIssues).where(eq(epicIssues.id, id));
    },

    async deleteForIssue(issueId: number): Promise<EpicIssueRow | undefined> {
      const [row] = await db.delete(epicIssues).where(eq(epicIssues.issueId, issueId)).returning();
      return row;
    },

    // -- Epic reads (until the epics module offers them as a service) -------------------------

    async findEpic(id: number): Promise<{ epic: EpicRow; group: GroupRow } | undefined> {
      const [row] = await db
        .select({ epic: epics, group: groups })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(eq(epics.id, id))
        .limit(1);
      return row;
    },
    async findEpics(ids: readonly number[]): Promise<{ epic: EpicRow; group: GroupRow }[]> {
      if (ids.length === 0) return [];
      return await db
        .select({ epic: epics, group: groups })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(sql`${epics.id} = ANY(${bigintIds(ids)})`);
    },
    async findEpicByIid(groupId: number, iid: number): Promise<{ epic: EpicRow; group: GroupRow } | undefined> {
      const [row] = await db
        .select({ epic: epics, group: groups })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(and(eq(epics.groupId, groupId), eq(epics.iid, iid)))
        .limit(1);
      return row;
    },
  };
}
