import { accessLocked, LOCKED_LOGIN } from '../../auth/lockout.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { digest, randomToken } from '../../auth/tokens.ts';
import { type Actor, isAdmin } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { PersonalAccessTokenRow, UserRow } from '../../db/schema.ts';
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { FieldErrors, isIsoDate } from '../validation.ts';
import { authRepository } from './auth.repository.ts';

export const INVALID_LOGIN = 'Invalid login or password.';
export const BLOCKED_LOGIN =
  'Your account has been blocked. Please contact your Milepost administrator if you think this is an error.';
export const TOKEN_SCOPES = ['api', 'read_api', 'read_user'] as const;
/** OAuth password-grant tokens live two hours, as GitLab's. */
export const OAUTH_EXPIRES_IN = 7200;

/** Neither revoked nor past its expiry date. */
export function personalTokenActive(token: PersonalAccessTokenRow): boolean {
  return !token.revoked && (token.expiresAt === null || token.expiresAt >= new Date().toISOString().slice(0, 10));
}

export type SignedIn = { user: UserRow; sessionToken: string; csrfToken: string };

export function authService(
  db: Db,
  opts: {
    sessionDays: number;
    patPrefix: string;
    /** The lockout settings in force (Admin › Settings, or the environment's). */
    throttles: () => Promise<{ maxLoginAttempts: number; failedLoginUnlockMinutes: number }>;
  },
) {
  const repo = authRepository(db);
  const users = usersRepository(db);
  const settings = opts;
  const sessionTtlMs = opts.sessionDays * 24 * 3600 * 1000;

  /**
   * The user behind a login and password. Devise's lockable: a wrong password, or any password while
   * the account is locked, counts as a failure; the `maxLoginAttempts`-th in a row locks the account
   * (answered 'Your account is locked.'); a success clears the count.
   */
  async function checkCredentials(login: unknown, password: unknown): Promise<UserRow> {
    if (typeof login !== 'string' || typeof password !== 'string' || !login || !password) {
      await verifyPassword(null, '');
      throw new AppError(401, INVALID_LOGIN);
    }
    const user = await users.findByLogin(login.trim());
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user) throw new AppError(401, INVALID_LOGIN);
    const { maxLoginAttempts, failedLoginUnlockMinutes } = await opts.throttles();
    if (!ok || (maxLoginAttempts > 0 && accessLocked(user))) {
      if (maxLoginAttempts === 0) throw new AppError(401, INVALID_LOGIN);
      const lockedUntil = await repo.recordFailedSignIn(user.id, maxLoginAttempts, failedLoginUnlockMinutes * 60);
      throw new AppError(401, lockedUntil ? LOCKED_LOGIN : INVALID_LOGIN);
    }
    if (user.state === 'blocked' || user.userType !== 'human') throw new AppError(401, BLOCKED_LOGIN);
    if (user.failedAttempts !== 0 || user.lockedAt !== null) await repo.clearFailedSignIns(user.id);
    // GitLab: a deactivated user signing in again is active again.
    if (user.state === 'deactivated') return (await users.update(user.id, { state: 'active' })) ?? user;
    return user;
  }

  return {
    checkCredentials,

    /** Verifies credentials and opens a new session (a new id every time: no fixation). */
    async signIn(
      login: unknown,
      password: unknown,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<SignedIn> {
      const user = await checkCredentials(login, password);
      const sessionToken = randomToken();
      const csrfToken = randomToken();
      await repo.insertSession({
        id: digest(sessionToken),
        userId: user.id,
        csrfToken,
        expiresAt: new Date(Date.now() + sessionTtlMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      await users.update(user.id, { lastSignInAt: new Date() });
      if (Math.random() < 0.05) await repo.deleteExpiredSessions();
      return { user, sessionToken, csrfToken };
    },

    /** An administrator's unlock (GitLab's admin area 'Unlock'): clears the lock and the failure count. */
    async unlockUser(actor: Actor, username: string): Promise<UserRow> {
      const target = await users.findByUsername(username);
      if (!target || !(await can(db, actor, 'adminUser', { type: 'User', user: target }))) {
        throw new NotFoundError('User Not Found');
      }
      await repo.clearFailedSignIns(target.id);
      return { ...target, failedAttempts: 0, lockedAt: null, lockedUntil: null };
    },

    async signOut(sessionToken: string): Promise<void> {
      await repo.deleteSession(digest(sessionToken));
    },

    /** The session behind a cookie value, if it is live and its user active. Slides the expiry. */
    async session(sessionToken: string) {
      const id = digest(sessionToken);
      const found = await repo.findSession(id);
      // Devise's `active_for_authentication?`: a blocked or locked user's sessions end.
      if (found?.user.state !== 'active') return undefined;
      if (accessLocked(found.user) && (await opts.throttles()).maxLoginAttempts > 0) return undefined;
      if (Date.now() - found.lastSeenAt.getTime() > 5 * 60 * 1000) {
        await repo.touchSession(id, new Date(Date.now() + sessionTtlMs));
      }
      return found;
    },

    /** The user behind a personal access token or OAuth token, if valid and active. */
    async token(token: string): Promise<{ user: UserRow; scopes: string[] } | undefined> {
      const d = digest(token);
      const pat = await repo.findUserByPersonalToken(d);
      if (pat) {
        if (pat.user.state !== 'active') return undefined;
        // `last_used_at` moves at most once a minute (the repository's UPDATE checks it too).
        const lastUsed = pat.token.lastUsedAt?.getTime();
        if (lastUsed === undefined || Date.now() - lastUsed >= 60_000) await repo.markTokenUsed(pat.token.id);
        return { user: pat.user, scopes: pat.token.scopes };
      }
      const oauth = await repo.findUserByOauthToken(d);
      if (oauth && oauth.user.state === 'active') return oauth;
      return undefined;
    },

    /** OAuth 2 resource-owner password grant, for scripts (GitLab's `POST /oauth/token`). */
    async passwordGrant(username: unknown, password: unknown, scope: unknown) {
      const user = await checkCredentials(username, password);
      const scopes = typeof scope === 'string' && scope.trim() ? scope.trim().split(/\s+/) : ['api'];
      if (scopes.some((s) => !(TOKEN_SCOPES as readonly string[]).includes(s))) {
        throw new AppError(400, 'invalid_scope');
      }
      const token = randomToken();
      const row = await repo.insertOauthToken({
        userId: user.id,
        tokenDigest: digest(token),
        scopes,
        expiresIn: OAUTH_EXPIRES_IN,
      });
      return {
        access_token: token,
        token_type: 'Bearer',
        expires_in: OAUTH_EXPIRES_IN,
        refresh_token: null,
        scope: scopes.join(' '),
        created_at: Math.floor(row.createdAt.getTime() / 1000),
      };
    },

    /**
     * Creates a personal access token for `userId` (self, or any user for an admin). Returns the secret once.
     * `asAdmin`: only administrators may, even for themselves (GitLab's `POST /users/:id/personal_access_tokens`).
     */
    async createPersonalToken(
      actor: Actor,
      userId: number,
      input: { name?: unknown; scopes?: unknown; expiresAt?: unknown },
      opts: { asAdmin?: boolean } = {},
    ): Promise<{ token: string; row: PersonalAccessTokenRow }> {
      if (!actor.user) throw new UnauthorizedError();
      if (actor.via === 'token' && !actor.scopes.includes('api')) throw new ForbiddenError('insufficient_scope');
      const target = await users.findById(userId);
      if (opts.asAdmin && !(await can(db, actor, 'adminUser', { type: 'User', user: target ?? actor.user }))) {
        throw new ForbiddenError();
      }
      if (actor.user.id !== userId && !isAdmin(actor)) throw new ForbiddenError();
      if (!target) throw new NotFoundError('User Not Found');
      const errors = new FieldErrors();
      const name = errors.text('name', input.name);
      const scopes = Array.isArray(input.scopes)
        ? input.scopes
        : typeof input.scopes === 'string'
          ? [input.scopes]
          : [];
      if (scopes.length === 0) errors.add('scopes', "can't be blank");
      else if (scopes.some((s) => !(TOKEN_SCOPES as readonly unknown[]).includes(s))) {
        errors.add('scopes', 'does not have a valid value');
      }
      let expiresAt: string | null = null;
      if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt !== '') {
        if (typeof input.expiresAt !== 'string' || !isIsoDate(input.expiresAt)) errors.add('expires_at', 'is invalid');
        else if (input.expiresAt < new Date().toISOString().slice(0, 10))
          errors.add('expires_at', 'must be in the future');
        else expiresAt = input.expiresAt;
      }
      if (errors.any) throw new ValidationError(errors.fields);
      // The instance's prefix + 20 characters (15 random bytes, base64url), as GitLab's tokens: the
      // shape secret detection (shared/secrets) warns about when one is pasted into a comment.
      const token = `${settings.patPrefix}${randomToken(15)}`;
      const row = await repo.insertPersonalToken({
        userId,
        name,
        tokenDigest: digest(token),
        scopes: [...new Set(scopes as string[])],
        expiresAt,
      });
      return { token, row };
    },

    /**
     * The actor's tokens; an administrator may ask for another user's (others' `userId` is ignored, as GitLab).
     * `state`: active (neither revoked nor expired) or inactive.
     */
    async listPersonalTokens(
      actor: Actor,
      opts: { userId?: number; state?: 'active' | 'inactive'; revoked?: boolean; search?: string } = {},
    ): Promise<PersonalAccessTokenRow[]> {
      if (!actor.user) return [];
      const userId =
        opts.userId !== undefined && opts.userId !== actor.user.id && (await can(db, actor, 'readAdminArea', GLOBAL))
          ? opts.userId
          : actor.user.id;
      const search = opts.search?.toLowerCase();
      return (await repo.listPersonalTokens(userId)).filter(
        (t) =>
          (opts.state === undefined || personalTokenActive(t) === (opts.state === 'active')) &&
          (opts.revoked === undefined || t.revoked === opts.revoked) &&
          (!search || t.name.toLowerCase().includes(search)),
      );
    },

    /** One token, if it is the actor's or the actor is an administrator; hidden and missing look the same. */
    async getPersonalToken(actor: Actor, id: number): Promise<PersonalAccessTokenRow> {
      const row = actor.user ? await repo.findPersonalToken(id) : undefined;
      if (!row || (row.userId !== actor.user?.id && !(await can(db, actor, 'readAdminArea', GLOBAL)))) {
        throw new NotFoundError();
      }
      return row;
    },

    /** The personal access token behind `secret`, when it is the one the actor signed in with. */
    async currentPersonalToken(actor: Actor, secret: string): Promise<PersonalAccessTokenRow | undefined> {
      if (!actor.user || actor.via !== 'token') return undefined;
      const found = await repo.findUserByPersonalToken(digest(secret));
      return found?.token.userId === actor.user.id ? found.token : undefined;
    },

    async revokePersonalToken(actor: Actor, id: number): Promise<void> {
      if (!actor.user) throw new UnauthorizedError();
      const row = await repo.findPersonalToken(id);
      if (!row || (row.userId !== actor.user.id && !isAdmin(actor))) throw new NotFoundError();
      if (actor.via === 'token' && !actor.scopes.includes('api')) throw new ForbiddenError('insufficient_scope');
      await repo.revokePersonalToken(id);
    },
  };
}
