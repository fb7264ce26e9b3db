/** The schema builder: plugins, scalars and context only. Types live beside their domain in modules/. */
import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import { NOT_FOUND_MESSAGE } from '../errors.ts';
import type { GraphQLContext } from './context.ts';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { public: boolean; signedIn: boolean; admin: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    Time: { Input: string; Output: Date | string };
    Date: { Input: string; Output: string };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({
      public: true,
      signedIn: ctx.actor.user !== null,
      admin: ctx.actor.user?.admin === true,
    }),
    unauthorizedError: () => new GraphQLError(NOT_FOUND_MESSAGE),
  },
  relay: {
    clientMutationId: 'optional',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    nodesOnConnection: {},
    pageInfoTypeOptions: { description: 'Information about pagination in a connection.' },
  },
  complexity: {
    defaultComplexity: 1,
    // GitLab scales a connection's children by first / max page size (≤ 1), so lists count once.
    defaultListMultiplier: 1,
  },
});

builder.scalarType('Time', {
  description: 'Time represented in ISO 8601. For example: "2021-03-09T14:58:50+00:00".',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: (value) => {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw new GraphQLError('Time must be an ISO 8601 string');
    return value;
  },
});

builder.scalarType('Date', {
  description: 'Date represented in ISO 8601 (YYYY-MM-DD).',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new GraphQLError(`${JSON.stringify(value)} is not a valid ISO 8601 date (YYYY-MM-DD)`);
    }
    return value;
  },
});

builder.queryType({ description: 'The root of every read.' });
builder.mutationType({ description: 'The root of every change.' });
