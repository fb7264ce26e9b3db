/**
 * GitLab's connection types: `<Name>Connection` with `<Name>Edge`, and the `count` field every
 * GitLab connection has (the total `offsetConnection` puts on the connection). One place, so that a
 * domain's schema declares its connection in one line.
 */
import type { ObjectRef, OutputType } from '@pothos/core';
import { builder } from './builder.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

export const COUNT_DESCRIPTION = 'Total count of collection.';

/** Adds GitLab's `count` (the connection's total) to a connection type; returns it. */
export function withCount<C extends ObjectRef<Types, unknown>>(connection: C, description = COUNT_DESCRIPTION): C {
  builder.objectField(connection, 'count', (t) =>
    t.int({ description, resolve: (c) => (c as { count: number }).count }),
  );
  return connection;
}

/** `<name>Connection` of `type`, its edges `<name>Edge`, with `count`. */
export function countedConnection<Type extends OutputType<Types>>(
  type: Type,
  name: string,
  countDescription = COUNT_DESCRIPTION,
) {
  return withCount(
    builder.connectionObject({ type, name: `${name}Connection` }, { name: `${name}Edge` }),
    countDescription,
  );
}
