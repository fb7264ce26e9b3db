import { isFirstDayOfWeek, pathError } from '@milepost/shared';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../auth/passwords.ts';
import { type Actor, canWrite } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import { FieldErrors, isEmail } from '../validation.ts';
import { usersRepository } from './users.repository.ts';

export type UserInput = {
  username?: unknown;
  name?: unknown;
  email?: unknown;
  password?: unknown;
  admin?: unknown;
};

/** What the signed-in user may change about themselves (GitLab's user preferences). */
export type PreferencesInput = { firstDayOfWeek?: unknown };

export function usersService(db: Db) {
  const repo = usersRepository(db);

  return {
    async find(actor: Actor, id: number): Promise<UserRow | undefined> {
      const user = await repo.findById(id);
      return user && (await can(db, actor, 'readUser', { type: 'User', user })) ? user : undefined;
    },

    async get(actor: Actor, id: number): Promise<UserRow> {
      const user = await this.find(actor, id);
      if (!user) throw new NotFoundError('User Not Found');
      return user;
    },

    async list(
      actor: Actor,
      opts: { search?: string; username?: string; limit: number; offset: number },
    ): Promise<{ rows: UserRow[]; total: number }> {
      const admin = await can(db, actor, 'readAdminArea', GLOBAL);
      return await repo.list({ ...opts, activeOnly: !admin });
    },

    /** Creates a user. Only administrators may, except for `system` (the first start and the demo loader). */
    async create(actor: Actor | 'system', input: UserInput): Promise<UserRow> {
      if (actor !== 'system' && !(await can(db, actor, 'adminUser', { type: 'User', user: actor.user as UserRow }))) {
        throw new ForbiddenError();
      }
      const errors = new FieldErrors();
      const username = errors.text('username', input.username);
      const name = errors.text('name', input.name);
      const email = errors.text('email', input.email);
      if (username) {
        const problem = pathError(username, false);
        if (problem) errors.add('username', problem);
      }
      if (email && !isEmail(email)) errors.add('email', 'is invalid');
      if (typeof input.password !== 'string' || input.password.length < MIN_PASSWORD_LENGTH) {
        errors.add('password', `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`);
      } else if (input.password.length > 128) {
        errors.add('password', 'is too long (maximum is 128 characters)');
      }
      if (errors.any) throw new ValidationError(errors.fields);
      if (await repo.findByUsername(username)) throw new ConflictError('Username has already been taken');
      if (await repo.findByLogin(email)) throw new ConflictError('Email has already been taken');
      try {
        return await repo.insert({
          username,
          name,
          email,
          admin: input.admin === true,
          passwordHash: await hashPassword(input.password as string),
          avatarUrl: null,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_lower'))
          throw new ConflictError('Username has already been taken');
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError('Email has already been taken');
        throw error;
      }
    },

    /**
     * Changes the signed-in user's own preferences. The first day of the week must be 0 (Sunday),
     * 1 (Monday) or 6 (Saturday); a numeric string counts (REST form parameters).
     */
    async updatePreferences(actor: Actor, input: PreferencesInput): Promise<UserRow> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
      const raw = input.firstDayOfWeek;
      if (raw === undefined || raw === null || raw === '') return user;
      const value = typeof raw === 'string' && /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      if (!isFirstDayOfWeek(value))
        throw new ValidationError({ first_day_of_week: ['is not included in the list'] }, 422);
      if (value === user.firstDayOfWeek) return user;
      return (await repo.update(user.id, { firstDayOfWeek: value })) ?? user;
    },

    async count(): Promise<number> {
      return await repo.count();
    },
  };
}
