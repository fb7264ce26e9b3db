/**
 * Keyset connections, as GitLab's (`Gitlab::Graphql::Pagination::Keyset`): a cursor names the row it
 * stands for by the list's sort key and id, and the next page is "the rows after that one", so a
 * page deep in a list costs what the first costs, and rows added or removed meanwhile do not shift
 * the pages. The total `count` is computed only when the query selects it.
 */
import { GraphQLError } from 'graphql';
import { type ConnectionArgs, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.ts';

/** A row's place in a list: its sort key's values (as text; null: it has none) and its id. */
export type KeysetCursor = { values: (string | null)[]; id: number };
export type KeysetPage = { first?: number; last?: number; after?: KeysetCursor; before?: KeysetCursor };

const INVALID = 'The cursor is not valid for this list and sort order: start again from the first page.';

/** `sort` binds the cursor to the order it was made in: another order's cursor is refused. */
export function encodeCursor(sort: string, c: KeysetCursor): string {
  return Buffer.from(JSON.stringify({ sort, values: c.values, id: String(c.id) })).toString('base64');
}

export function decodeCursor(sort: string, cursor: string): KeysetCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8'));
  } catch {
    throw new GraphQLError(INVALID);
  }
  const c = parsed as { sort?: unknown; values?: unknown; id?: unknown } | null;
  const value = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 1000);
  if (
    !c ||
    c.sort !== sort ||
    !Array.isArray(c.values) ||
    c.values.length > 4 ||
    !c.values.every(value) ||
    typeof c.id !== 'string' ||
    !/^\d{1,15}$/.test(c.id)
  ) {
    throw new GraphQLError(INVALID);
  }
  return { values: c.values as (string | null)[], id: Number(c.id) };
}

function size(name: string, v: number | null | undefined): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (v < 0) throw new GraphQLError(`Argument "${name}" must be a non-negative integer`);
  return Math.min(v, MAX_PAGE_SIZE);
}

/** Relay's arguments → a keyset page (GitLab's empty-string cursors mean "from the start"). */
export function keysetPage(sort: string, args: ConnectionArgs): KeysetPage {
  const first = size('first', args.first);
  const last = size('last', args.last);
  return {
    first: first ?? (last === undefined ? DEFAULT_PAGE_SIZE : undefined),
    last,
    after: args.after ? decodeCursor(sort, args.after) : undefined,
    before: args.before ? decodeCursor(sort, args.before) : undefined,
  };
}

/**
 * The connection of one keyset page. `more`: rows lie beyond the page in the direction it was read
 * (forwards with `first`, backwards with only `last`). As GitLab's: a page read after a cursor has
 * a previous page, one read before a cursor has a next page.
 */
export function keysetConnection<T>(
  sort: string,
  page: KeysetPage,
  result: { edges: { node: T; cursor: KeysetCursor }[]; more: boolean; count: () => Promise<number> },
) {
  const backward = page.last !== undefined && page.first === undefined;
  const edges = result.edges.map((e) => ({ node: e.node, cursor: encodeCursor(sort, e.cursor) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: backward ? page.before !== undefined : result.more,
      hasPreviousPage: backward ? result.more : page.after !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    count: result.count,
  };
}
