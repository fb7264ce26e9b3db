import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  oauthAccessTokens,
  type PersonalAccessTokenRow,
  personalAccessTokens,
  sessions,
  type UserRow,
  users,
} from '../../db/schema.ts';

export type SessionRecord = { id: string; csrfToken: string; lastSeenAt: Date; user: UserRow };

export function authRepository(db: Db) {
  return {
    async insertSession(values: {
      id: string;
      userId: number;
      csrfToken: string;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    }): Promise<void> {
      await db.insert(sessions).values(values);
    },
    async findSession(id: string): Promise<SessionRecord | undefined> {
      const row = (
        await db
          .select({ id: sessions.id, csrfToken: sessions.csrfToken, lastSeenAt: sessions.lastSeenAt, user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
          .limit(1)
      )[0];
      return row;
    },
    async touchSession(id: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
    },
    /**
     * Counts a failed sign-in (or any sign-in while locked), as Devise's lockable: a lock that has run
     * out is cleared first, and the `maxAttempts`-th failure in a row locks the account for `lockSeconds`.
     * One UPDATE, so concurrent attempts on several app servers each count. Returns the lock's end, if locked.
     */
    async recordFailedSignIn(userId: number, maxAttempts: number, lockSeconds: number): Promise<Date | null> {
      const live = sql`${users.lockedUntil} > now()`;
      const attempts = sql`(CASE WHEN ${users.lockedUntil} <= now() THEN 0 ELSE ${users.failedAttempts} END + 1)`;
      const locks = sql`${attempts} >= ${maxAttempts}`;
      const [row] = await db
        .update(users)
        .set({
          failedAttempts: attempts,
          lockedAt: sql`CASE WHEN ${live} THEN ${users.lockedAt} WHEN ${locks} THEN now() END`,
          lockedUntil: sql`CASE WHEN ${live} THEN ${users.lockedUntil} WHEN ${locks} THEN now() + make_interval(secs => ${lockSeconds}) END`,
        })
        .where(eq(users.id, userId))
        .returning({ lockedUntil: users.lockedUntil });
      return row?.lockedUntil ?? null;
    },
    /** After a successful sign-in, or an administrator's unlock: no failures counted, no lock. */
    async clearFailedSignIns(userId: number): Promise<void> {
      await db
        .update(users)
        .set({ failedAttempts: 0, lockedAt: null, lockedUntil: null })
        .where(and(eq(users.id, userId), sql`(${users.failedAttempts} <> 0 OR ${users.lockedAt} IS NOT NULL)`));
    },
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteExpiredSessions(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
    async findUserByPersonalToken(
      digest: string,
    ): Promise<{ user: UserRow; token: PersonalAccessTokenRow } | undefined> {
      return (
        await db
          .select({ user: users, token: personalAccessTokens })
          .from(personalAccessTokens)
          .innerJoin(users, eq(users.id, personalAccessTokens.userId))
          .where(
            and(
              eq(personalAccessTokens.tokenDigest, digest),
              eq(personalAccessTokens.revoked, false),
              sql`(${personalAccessTokens.expiresAt} IS NULL OR ${personalAccessTokens.expiresAt} >= CURRENT_DATE)`,
            ),
          )
          .limit(1)
      )[0];
    },
    async markTokenUsed(id: number): Promise<void> {
      await db
        .update(personalAccessTokens)
        .set({ lastUsedAt: new Date() })
        .where(
          and(
            eq(personalAccessTokens.id, id),
            sql`(${personalAccessTokens.lastUsedAt} IS NULL OR ${personalAccessTokens.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
    },
    async findUserByOauthToken(digest: string): Promise<{ user: UserRow; scopes: string[] } | undefined> {
      return (
        await db
          .select({ user: users, scopes: oauthAccessTokens.scopes })
          .from(oauthAccessTokens)
          .innerJoin(users, eq(users.id, oauthAccessTokens.userId))
          .where(
            and(
              eq(oauthAccessTokens.tokenDigest, digest),
              eq(oauthAccessTokens.revoked, false),
              sql`${oauthAccessTokens.createdAt} + make_interval(secs => ${oauthAccessTokens.expiresIn}) > now()`,
            ),
          )
          .limit(1)
      )[0];
    },
    async insertOauthToken(values: { userId: number; tokenDigest: string; scopes: string[]; expiresIn: number }) {
      const [row] = await db.insert(oauthAccessTokens).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async insertPersonalToken(values: {
      userId: number;
      name: string;
      tokenDigest: string;
      scopes: string[];
      expiresAt: string | null;
    }): Promise<PersonalAccessTokenRow> {
      const [row] = await db.insert(personalAccessTokens).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async listPersonalTokens(userId: number): Promise<PersonalAccessTokenRow[]> {
      return await db
        .select()
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.userId, userId))
        .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
    },
    async findPersonalToken(id: number): Promise<PersonalAccessTokenRow | undefined> {
      return (await db.select().from(personalAccessTokens).where(eq(personalAccessTokens.id, id)).limit(1))[0];
    },
    async revokePersonalToken(id: number): Promise<void> {
      await db.update(personalAccessTokens).set({ revoked: true }).where(eq(personalAccessTokens.id, id));
    },
  };
}
