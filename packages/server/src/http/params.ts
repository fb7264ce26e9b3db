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

/** Grape's Boolean coercion (dry-types' `Params::Bool`), whatever the case: `True`, `yes`, `on`, `t`, `1`… */
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

export function bool(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (word !== undefined && TRUE_WORDS.has(word)) return true;
  if (word !== undefined && FALSE_WORDS.has(word)) return false;
  throw new AppError(400, 'is invalid');
}
