/** SQL of account pages and user administration: sessions, reset tokens, the Ghost User, deletion. */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

export function accountRepository(db: Db) {
  return {
    /** The user's live sessions, most recently used first. */
    async listSessions(userId: number): Promise<SessionRow[]> {
      return await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(100);
    },
    /** Ends one of the user's sessions; false when there was none with this id. */
    async deleteSession(userId: number, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    /** Ends every session of the user but `keepId` (none kept when null). */
    async deleteOtherSessions(userId: number, keepId: string | null): Promise<void> {
      await db
        .delete(sessions)
        .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
    },
    async findByResetDigest(digest: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.resetPasswordTokenDigest, digest)).limit(1))[0];
    },
    async findByConfirmationDigest(digest: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.confirmationTokenDigest, digest)).limit(1))[0];
    },
    async findGhost(): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.userType, 'ghost')).limit(1))[0];
    },
    /** Creates the Ghost User once (a concurrent creator's row wins; then it is read back). */
    async ensureGhost(values: { username: string; email: string }): Promise<UserRow> {
      await db
        .insert(users)
        .values({
          username: values.username,
          name: 'Ghost User',
          email: values.email,
          userType: 'ghost',
          state: 'blocked',
          bio: 'This is a "Ghost User", created to hold all issues, epics and comments of users who have since been deleted.',
          passwordHash: null,
        })
        .onConflictDoNothing();
      const ghost = await this.findGhost();
      if (!ghost) throw new Error('the Ghost User could not be created');
      return ghost;
    },
    async usernameTaken(username: string): Promise<boolean> {
      const r = await db.execute(sql`SELECT 1 FROM users WHERE lower(username) = lower(${username}) LIMIT 1`);
      return r.rows.length > 0;
    },
    /**
     * Moves everything that names `fromId` in a column whose foreign key would set it to NULL on
     * delete (authors, closers, editors, resolvers, time logs: the contributions) to `toId`. Read
     * from the catalog, so tables added later are covered without a change here.
     */
    async reassignContributions(fromId: number, toId: number): Promise<void> {
      const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
        SELECT rel.relname AS table_name, att.attname AS column_name
          FROM pg_constraint con
          JOIN pg_class rel ON rel.oid = con.conrelid
          JOIN pg_namespace ns ON ns.oid = rel.relnamespace AND ns.nspname = current_schema()
          JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
         WHERE con.contype = 'f' AND con.confrelid = 'users'::regclass AND con.confdeltype = 'n'
           AND cardinality(con.conkey) = 1
         ORDER BY 1, 2`);
      for (const { table_name, column_name } of columns.rows) {
        await db.execute(
          sql`UPDATE ${sql.identifier(table_name)} SET ${sql.identifier(column_name)} = ${toId} WHERE ${sql.identifier(column_name)} = ${fromId}`,
        );
      }
    },
    /** Groups where `userId` is the only direct Owner (GitLab refuses to delete such a user). */
    async soleOwnedGroups(userId: number): Promise<string[]> {
      const result = await db.execute<{ full_path: string }>(sql`
        SELECT g.full_path FROM groups g
         WHERE EXISTS (SELECT 1 FROM members m WHERE m.source_type = 'Namespace' AND m.source_id = g.id
                         AND m.user_id = ${userId} AND m.access_level >= 50)
           AND NOT EXISTS (SELECT 1 FROM members o WHERE o.source_type = 'Namespace' AND o.source_id = g.id
                         AND o.user_id <> ${userId} AND o.access_level >= 50)
         ORDER BY g.full_path LIMIT 20`);
      return result.rows.map((r) => r.full_path);
    },
    async deleteUser(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}
