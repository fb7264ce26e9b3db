import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { awardEmoji } from '../../db/schema.ts';

export type AwardRow = typeof awardEmoji.$inferSelect;
export type AwardableType = 'Epic' | 'Issue' | 'Note';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export function awardsRepository(db: Db) {
  return {
    async find(type: AwardableType, awardableId: number, userId: number, name: string): Promise<AwardRow | undefined> {
      return (
        await db
          .select()
          .from(awardEmoji)
          .where(
            and(
              eq(awardEmoji.awardableType, type),
              eq(awardEmoji.awardableId, awardableId),
              eq(awardEmoji.userId, userId),
              eq(awardEmoji.name, name),
            ),
          )
          .limit(1)
      )[0];
    },

    /** Inserts the award unless it exists (a concurrent toggle); returns the row either way. */
    async insert(type: AwardableType, awardableId: number, userId: number, name: string): Promise<AwardRow> {
      await db.insert(awardEmoji).values({ awardableType: type, awardableId, userId, name }).onConflictDoNothing();
      const row = await this.find(type, awardableId, userId, name);
      if (!row) throw new Error('award vanished');
      return row;
    },

    async findById(id: number): Promise<AwardRow | undefined> {
      return (await db.select().from(awardEmoji).where(eq(awardEmoji.id, id)).limit(1))[0];
    },

    /** One page of an awardable's awards, oldest first, with the total. */
    async page(
      type: AwardableType,
      awardableId: number,
      limit: number,
      offset: number,
    ): Promise<{ rows: AwardRow[]; total: number }> {
      const where = and(eq(awardEmoji.awardableType, type), eq(awardEmoji.awardableId, awardableId));
      const [rows, [count]] = await Promise.all([
        db.select().from(awardEmoji).where(where).orderBy(awardEmoji.id).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(awardEmoji).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    async delete(id: number): Promise<void> {
      await db.delete(awardEmoji).where(eq(awardEmoji.id, id));
    },

    /** Awards of several awardables, oldest first. */
    async listFor(type: AwardableType, awardableIds: readonly number[]): Promise<AwardRow[]> {
      if (awardableIds.length === 0) return [];
      return await db
        .select()
        .from(awardEmoji)
        .where(and(eq(awardEmoji.awardableType, type), sql`${awardEmoji.awardableId} = ANY(${ids(awardableIds)})`))
        .orderBy(awardEmoji.id);
    },

    /** Up- and down-votes per awardable. */
    async votes(
      type: AwardableType,
      awardableIds: readonly number[],
    ): Promise<Map<number, { up: number; down: number }>> {
      if (awardableIds.length === 0) return new Map();
      const result = await db.execute<{ id: number; up: number; down: number }>(sql`
        SELECT awardable_id AS id,
          count(*) FILTER (WHERE name = 'thumbsup')::int AS up,
          count(*) FILTER (WHERE name = 'thumbsdown')::int AS down
        FROM award_emoji
        WHERE awardable_type = ${type} AND awardable_id = ANY(${ids(awardableIds)})
          AND name IN ('thumbsup', 'thumbsdown')
        GROUP BY awardable_id`);
      return new Map(result.rows.map((r) => [Number(r.id), { up: Number(r.up), down: Number(r.down) }]));
    },

    /** The names a user awards most, most used first. */
    async mostUsedBy(userId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ name: awardEmoji.name, n: sql<number>`count(*)::int` })
        .from(awardEmoji)
        .where(eq(awardEmoji.userId, userId))
        .groupBy(awardEmoji.name)
        .orderBy(desc(sql`count(*)`), awardEmoji.name)
        .limit(limit);
      return rows.map((r) => r.name);
    },
  };
}
