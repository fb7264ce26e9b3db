import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';
import { usersRepository } from './users.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/** A user's state, as stored. */
export type UserState = 'active' | 'blocked';

/** Whose members to suggest: a group (with its ancestors' members) or a project (with its groups'). */
export type AutocompleteScope =
  | { type: 'Group'; traversalIds: readonly number[] }
  | { type: 'Project'; projectId: number; traversalIds: readonly number[] }
  | { type: 'Everyone' };

export function autocompleteRepository(db: Db) {
  return {
    /** Users of the scope in `states` matching `search` (username or name, literal), by name, at most `limit`. */
    async suggest(
      scope: AutocompleteScope,
      search: string | undefined,
      limit: number,
      states: readonly UserState[] = ['active'],
    ): Promise<UserRow[]> {
      const conditions: SQL[] = [sql`u.state = ANY(${sql.param([...states])}::text[])`];
      if (scope.type !== 'Everyone') {
        const groups = sql`(m.source_type = 'Namespace' AND m.source_id = ANY(${ids(scope.traversalIds)}))`;
        const membership =
          scope.type === 'Project'
            ? sql`(${groups} OR (m.source_type = 'Project' AND m.source_id = ${scope.projectId}))`
            : groups;
        conditions.push(sql`EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id AND ${membership}
          AND (m.expires_at IS NULL OR m.expires_at >= CURRENT_DATE))`);
      }
      if (search) {
        const pattern = likePattern(search);
        conditions.push(sql`(u.username ILIKE ${pattern} OR u.name ILIKE ${pattern})`);
      }
      const result = await db.execute<{ id: number }>(sql`
        SELECT u.id FROM users u WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY lower(u.name), u.id LIMIT ${limit}`);
      const order = result.rows.map((r) => Number(r.id));
      const rows = await usersRepository(db).findByIds(order);
      const byId = new Map(rows.map((u) => [u.id, u]));
      return order.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
