/** The SQL behind the issue page's own fields: first contributions. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bigintIds } from './issue-filters.ts';

export function issuePageRepository(db: Db) {
  return {
    /**
     * Of the given issues, those that are their author's first issue in their project (GitLab's
     * `is_first_contribution`, counted over every issue of the project, whoever may read it).
     */
    async firstContributions(issueIds: readonly number[]): Promise<Set<number>> {
      if (issueIds.length === 0) return new Set();
      const result = await db.execute<{ id: number }>(sql`
        SELECT i.id
        FROM issues i
        WHERE i.id = ANY(${bigintIds(issueIds)}) AND i.author_id IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM issues earlier
            WHERE earlier.project_id = i.project_id AND earlier.author_id = i.author_id AND earlier.id < i.id
          )`);
      return new Set(result.rows.map((r) => Number(r.id)));
    },
  };
}
