/** GitLab's (Devise's) message when too many failed sign-ins locked the account. */
export const LOCKED_LOGIN = 'Your account is locked.';

/** Devise's `access_locked?`: a lock is set and has not run out yet. */
export function accessLocked(user: { lockedUntil: Date | null }, now: Date = new Date()): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}
