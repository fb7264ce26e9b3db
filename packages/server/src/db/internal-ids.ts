import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type IidUsage = 'epics' | 'issues' | 'group_milestones' | 'project_milestones';

/**
 * The next iid in a container (epics per group, issues per project, …): one atomic upsert, so
 * concurrent creates never get the same number. Call it inside the transaction that inserts the row.
 */
export async function nextIid(db: Db, usage: IidUsage, scopeId: number): Promise<number> {
  const result = await db.execute<{ last_value: number }>(sql`
    INSERT INTO internal_ids (usage, scope_id, last_value) VALUES (${usage}, ${scopeId}, 1)
    ON CONFLICT (usage, scope_id) DO UPDATE SET last_value = internal_ids.last_value + 1
    RETURNING last_value`);
  return Number(result.rows[0]?.last_value);
}
