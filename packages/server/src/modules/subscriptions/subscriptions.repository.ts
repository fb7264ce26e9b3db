/**
 * A user's explicit subscription state of an issue, epic or label (GitLab's `subscriptions`):
 * `subscribed` true or false overrides what the user would get anyway (as an issue's author or
 * assignee). One row per (thing, user).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type SubscribableType = 'Epic' | 'Issue' | 'Label';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export function subscriptionsRepository(db: Db) {
  return {
    async set(type: SubscribableType, subscribableId: number, userId: number, subscribed: boolean): Promise<void> {
      await db.execute(sql`
        INSERT INTO subscriptions (user_id, subscribable_type, subscribable_id, subscribed)
        VALUES (${userId}, ${type}, ${subscribableId}, ${subscribed})
        ON CONFLICT (subscribable_type, subscribable_id, user_id) DO UPDATE SET subscribed = EXCLUDED.subscribed`);
    },

    /** Which of these the user explicitly subscribed to. */
    async subscribedIds(
      type: SubscribableType,
      userId: number,
      subscribableIds: readonly number[],
    ): Promise<Set<number>> {
      if (subscribableIds.length === 0) return new Set();
      const result = await db.execute<{ id: number }>(sql`
        SELECT subscribable_id AS id FROM subscriptions
        WHERE subscribable_type = ${type} AND user_id = ${userId} AND subscribed
          AND subscribable_id = ANY(${ids(subscribableIds)})`);
      return new Set(result.rows.map((r) => Number(r.id)));
    },
  };
}
