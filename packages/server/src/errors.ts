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

/** PostgreSQL unique violation (23505) on the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
