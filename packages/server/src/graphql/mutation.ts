import { GraphQLError } from 'graphql';
import {
  AppError,
  ForbiddenError,
  fullMessages,
  NOT_FOUND_MESSAGE,
  NotFoundError,
  UnauthorizedError,
} from '../errors.ts';

/**
 * Runs a mutation's service call. Missing, hidden and forbidden objects become GitLab's top-level
 * error; validation problems come back in the payload's `errors` list, with nothing written.
 */
export async function runMutation<T extends object>(
  fn: () => Promise<T>,
  empty: { [K in keyof T]: null },
): Promise<{ [K in keyof T]: T[K] | null } & { errors: string[] }> {
  try {
    return { ...(await fn()), errors: [] };
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError || error instanceof UnauthorizedError) {
      throw new GraphQLError(NOT_FOUND_MESSAGE);
    }
    if (error instanceof AppError) {
      return { ...empty, errors: error.fields ? fullMessages(error.fields) : [error.message] };
    }
    throw error;
  }
}
