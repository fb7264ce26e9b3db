/** The SQL statements a piece of work sends (every pool client's `query`), for tests that count them. */
import pg from 'pg';
import type { UserRow } from '../db/schema.ts';
import type { GraphQLResult } from './test-app.ts';

/** Runs `work`, returning what it gave and the text of every SQL statement sent meanwhile (nested calls too). */
export async function captureStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string })?.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = query;
  }
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
