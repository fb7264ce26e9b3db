import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type Membership = {
  sourceType: 'Namespace' | 'Project';
  sourceId: number;
  accessLevel: number;
  /** traversal ids of the group (or of the project's group) the membership is on */
  traversalIds: number[];
};

/** Every membership of one user, with where it sits in the group tree: one query per request. */
export async function loadMemberships(db: Db, userId: number): Promise<Membership[]> {
  const result = await db.execute<{
    source_type: 'Namespace' | 'Project';
    source_id: number;
    access_level: number;
    traversal_ids: number[] | null;
  }>(sql`
    SELECT m.source_type, m.source_id, m.access_level, COALESCE(g.traversal_ids, pg.traversal_ids) AS traversal_ids
    FROM members m
    LEFT JOIN groups g ON m.source_type = 'Namespace' AND g.id = m.source_id
    LEFT JOIN projects p ON m.source_type = 'Project' AND p.id = m.source_id
    LEFT JOIN groups pg ON pg.id = p.group_id
    WHERE m.user_id = ${userId} AND (m.expires_at IS NULL OR m.expires_at >= CURRENT_DATE)`);
  return result.rows
    .filter((r) => r.traversal_ids !== null)
    .map((r) => ({
      sourceType: r.source_type,
      sourceId: Number(r.source_id),
      accessLevel: Number(r.access_level),
      traversalIds: (r.traversal_ids ?? []).map(Number),
    }));
}
