/**
 * One declaration for a list's filters, used twice: as the list field's own arguments (GitLab's
 * flat arguments, which GitLab clients send) and as the fields of one filter input object
 * (`filters: IssueFilterInput`), which a client declares once and passes to the list and to its
 * counts alike (decision 0029).
 */
import type { ArgBuilder, ArgumentRef } from '@pothos/core';
import { GraphQLError } from 'graphql';
import type { builder } from './builder.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

export type FieldBuilder = PothosSchemaTypes.InputFieldBuilder<Types, 'InputObject'>;

/**
 * Input-object fields declared as a field's arguments: the argument builder (`t.arg`) stands in for
 * the input-field builder (it has the same methods, `field` being the builder itself), so one
 * declaration serves both.
 */
export function fieldsAsArgs<F extends Record<string, unknown>>(
  arg: ArgBuilder<Types>,
  fields: (t: FieldBuilder) => F,
): { [K in keyof F]: ArgumentRef<Types, unknown> } {
  return fields({ ...arg, field: arg } as unknown as FieldBuilder) as unknown as {
    [K in keyof F]: ArgumentRef<Types, unknown>;
  };
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * The list's arguments with its `filters` input merged in. A filter given both ways is refused:
 * the two could only disagree.
 */
export function mergeFilters<A extends { filters?: Record<string, unknown> | null }>(args: A): Omit<A, 'filters'> {
  const { filters, ...rest } = args;
  if (!filters) return rest;
  const merged: Record<string, unknown> = { ...rest };
  for (const [key, value] of Object.entries(filters)) {
    if (!given(value)) continue;
    if (given(merged[key])) {
      throw new GraphQLError(`\`${key}\` is given both as an argument and in \`filters\`; give it once.`);
    }
    merged[key] = value;
  }
  return merged as Omit<A, 'filters'>;
}
