/** The SQL statements a piece of work sends (every pool client's `query`), for tests that count them. */
import pg from 'pg';
import type { UserRow } from '../db/schema.ts';
import type { GraphQLResult } from './test-app.ts';

/** A statement sent: its text and parameters. */
export type SentQuery = { text: string; values: unknown[] };

/** Runs `work`, returning what it gave and every SQL statement sent meanwhile with its parameters (nested calls too). */
export async function captureQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: SentQuery[] }> {
  const queries: SentQuery[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'string' ? { text: first } : ((first ?? {}) as { text?: string; values?: unknown[] });
    queries.push({
      text: String(config.text ?? ''),
      values: Array.isArray(second) ? second : Array.isArray(config.values) ? config.values : [],
    });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await work(), queries };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/** Runs `work`, returning what it gave and the text of every SQL statement sent meanwhile (nested calls too). */
export async function captureStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const { result, queries } = await captureQueries(work);
  return { result, statements: queries.map((q) => q.text) };
}

type GraphQLCall = <T>(
  query: string,
  variables?: Record<string, unknown>,
  opts?: { as?: UserRow | null },
) => Promise<GraphQLResult<T>>;

/** A GraphQL request that must succeed: its data and the SQL statements it sent. */
export async function graphqlStatements<T>(
  t: { graphql: GraphQLCall },
  query: string,
  variables: Record<string, unknown>,
  as: UserRow,
): Promise<{ data: T; statements: string[] }> {
  const { result, statements } = await captureStatements(() => t.graphql<T>(query, variables, { as }));
  if (result.errors?.length || !result.data) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return { data: result.data, statements };
}
