import { resolveOffsetConnection } from '@pothos/plugin-relay';

/** GitLab's maximum page size for connections. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 100;

export type ConnectionArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
};

/** The prefix Pothos' offset cursors carry (`OffsetConnection:<offset>`). */
const OFFSET_PREFIX = 'OffsetConnection:';

/**
 * The total a cursor of `offsetConnection` remembers for `filterKey`: `OffsetConnection:<offset>`
 * followed by `:<total>:<filterKey>` (Pothos reads the offset and ignores the rest). undefined when
 * the cursor is from another filter (or another user), or has none.
 */
function rememberedTotal(cursor: string | null | undefined, filterKey: string): number | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^OffsetConnection:\d+:(\d{1,9}):([\w-]+)$/.exec(text);
  return match && match[2] === filterKey ? Number(match[1]) : undefined;
}

/**
 * An offset-paginated connection with a total `count`. `first`/`last` above the maximum are clamped
 * (GitLab's behaviour), negative ones are refused.
 *
 * With `filterKey` (a digest of the filter and the viewer), the total is counted once per filter:
 * the cursors carry it, and a page asked for `after`/`before` such a cursor of the same filter gets
 * it as `total` and need not count again (a client paging through 100,000 epics asks for `count`
 * on every page). It is the count of the filter's first page, as a client paging through holds it.
 */
export async function offsetConnection<T>(
  args: ConnectionArgs,
  fetch: (page: { limit: number; offset: number; total?: number }) => Promise<{ rows: T[]; total: number }>,
  filterKey?: string,
) {
  const clamped = {
    ...args,
    first: args.first == null ? args.first : Math.min(args.first, MAX_PAGE_SIZE),
    last: args.last == null ? args.last : Math.min(args.last, MAX_PAGE_SIZE),
  };
  const known = filterKey ? rememberedTotal(args.after ?? args.before, filterKey) : undefined;
  let total = 0;
  const connection = await resolveOffsetConnection(
    { args: clamped, defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE },
    async ({ limit, offset }) => {
      const page = await fetch(known === undefined ? { limit, offset } : { limit, offset, total: known });
      total = page.total;
      return page.rows;
    },
  );
  if (!filterKey) return { ...connection, count: total };
  const remember = (cursor: string) => {
    const text = Buffer.from(cursor, 'base64').toString('utf8');
    return text.startsWith(OFFSET_PREFIX)
      ? Buffer.from(`${text}:${total}:${filterKey}`, 'utf8').toString('base64')
      : cursor;
  };
  const remembered = (cursor: string | null | undefined) => (cursor ? remember(cursor) : cursor);
  return {
    ...connection,
    edges: connection.edges.map((edge) => (edge ? { ...edge, cursor: remember(edge.cursor) } : edge)),
    pageInfo: {
      ...connection.pageInfo,
      startCursor: remembered(connection.pageInfo.startCursor),
      endCursor: remembered(connection.pageInfo.endCursor),
    },
    count: total,
  };
}
