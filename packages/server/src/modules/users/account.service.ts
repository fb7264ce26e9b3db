/**
 * The signed-in user's own account (GitLab's `/-/profile`): name, email and public email, password
 * change (current password required; every other session ends), active sessions with revoke, and
 * 'Forgot your password?' by email when SMTP is set up.
 */
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../../auth/passwords.ts';
import { digest, randomToken } from '../../auth/tokens.ts';
import { type Actor, canWrite } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  isUniqueViolation,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { FieldErrors, isEmail } from '../validation.ts';
import { accountRepository, type SessionRow } from './account.repository.ts';
import { usersRepository } from './users.repository.ts';

/** Devise's `reset_password_within`: a reset link works for two hours. */
export const RESET_PASSWORD_HOURS = 2;
export const RESET_SENT_MESSAGE =
  'If your email address exists in our database, you will receive a password recovery link within a few minutes.';
export const NO_SMTP_MESSAGE =
  'This server cannot send email, so passwords are not reset by email here. Ask your administrator to reset your password.';
export const CURRENT_PASSWORD_INVALID = 'You must provide a valid current password.';
/** Devise's `confirm_within` as GitLab sets it: a confirmation link works for three days. */
export const CONFIRM_EMAIL_DAYS = 3;
export const NO_SMTP_EMAIL_MESSAGE =
  'This server cannot send email, so a new email address cannot be confirmed here. Ask your administrator to change it.';
const EMAIL_TAKEN = 'Email has already been taken';

/** What the profile says after a change of email: the old one stays until the new one is confirmed. */
export function confirmationSentMessage(email: string): string {
  return `We sent a confirmation link to ${email}. Your email changes once you open it; until then it stays as it is.`;
}

/** The columns of a pending email change, cleared. */
export const NO_PENDING_EMAIL = {
  unconfirmedEmail: null,
  confirmationTokenDigest: null,
  confirmationSentAt: null,
} as const satisfies Partial<UserRow>;

/** An email field: required, at most 255 characters, shaped like an address. */
export function emailField(errors: FieldErrors, value: unknown): string {
  const email = errors.text('email', value);
  if (email && !isEmail(email)) errors.add('email', 'is invalid');
  return email;
}

/** The public email: empty (none) or the account's own `email` (GitLab offers no other). */
export function publicEmailField(errors: FieldErrors, value: unknown, email: string, notOwn: string): string | null {
  const text = errors.text('public_email', value, 255, false);
  if (text && text.toLowerCase() !== email.toLowerCase()) errors.add('public_email', notOwn);
  return text ? email : null;
}

/** 409 when another account signs in with `email`. */
export async function assertEmailFree(
  users: ReturnType<typeof usersRepository>,
  email: string,
  userId: number,
): Promise<void> {
  const other = await users.findByLogin(email);
  if (other && other.id !== userId) throw new ConflictError(EMAIL_TAKEN);
}

export type ProfileInput = {
  name?: unknown;
  email?: unknown;
  publicEmail?: unknown;
  bio?: unknown;
  currentPassword?: unknown;
};
export type PasswordInput = { currentPassword?: unknown; password?: unknown; passwordConfirmation?: unknown };

const given = (v: unknown) => v !== undefined && v !== null;

/** GitLab's password rules: 8 to 128 characters, and the confirmation (when sent) equal. */
export function checkNewPassword(errors: FieldErrors, password: unknown, confirmation?: unknown): string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH) {
    errors.add('password', `is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`);
    return '';
  }
  if (password.length > 128) errors.add('password', 'is too long (maximum is 128 characters)');
  if (given(confirmation) && confirmation !== password) errors.add('password_confirmation', "doesn't match Password");
  return password;
}

export function accountService(db: Db, opts: { mailer: Mailer | null; externalUrl: string }) {
  const repo = accountRepository(db);
  const users = usersRepository(db);

  function self(actor: Actor): UserRow {
    if (!actor.user) throw new UnauthorizedError();
    if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
    return actor.user;
  }

  async function sendConfirmation(user: UserRow, token: string): Promise<void> {
    if (!opts.mailer || !user.unconfirmedEmail) return;
    const link = `${opts.externalUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`;
    const mail = opts.mailer.send({
      to: user.unconfirmedEmail,
      subject: 'Confirmation instructions',
      text: [
        `Hello, ${user.name}!`,
        '',
        `You asked to change the email address of your Milepost account (${user.username}) to ${user.unconfirmedEmail}.`,
        `Open this link within ${CONFIRM_EMAIL_DAYS} days to confirm it:`,
        link,
        '',
        'Until then your account keeps its current email. If you did not ask for this change, ignore this email.',
      ].join('\n'),
    });
    // The change stays pending: once the mail server answers again, 'Resend confirmation email' sends it.
    await mail.catch(() => {
      throw new AppError(503, 'The confirmation email could not be sent. Try "Resend confirmation email" later.');
    });
  }

  return {
    /** Whether 'Forgot your password?' sends a link (SMTP set up) or the administrator resets passwords. */
    passwordResetByEmail: opts.mailer !== null,

    /**
     * Name, public email and bio apply at once. A new email needs the current password and waits,
     * unconfirmed, until the link sent to it is opened (the old one stays the sign-in and the
     * notification address meanwhile).
     */
    async updateProfile(actor: Actor, input: ProfileInput): Promise<{ user: UserRow; message: string }> {
      const user = self(actor);
      const errors = new FieldErrors();
      const changes: Partial<UserRow> = {};
      if (given(input.name)) changes.name = errors.text('name', input.name);
      const email = given(input.email) ? emailField(errors, input.email) : '';
      const newEmail = email && email.toLowerCase() !== user.email.toLowerCase() ? email : null;
      if (newEmail) {
        const ok =
          typeof input.currentPassword === 'string' && (await verifyPassword(user.passwordHash, input.currentPassword));
        if (!ok) errors.add('current_password', 'is invalid');
      } else if (email) changes.email = email;
      if (given(input.publicEmail)) {
        const own = changes.email ?? user.email;
        changes.publicEmail = publicEmailField(errors, input.publicEmail, own, 'must be your email address');
      } else if (changes.email && user.publicEmail) changes.publicEmail = changes.email;
      if (given(input.bio)) changes.bio = errors.text('bio', input.bio, 255, false);
      if (errors.any) throw new ValidationError(errors.fields, 422);
      if (newEmail) {
        if (!opts.mailer) throw new AppError(422, NO_SMTP_EMAIL_MESSAGE);
        await assertEmailFree(users, newEmail, user.id);
      }
      const token = newEmail ? randomToken() : null;
      if (newEmail && token) {
        changes.unconfirmedEmail = newEmail;
        changes.confirmationTokenDigest = digest(token);
        changes.confirmationSentAt = new Date();
      }
      const updated = (await users.update(user.id, changes)) ?? user;
      if (newEmail && token) {
        await sendConfirmation(updated, token);
        return { user: updated, message: confirmationSentMessage(newEmail) };
      }
      return { user: updated, message: 'Profile was successfully updated' };
    },

    /** Sends the link for the actor's pending email again (a new link: the old one stops working). */
    async resendConfirmation(actor: Actor): Promise<string> {
      const user = self(actor);
      if (!user.unconfirmedEmail) throw new AppError(422, 'There is no email change waiting for confirmation.');
      if (!opts.mailer) throw new AppError(422, NO_SMTP_EMAIL_MESSAGE);
      const token = randomToken();
      const updated = await users.update(user.id, {
        confirmationTokenDigest: digest(token),
        confirmationSentAt: new Date(),
      });
      await sendConfirmation(updated ?? user, token);
      return confirmationSentMessage(user.unconfirmedEmail);
    },

    /** Drops the actor's pending email change (its link stops working). */
    async cancelEmailChange(actor: Actor): Promise<UserRow> {
      const user = self(actor);
      return (await users.update(user.id, NO_PENDING_EMAIL)) ?? user;
    },

    /** Opens a confirmation link: the pending email becomes the user's email. */
    async confirmEmail(rawToken: unknown): Promise<UserRow> {
      const token = typeof rawToken === 'string' ? rawToken : '';
      const user = token ? await repo.findByConfirmationDigest(digest(token)) : undefined;
      if (!user?.unconfirmedEmail || user.state === 'blocked') {
        throw new ValidationError({ confirmation_token: ['is invalid'] }, 422);
      }
      const sentAt = user.confirmationSentAt?.getTime() ?? 0;
      if (Date.now() - sentAt > CONFIRM_EMAIL_DAYS * 24 * 3600 * 1000) {
        throw new ValidationError(
          { email: [`needs to be confirmed within ${CONFIRM_EMAIL_DAYS} days, please request a new one`] },
          422,
        );
      }
      const email = user.unconfirmedEmail;
      await assertEmailFree(users, email, user.id);
      try {
        const updated = await users.update(user.id, {
          email,
          publicEmail: user.publicEmail ? email : null,
          ...NO_PENDING_EMAIL,
        });
        return updated ?? user;
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower')) throw new ConflictError(EMAIL_TAKEN);
        throw error;
      }
    },

    /** Sets a new password; every session of the user but `currentSessionId` ends. */
    async changePassword(actor: Actor, currentSessionId: string | null, input: PasswordInput): Promise<void> {
      const user = self(actor);
      const ok =
        typeof input.currentPassword === 'string' && (await verifyPassword(user.passwordHash, input.currentPassword));
      if (!ok) throw new ValidationError({ current_password: ['is invalid'] }, 422);
      const errors = new FieldErrors();
      const password = checkNewPassword(errors, input.password, input.passwordConfirmation);
      if (errors.any) throw new ValidationError(errors.fields, 422);
      await users.update(user.id, {
        passwordHash: await hashPassword(password),
        resetPasswordTokenDigest: null,
        resetPasswordSentAt: null,
      });
      await repo.deleteOtherSessions(user.id, currentSessionId);
    },

    async sessions(actor: Actor): Promise<SessionRow[]> {
      return actor.user ? await repo.listSessions(actor.user.id) : [];
    },

    /** Ends one of the actor's other sessions (`id` as listed); the current one is ended by signing out. */
    async revokeSession(actor: Actor, currentSessionId: string | null, id: string): Promise<void> {
      const user = self(actor);
      if (id === currentSessionId) {
        throw new AppError(422, 'This is your current session: sign out to end it.');
      }
      if (!(await repo.deleteSession(user.id, id))) throw new NotFoundError('Session Not Found');
    },

    /** Sends a reset link when the email belongs to an active user; answers the same either way. */
    async requestPasswordReset(email: unknown): Promise<string> {
      if (!opts.mailer) throw new AppError(422, NO_SMTP_MESSAGE);
      if (typeof email !== 'string' || !isEmail(email.trim())) {
        throw new ValidationError({ email: ['is invalid'] }, 422);
      }
      const user = await users.findByLogin(email.trim());
      if (
        user?.state !== 'active' ||
        user.userType !== 'human' ||
        user.email.toLowerCase() !== email.trim().toLowerCase()
      ) {
        return RESET_SENT_MESSAGE;
      }
      const token = randomToken();
      await users.update(user.id, { resetPasswordTokenDigest: digest(token), resetPasswordSentAt: new Date() });
      const link = `${opts.externalUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`;
      await opts.mailer.send({
        to: user.email,
        subject: 'Reset password instructions',
        text: [
          `Hello, ${user.name}!`,
          '',
          'Someone, hopefully you, has requested to reset the password for your Milepost account.',
          `Open this link within ${RESET_PASSWORD_HOURS} hours to choose a new password:`,
          link,
          '',
          "If you did not request a password reset, ignore this email: your password won't change.",
        ].join('\n'),
      });
      return RESET_SENT_MESSAGE;
    },

    /** Sets the password of the user behind a reset link; ends all their sessions and any lock. */
    async resetPassword(input: {
      token?: unknown;
      password?: unknown;
      passwordConfirmation?: unknown;
    }): Promise<UserRow> {
      const token = typeof input.token === 'string' ? input.token : '';
      const user = token ? await repo.findByResetDigest(digest(token)) : undefined;
      if (user?.state !== 'active') throw new ValidationError({ reset_password_token: ['is invalid'] }, 422);
      const sentAt = user.resetPasswordSentAt?.getTime() ?? 0;
      if (Date.now() - sentAt > RESET_PASSWORD_HOURS * 3600 * 1000) {
        throw new ValidationError({ reset_password_token: ['has expired, please request a new one'] }, 422);
      }
      const errors = new FieldErrors();
      const password = checkNewPassword(errors, input.password, input.passwordConfirmation);
      if (errors.any) throw new ValidationError(errors.fields, 422);
      const updated = await users.update(user.id, {
        passwordHash: await hashPassword(password),
        resetPasswordTokenDigest: null,
        resetPasswordSentAt: null,
        failedAttempts: 0,
        lockedAt: null,
        lockedUntil: null,
      });
      await repo.deleteOtherSessions(user.id, null);
      return updated ?? user;
    },
  };
}
