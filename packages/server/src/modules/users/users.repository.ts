import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';

export type NewUser = typeof users.$inferInsert;

export function usersRepository(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    async findByIds(ids: readonly number[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return await db
        .select()
        .from(users)
        .where(sql`${users.id} = ANY(${sql.param([...ids])}::bigint[])`);
    },
    /** The user's part of reply-by-email addresses (GitLab's `incoming_email_token`, migration 0011). */
    async incomingEmailToken(userId: number): Promise<string | undefined> {
      const result = await db.execute<{ token: string }>(
        sql`SELECT incoming_email_token AS token FROM users WHERE id = ${userId}`,
      );
      return result.rows[0]?.token;
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1))[0];
    },
    /** Sign-in accepts a username or an email address. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      return (
        await db
          .select()
          .from(users)
          .where(or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`))
          .limit(1)
      )[0];
    },
    async list(opts: {
      search?: string;
      username?: string;
      activeOnly: boolean;
      limit: number;
      offset: number;
    }): Promise<{ rows: UserRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (opts.activeOnly) conditions.push(eq(users.state, 'active'));
      if (opts.username) conditions.push(sql`lower(${users.username}) = lower(${opts.username})`);
      if (opts.search) {
        const pattern = likePattern(opts.search);
        const match = or(ilike(users.username, pattern), ilike(users.name, pattern), ilike(users.email, pattern));
        if (match) conditions.push(match);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, totals] = await Promise.all([
        db.select().from(users).where(where).orderBy(asc(users.id)).limit(opts.limit).offset(opts.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },
    async count(): Promise<number> {
      return (await db.select({ n: count() }).from(users))[0]?.n ?? 0;
    },
    async insert(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
      return (
        await db
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning()
      )[0];
    },
  };
}
