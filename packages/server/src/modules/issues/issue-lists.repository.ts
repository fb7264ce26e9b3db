/**
 * SQL of the issue lists beyond one page: the state tabs' counts and manual ordering (relative
 * positions per top-level group, as GitLab keeps them per root namespace).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { groups, issues, projects } from '../../db/schema.ts';
import { type IssueFilter, issueConditions } from './issue-filters.ts';

const i = alias(issues, 'i');
const p = alias(projects, 'p');
const pg = alias(groups, 'pg');

export type IssueStateCounts = { opened: number; closed: number; all: number };

export function issueListsRepository(db: Db) {
  return {
    /** Open, closed and all issues matching the filter (its state ignored) among those `visible`: one scan. */
    async stateCounts(visible: SQL, filter: IssueFilter): Promise<IssueStateCounts> {
      const [row] = await db
        .select({
          opened: sql<number>`count(*) FILTER (WHERE i.state = 'opened')::int`,
          closed: sql<number>`count(*) FILTER (WHERE i.state = 'closed')::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(i)
        .innerJoin(p, eq(p.id, i.projectId))
        .innerJoin(pg, eq(pg.id, p.groupId))
        .where(and(visible, ...issueConditions({ ...filter, state: 'all' })));
      return { opened: row?.opened ?? 0, closed: row?.closed ?? 0, all: row?.all ?? 0 };
    },

    /** The relative positions of these issues. */
    async positions(ids: readonly number[]): Promise<Map<number, number | null>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute<{ id: string; relative_position: number | null }>(
        sql`SELECT id, relative_position FROM issues WHERE id = ANY(${sql.param(ids.map(String))}::bigint[])`,
      );
      return new Map(result.rows.map((r) => [Number(r.id), r.relative_position]));
    },

    async setPosition(id: number, position: number): Promise<void> {
      await db.execute(sql`UPDATE issues SET relative_position = ${position} WHERE id = ${id}`);
    },

    /**
     * Spreads the positions of every issue under the top-level group `rootId` 512 apart, in their
     * manual order (positioned ones first, then the rest by id): one statement, under the caller's
     * hierarchy lock.
     */
    async rebalance(rootId: number): Promise<void> {
      await db.execute(sql`
        WITH ordered AS (
          SELECT x.id, row_number() OVER (ORDER BY x.relative_position ASC NULLS LAST, x.id ASC) AS rn,
                 count(*) OVER () AS n
          FROM issues x JOIN projects xp ON xp.id = x.project_id JOIN groups xg ON xg.id = xp.group_id
          WHERE xg.traversal_ids @> ARRAY[${rootId}]::bigint[]
        )
        UPDATE issues SET relative_position = ((ordered.rn - 1 - ordered.n / 2) * 512)::int
        FROM ordered WHERE issues.id = ordered.id`);
    },
  };
}
