import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import { isPoolWaitTimeout } from '../db/client.ts';
import { AppError, ServiceUnavailableError, userFacingDatabaseError } from '../errors.ts';
import { overloadedGraphQLError } from '../http/overload.ts';
import { addServerTiming, type ServerTimingPhase } from '../http/server-timing.ts';
import type { GraphQLContext } from './context.ts';
import { useGitLabLimits } from './limits.ts';
import { schema } from './schema.ts';

export type YogaServerContext = { req: FastifyRequest; reply: FastifyReply };

/** GraphQL Yoga, mounted by app.ts at /api/graphql. Errors other than GraphQL's own are masked. */
export function createGraphQLServer(
  makeContext: (req: FastifyRequest) => GraphQLContext,
  onUnexpectedError: (error: unknown) => void,
) {
  return createYoga<YogaServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/api/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    batching: { limit: 10 },
    // The depth and complexity limits depend on who asks (and complexity on the variables): a validation
    // result cached by document text would hand one visitor's verdict to the next. Parsing stays cached.
    parserAndValidationCache: { validationCache: false },
    maskedErrors: {
      errorMessage: 'Internal server error',
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (isPoolWaitTimeout(original))
          return overloadedGraphQLError(error instanceof GraphQLError ? error : undefined);
        const known = original && !(original instanceof AppError) ? userFacingDatabaseError(original) : undefined;
        if (known) return knownDatabaseError(known, error);
        if (original && !(original instanceof GraphQLError)) onUnexpectedError(original);
        return maskError(error, message, isDev);
      },
    },
    context: ({ req }) => makeContext(req),
    plugins: [useServerTiming(), useGitLabLimits(), useBadRequestForSyntaxErrors()],
  });
}

/**
 * GraphQL's phases in the request's `Server-Timing` header (http/server-timing.ts): parsing (the
 * parser cache answers a text seen before), validation (with GitLab's limits) and execution, from
 * the first of each phase's hooks to its end; a batch adds its operations up.
 */
function useServerTiming(): Plugin<GraphQLContext> {
  const timer = (context: unknown, phase: ServerTimingPhase) => {
    const req = (context as Partial<YogaServerContext>).req;
    const started = performance.now();
    return () => {
      if (req) addServerTiming(req, phase, performance.now() - started);
    };
  };
  return {
    onParse: ({ context }) => timer(context, 'parse'),
    onValidate: ({ context }) => timer(context, 'validate'),
    onExecute: ({ args }) => {
      const done = timer(args.contextValue, 'execute');
      return { onExecuteDone: done };
    },
  };
}

/**
 * A statement timeout (or a conflict that outlived its retries) in a resolver: its clear message,
 * and for a timeout GitLab's 503 with `Retry-After`, instead of a masked 'Internal server error'.
 */
function knownDatabaseError(known: AppError, error: unknown): GraphQLError {
  const located = error instanceof GraphQLError ? error : undefined;
  const http =
    known instanceof ServiceUnavailableError
      ? { status: 503, headers: { 'retry-after': String(known.retryAfterSeconds) } }
      : undefined;
  return new GraphQLError(known.message, {
    nodes: located?.nodes,
    source: located?.source,
    positions: located?.positions,
    path: located?.path,
    extensions: http ? { http } : {},
  });
}

/**
 * A document that does not parse is a bad request: 400 with the `errors` array (and no `data`), also
 * for clients that accept plain `application/json` (where Yoga would otherwise answer 200).
 */
function useBadRequestForSyntaxErrors(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || 'data' in result) return;
      const errors = result.errors ?? [];
      if (!errors.some((e) => e.extensions?.code === 'GRAPHQL_PARSE_FAILED')) return;
      setResult({
        ...result,
        errors: errors.map(
          (e) =>
            new GraphQLError(e.message, {
              source: e.source,
              positions: e.positions,
              extensions: { ...e.extensions, http: { status: 400 } },
            }),
        ),
      });
    },
  };
}
