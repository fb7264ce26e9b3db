/**
 * User administration (GitLab's admin area and `PUT /users/:id`, `POST /users/:id/block|unblock|
 * deactivate|activate`, `DELETE /users/:id`): edit, change state, set a new password, delete with
 * the contributions kept by the Ghost User. Administrators only (`adminUser`); an administrator
 * cannot block, deactivate, demote or delete themselves, and nobody changes the Ghost User.
 */
import { hashPassword } from '../../auth/passwords.ts';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../errors.ts';
import { booleanOf, FieldErrors } from '../validation.ts';
import { accountRepository } from './account.repository.ts';
import {
  assertEmailFree,
  checkNewPassword,
  emailField,
  NO_PENDING_EMAIL,
  publicEmailField,
} from './account.service.ts';
import { usersRepository } from './users.repository.ts';

export type AdminUserInput = {
  name?: unknown;
  email?: unknown;
  publicEmail?: unknown;
  bio?: unknown;
  admin?: unknown;
  projectsLimit?: unknown;
  password?: unknown;
};

export type StateEvent = 'block' | 'unblock' | 'deactivate' | 'activate';

export const SOLE_OWNER_MESSAGE = 'User cannot be removed while is the sole-owner of a group';

const given = (v: unknown) => v !== undefined && v !== null;

export function adminUsersService(db: Db, opts: { externalUrl: string }) {
  const users = usersRepository(db);

  /** The target user, if the actor may administer users; hidden and missing look the same. */
  async function target(actor: Actor, id: number): Promise<UserRow> {
    const user = Number.isSafeInteger(id) ? await users.findById(id) : undefined;
    if (!user || !(await can(db, actor, 'adminUser', { type: 'User', user }))) {
      if (actor.user?.admin) throw new NotFoundError('User Not Found');
      throw new ForbiddenError();
    }
    if (user.userType === 'ghost') throw new ForbiddenError('The Ghost User cannot be changed');
    return user;
  }

  function notSelf(actor: Actor, user: UserRow, what: string): void {
    if (actor.user?.id === user.id) throw new ForbiddenError(`You cannot ${what} yourself`);
  }

  return {
    target,

    async update(actor: Actor, id: number, input: AdminUserInput): Promise<UserRow> {
      const user = await target(actor, id);
      const errors = new FieldErrors();
      const changes: Partial<typeof user> = {};
      if (given(input.name)) changes.name = errors.text('name', input.name);
      if (given(input.email)) {
        const email = emailField(errors, input.email);
        // An administrator's change needs no confirmation (GitLab's skip_reconfirmation!): any pending one ends.
        if (email && email.toLowerCase() !== user.email.toLowerCase()) Object.assign(changes, NO_PENDING_EMAIL);
        if (email) changes.email = email;
      }
      if (given(input.publicEmail)) {
        const own = changes.email ?? user.email;
        changes.publicEmail = publicEmailField(errors, input.publicEmail, own, "must be the user's email");
      }
      if (given(input.bio)) changes.bio = errors.text('bio', input.bio, 255, false);
      if (given(input.admin)) {
        const admin = booleanOf(input.admin);
        if (admin === undefined) errors.add('admin', 'is invalid');
        else if (!admin && actor.user?.id === user.id) errors.add('admin', 'cannot be removed from yourself');
        else changes.admin = admin;
      }
      if (given(input.projectsLimit) && input.projectsLimit !== '') {
        const raw = input.projectsLimit;
        const n = typeof raw === 'string' && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
          errors.add('projects_limit', 'must be a whole number from 0 to 2147483647');
        } else changes.projectsLimit = n;
      }
      let newPassword: string | null = null;
      if (given(input.password) && input.password !== '') newPassword = checkNewPassword(errors, input.password);
      if (errors.any) throw new ValidationError(errors.fields);
      if (changes.email && changes.email.toLowerCase() !== user.email.toLowerCase()) {
        await assertEmailFree(users, changes.email, user.id);
      }
      if (newPassword) {
        changes.passwordHash = await hashPassword(newPassword);
        changes.resetPasswordTokenDigest = null;
        changes.resetPasswordSentAt = null;
      }
      try {
        return await transaction(db, async (tx) => {
          const updated = (await usersRepository(tx).update(user.id, changes)) ?? user;
          // A password set by an administrator ends the user's sessions (unless it is their own).
          if (newPassword && actor.user?.id !== user.id) await accountRepository(tx).deleteOtherSessions(user.id, null);
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError('Email has already been taken');
        throw error;
      }
    },

    /** GitLab's block/unblock/deactivate/activate, with its refusals; answers the user after the change. */
    async changeState(actor: Actor, id: number, event: StateEvent): Promise<UserRow> {
      const user = await target(actor, id);
      const next = { block: 'blocked', unblock: 'active', deactivate: 'deactivated', activate: 'active' } as const;
      if (event === 'block' || event === 'deactivate') notSelf(actor, user, event);
      if (event === 'unblock' && user.state === 'deactivated') {
        throw new ForbiddenError('Deactivated users cannot be unblocked by the API');
      }
      if (event === 'deactivate' && user.state === 'blocked') {
        throw new ForbiddenError('A blocked user cannot be deactivated by the API');
      }
      if (event === 'activate' && user.state === 'blocked') {
        throw new ForbiddenError('A blocked user must be unblocked to be activated');
      }
      const state = next[event];
      if (user.state === state) return user;
      return await transaction(db, async (tx) => {
        const updated = (await usersRepository(tx).update(user.id, { state })) ?? user;
        if (state !== 'active') await accountRepository(tx).deleteOtherSessions(user.id, null);
        return updated;
      });
    },

    /**
     * Deletes the user; what they made (issues, epics, comments, time logs: every column that would
     * otherwise be emptied) moves to the Ghost User, as GitLab's default. Refused for the sole owner
     * of a group (409) and for oneself.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      const user = await target(actor, id);
      notSelf(actor, user, 'delete');
      const repo = accountRepository(db);
      const owned = await repo.soleOwnedGroups(user.id);
      if (owned.length > 0) throw new ConflictError(SOLE_OWNER_MESSAGE);
      const host = new URL(opts.externalUrl).hostname;
      await transaction(db, async (tx) => {
        const r = accountRepository(tx);
        let ghost = await r.findGhost();
        if (!ghost) {
          let username = 'ghost';
          for (let n = 1; await r.usernameTaken(username); n += 1) username = `ghost${n}`;
          ghost = await r.ensureGhost({ username, email: `${username}@noreply.${host}` });
        }
        await r.reassignContributions(user.id, ghost.id);
        await r.deleteUser(user.id);
      });
    },
  };
}
