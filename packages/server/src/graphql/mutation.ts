import type { ObjectRef, OutputShape } from '@pothos/core';
import { GraphQLError } from 'graphql';
import {
  AppError,
  ForbiddenError,
  fullMessages,
  NOT_FOUND_MESSAGE,
  NotFoundError,
  UnauthorizedError,
} from '../errors.ts';
import type { builder } from './builder.ts';

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

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** An object a mutation's payload carries: its type and its description (GitLab's words). */
type PayloadObject = { type: ObjectRef<Types, unknown>; description: string };

/** The payload's shape: each object, or null when the mutation failed, and the errors. */
type PayloadShape<Objects extends Record<string, PayloadObject>> = {
  [K in keyof Objects]: OutputShape<Types, Objects[K]['type']> | null;
} & { errors: string[] };

export const ERRORS_DESCRIPTION = 'Errors encountered during execution of the mutation.';

/**
 * A relay mutation's payload options (the fourth argument of `builder.relayMutationField`): the
 * named objects, each nullable, and GitLab's `errors` list — the shape `runMutation` answers.
 */
export function mutationPayload<const Objects extends Record<string, PayloadObject>>(objects: Objects) {
  return {
    outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<Types, PayloadShape<Objects>>) => ({
      ...Object.fromEntries(
        Object.entries(objects).map(([name, { type, description }]) => [
          name,
          t.field({
            type,
            nullable: true,
            description,
            // The payload's key `name` holds this object (see PayloadShape); TypeScript cannot follow the entry.
            resolve: (payload) => payload[name as keyof Objects] as never,
          }),
        ]),
      ),
      errors: t.stringList({ description: ERRORS_DESCRIPTION, resolve: (payload) => payload.errors }),
    }),
  };
}
