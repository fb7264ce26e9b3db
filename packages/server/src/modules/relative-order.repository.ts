/**
 * SQL of the manual order (`relative_position`) of issues and of epics: positions are kept per
 * top-level group (as GitLab keeps them per root namespace).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type OrderedKind = 'issues' | 'epics';

/** Each kind's rows with the group whose `traversal_ids` place them in a hierarchy (`xg`). */
const HIERARCHY = {
  issues: sql`issues x JOIN projects xp ON xp.id = x.project_id JOIN groups xg ON xg.id = xp.group_id`,
  epics: sql`epics x JOIN groups xg ON xg.id = x.group_id`,
};

export function relativeOrderRepository(db: Db, kind: OrderedKind) {
  const table = sql.raw(kind);
  return {
    async positions(ids: readonly number[]): Promise<Map<number, number | null>> {
      if (ids.length === 0) return new Map();
      const result = await db.execute<{ id: string; relative_position: number | null }>(
        sql`SELECT id, relative_position FROM ${table} WHERE id = ANY(${sql.param(ids.map(String))}::bigint[])`,
      );
      return new Map(result.rows.map((r) => [Number(r.id), r.relative_position]));
    },

    async setPosition(id: number, position: number): Promise<void> {
      await db.execute(sql`UPDATE ${table} SET relative_position = ${position} WHERE id = ${id}`);
    },

    /**
     * Spreads the positions of every row under the top-level group `rootId` 512 apart, in their
     * manual order (positioned ones first, then the rest by id): one statement, under the caller's
     * hierarchy lock.
     */
    async rebalance(rootId: number): Promise<void> {
      await db.execute(sql`
        WITH ordered AS (
          SELECT x.id, row_number() OVER (ORDER BY x.relative_position ASC NULLS LAST, x.id ASC) AS rn,
                 count(*) OVER () AS n
          FROM ${HIERARCHY[kind]}
          WHERE xg.traversal_ids @> ARRAY[${rootId}]::bigint[]
        )
        UPDATE ${table} SET relative_position = ((ordered.rn - 1 - ordered.n / 2) * 512)::int
        FROM ordered WHERE ${table}.id = ordered.id`);
    },
  };
}
