/**
 * GitLab's query limits: text length, depth and complexity, with GitLab's messages.
 * Signed-out visitors get the lower limits.
 */
import { createComplexityRule } from '@pothos/plugin-complexity';
import { type DocumentNode, GraphQLError, Kind, type OperationDefinitionNode, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './context.ts';

export const MAX_QUERY_LENGTH = 10_000;
export const LIMITS = {
  anonymous: { depth: 15, complexity: 200 },
  signedIn: { depth: 20, complexity: 250 },
} as const;

/** Limits for the request: validation runs before our context is built, so read the Fastify request. */
export function limitsFor(serverContext: { req?: { actor?: { user: unknown } } }) {
  return serverContext.req?.actor?.user ? LIMITS.signedIn : LIMITS.anonymous;
}

/**
 * The schema's own validation of a document (GraphQL's rules: the same answer for everyone), kept
 * per parsed document: Yoga's parser cache hands back the same document object for the same text.
 */
const standardValidation = new WeakMap<DocumentNode, readonly GraphQLError[]>();

export function useGitLabLimits(): Plugin<GraphQLContext> {
  return {
    onValidate({ context, params, validateFn, setValidationFn }) {
      const limits = limitsFor(context as { req?: { actor?: { user: unknown } } });
      const variables = (context as unknown as { params?: { variables?: Record<string, unknown> } }).params?.variables;
      const complexityRule = createComplexityRule({
        context,
        variableValues: variables ?? {},
        operationName: (context as unknown as { params?: { operationName?: string } }).params?.operationName,
        validate: (result, report) => {
          if (result.depth > limits.depth) {
            report(new GraphQLError(`Query has depth of ${result.depth}, which exceeds max depth of ${limits.depth}`));
          }
          if (result.complexity > limits.complexity) {
            report(
              new GraphQLError(
                `Query has complexity of ${result.complexity}, which exceeds max complexity of ${limits.complexity}`,
              ),
            );
          }
        },
      });
      // A valid document passes GraphQL's rules for everyone: check those once per document, and
      // the limits (which depend on who asks and on the variables) on every request. An invalid
      // one is validated in one pass with every rule, as always.
      setValidationFn((schema, document, rules, options, typeInfo) => {
        const cached = standardValidation.get(document);
        const errors = cached ?? validateFn(schema, document, rules, options, typeInfo);
        if (!cached) standardValidation.set(document, errors);
        if (errors.length) return validateFn(schema, document, [...rules, complexityRule], options, typeInfo);
        return validateFn(schema, document, [complexityRule], options, typeInfo);
      });
      void params;
    },
  };
}

/**
 * Characters of query text in a request (GET `query`, a POST body, or a batch: the sum, as GitLab).
 * Over MAX_QUERY_LENGTH, app.ts answers 422 `Query too large` before any parsing.
 */
export function queryTextLength(payload: unknown): number {
  const one = (p: unknown) => {
    const query = (p as { query?: unknown } | null)?.query;
    return typeof query === 'string' ? query.length : 0;
  };
  return Array.isArray(payload) ? payload.reduce((n: number, p) => n + one(p), 0) : one(payload);
}

/** True when a GET request's query text holds a mutation (GitLab refuses those with 422). */
export function isMutationText(query: unknown): boolean {
  if (typeof query !== 'string') return false;
  try {
    return parse(query).definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && (d as OperationDefinitionNode).operation === 'mutation',
    );
  } catch {
    return false;
  }
}
