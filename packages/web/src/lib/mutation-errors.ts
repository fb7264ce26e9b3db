import { CombinedGraphQLErrors } from '@apollo/client';

/** Readable messages from a failed request (GraphQL errors, network errors, anything thrown). */
export function errorMessages(error: unknown): string[] {
  if (CombinedGraphQLErrors.is(error)) return error.errors.map((e) => e.message);
  if (error instanceof Error) return [error.message];
  return ['Something went wrong. Try again.'];
}
