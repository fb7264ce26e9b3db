import type { UserRow } from '../db/schema.ts';

/** GitLab's (Devise's) message when too many failed sign-ins locked the account. */
export const LOCKED_LOGIN = 'Your account is locked.';

/** Devise's `access_locked?`: a lock is set and has not run out yet. */
export function accessLocked(user: Pick<UserRow, 'lockedUntil'>, now: Date = new Date()): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}
