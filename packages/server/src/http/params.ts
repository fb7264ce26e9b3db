import type { Actor } from '../authz/actor.ts';
import { canWrite } from '../authz/actor.ts';
import { AppError, ForbiddenError, UnauthorizedError } from '../errors.ts';

/**
 * Ids are PostgreSQL bigints that JS numbers hold exactly up to 15 digits; a longer run of digits
 * names no row, and must not reach the database (it would fail there: a 500, not a 404).
 */
const ID = /^\d{1,15}$/;
/** Finds nothing: identity columns start at 1. */
const NO_ROW = 0;

/** GitLab's `:id`: a numeric id, or a URL-encoded full path (`acme%2Fplatform`). */
export function idOrPath(raw: string): number | string {
  if (/^\d+$/.test(raw)) return ID.test(raw) ? Number(raw) : NO_ROW;
  return decodeURIComponent(raw);
}

export function numericId(raw: string, name = 'id'): number {
  if (!/^\d+$/.test(raw)) throw new AppError(400, `${name} is invalid`);
  return ID.test(raw) ? Number(raw) : NO_ROW;
}

/** Signed in (401 otherwise); for writes, a token needs the `api` scope (403 otherwise). */
export function requireUser(actor: Actor, write = false): void {
  if (!actor.user) throw new UnauthorizedError();
  if (write && !canWrite(actor)) throw new ForbiddenError('insufficient_scope');
}

export function bool(value: unknown): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw new AppError(400, 'is invalid');
}
