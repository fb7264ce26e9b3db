import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { createYoga, maskError } from 'graphql-yoga';
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
        if (original && !(original instanceof GraphQLError)) onUnexpectedError(original);
        return maskError(error, message, isDev);
      },
    },
    context: ({ req }) => makeContext(req),
    plugins: [useGitLabLimits()],
  });
}
