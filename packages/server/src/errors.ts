/**
 * Errors that services throw and transports render. A message here is safe to show to users:
 * it never carries SQL, stack traces or file paths.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field-keyed validation messages, GitLab's `{"message": {"field": ["..."]}}`. */
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** Used for hidden and missing things alike, so the two cannot be told apart. */
export const NOT_FOUND_MESSAGE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

export class NotFoundError extends AppError {
  constructor(readonly what = 'Not found') {
    super(404, `404 ${what}`);
  }
}

export class ForbiddenError extends AppError {
  constructor(reason?: string) {
    super(403, reason ? `403 Forbidden - ${reason}` : '403 Forbidden');
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super(401, '401 Unauthorized');
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, status = 400) {
    super(status, fullMessages(fields).join(', '), fields);
  }
}

export class ConflictError extends AppError {
  constructor(message = '409 Conflict') {
    super(409, message);
  }
}

/** ['Path has already been taken'] from {path: ['has already been taken']}. */
export function fullMessages(fields: Record<string, string[]>): string[] {
  return Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((m) => (field === 'base' ? m : `${humanize(field)} ${m}`)),
  );
}

function humanize(field: string): string {
  const s = field.replace(/_id$/, '').replaceAll('_', ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** PostgreSQL unique violation (23505) on the named constraint or index, also when a query builder wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

/** GitLab's answer when a statement ran out of time (its GraphqlController's QueryAborted message). */
export const QUERY_TIMED_OUT_MESSAGE =
  'Request timed out. Please try a less complex query or a smaller set of records.';

/** When a change still collided with concurrent changes after its retries. */
export const CONCURRENT_CHANGE_MESSAGE =
  'Another change to the same items was being saved at the same time. Please try again.';

/** 503 with `Retry-After`: the request could not be served now, and may be tried again later. */
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(503, message);
  }
}

/** The SQLSTATE of a PostgreSQL error, also when a query builder wrapped it (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** A deadlock (40P01) or serialization failure (40001): running the transaction again may succeed. */
export function isRetryableConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

/**
 * The error a user is told for a database failure they can act on: a statement cancelled by
 * `statement_timeout` (57014) → 503, a conflict that outlived its retries → 409. Anything else
 * stays an unexpected error (undefined here).
 */
export function userFacingDatabaseError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const state = sqlState(error);
  if (state === '57014') return new ServiceUnavailableError(QUERY_TIMED_OUT_MESSAGE);
  if (state === '40P01' || state === '40001') return new ConflictError(CONCURRENT_CHANGE_MESSAGE);
  return undefined;
}

/**
 * The most values one list argument or parameter may hold (`labelName`, `iids`, `labels`, …) in
 * GraphQL, REST and the UI JSON paths alike, so that no single request can make unbounded work.
 */
export const MAX_LIST_VALUES = 100;

/** `labelName is too long (maximum is 100 values)`: graphql-ruby's length message, in values. */
export function tooManyValuesMessage(name: string): string {
  return `${name} is too long (maximum is ${MAX_LIST_VALUES} values)`;
}
