import { resolveOffsetConnection } from '@pothos/plugin-relay';
import type { KeyCursor } from '../db/keyset.ts';
import { sqlState } from '../errors.ts';

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

/** What a cursor of `offsetConnection` remembers for its filter: the total, and the row's place in the order. */
type Remembered = { total: number; key?: KeyCursor };

function decodeKey(text: string): KeyCursor | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { v?: unknown; id?: unknown } | null;
    const value = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 1000);
    if (
      !parsed ||
      !Array.isArray(parsed.v) ||
      parsed.v.length > 4 ||
      !parsed.v.every(value) ||
      typeof parsed.id !== 'string' ||
      !/^\d{1,15}$/.test(parsed.id)
    )
      return undefined;
    return { values: parsed.v as (string | null)[], id: Number(parsed.id) };
  } catch {
    return undefined;
  }
}

const encodeKey = (key: KeyCursor) =>
  Buffer.from(JSON.stringify({ v: key.values, id: String(key.id) }), 'utf8').toString('base64url');

/**
 * What a cursor of `offsetConnection` remembers for `filterKey`: `OffsetConnection:<offset>`
 * followed by `:<total>:<filterKey>` and, for a keyset list, `:<the row's sort key and id>` (Pothos
 * reads the offset and ignores the rest). undefined when the cursor is from another filter (or
 * another user), or has none.
 */
function remembered(cursor: string | null | undefined, filterKey: string): Remembered | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^OffsetConnection:\d+:(\d{1,9}):([\w-]+)(?::([\w-]+))?$/.exec(text);
  if (!match || match[2] !== filterKey) return undefined;
  return { total: Number(match[1]), key: match[3] ? decodeKey(match[3]) : undefined };
}

/** The window `offsetConnection` asks for: at an offset, or (keyset lists) `after`/`before` a row. */
export type OffsetWindow = {
  limit: number;
  offset: number;
  /** the filter's total, remembered by the cursor: not to be counted again */
  total?: number;
  /** the rows after this one in the order (the offset is then where they start, not a condition) */
  after?: KeyCursor;
  /** the `limit` rows before this one in the order */
  before?: KeyCursor;
};

/**
 * An offset-paginated connection with a total `count`. `first`/`last` above the maximum are clamped
 * (GitLab's behaviour), negative ones are refused.
 *
 * With `filterKey` (a digest of the filter and the viewer), the total is counted once per filter:
 * the cursors carry it, and a page asked for `after`/`before` such a cursor of the same filter gets
 * it as `total` and need not count again (a client paging through 100,000 epics asks for `count`
 * on every page). It is the count of the filter's first page, as a client paging through holds it.
 *
 * With `keyOf` as well (each row's sort key and id), the cursors also name their row, and a page
 * asked after (or before) such a cursor is fetched as "the rows after (before) that one" — a keyset
 * window whose cost does not depend on its depth — while the offsets stay what they would be, so
 * positions, `hasPreviousPage` and page numbers are unchanged. A cursor made without a key (or for
 * another filter) is read by its offset, as before.
 */
export async function offsetConnection<T>(
  args: ConnectionArgs,
  fetch: (page: OffsetWindow) => Promise<{ rows: T[]; total: number }>,
  filterKey?: string,
  keyOf?: (row: T) => KeyCursor | undefined,
) {
  const clamped = {
    ...args,
    first: args.first == null ? args.first : Math.min(args.first, MAX_PAGE_SIZE),
    last: args.last == null ? args.last : Math.min(args.last, MAX_PAGE_SIZE),
  };
  const after = filterKey ? remembered(args.after, filterKey) : undefined;
  const before = filterKey ? remembered(args.before, filterKey) : undefined;
  const known = (args.after ? after : before)?.total;
  let total = 0;
  const connection = await resolveOffsetConnection(
    { args: clamped, defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE },
    async ({ limit, offset }) => {
      const window: OffsetWindow = known === undefined ? { limit, offset } : { limit, offset, total: known };
      try {
        if (keyOf && known !== undefined && after?.key && !args.before) {
          const page = await fetch({ ...window, after: after.key });
          total = page.total;
          return page.rows;
        }
        if (keyOf && known !== undefined && before?.key && !args.after && limit > 1) {
          // Pothos reads the cursor's own row as the last one (it only tells that a next page exists).
          const page = await fetch({ ...window, limit: limit - 1, before: before.key });
          total = page.total;
          const last = page.rows.at(-1);
          if (page.rows.length === limit - 1 && last !== undefined) return [...page.rows, last];
          // Fewer rows before it than its offset says: the list changed meanwhile; read by offset.
        }
      } catch (error) {
        // A key PostgreSQL cannot read as the sort's type (a cursor made up by hand): read by offset.
        if (!sqlState(error)?.startsWith('22')) throw error;
      }
      const page = await fetch(window);
      total = page.total;
      return page.rows;
    },
  );
  if (!filterKey) return { ...connection, count: total };
  const remember = (cursor: string, row?: T) => {
    const text = Buffer.from(cursor, 'base64').toString('utf8');
    if (!text.startsWith(OFFSET_PREFIX)) return cursor;
    const rowKey = keyOf && row !== undefined ? keyOf(row) : undefined;
    const key = rowKey ? `:${encodeKey(rowKey)}` : '';
    return Buffer.from(`${text}:${total}:${filterKey}${key}`, 'utf8').toString('base64');
  };
  const edges = connection.edges.map((edge) => (edge ? { ...edge, cursor: remember(edge.cursor, edge.node) } : edge));
  const first = edges.find((edge) => edge !== null);
  const last = edges.findLast((edge) => edge !== null);
  const { startCursor, endCursor } = connection.pageInfo;
  return {
    ...connection,
    edges,
    pageInfo: {
      ...connection.pageInfo,
      startCursor: first?.cursor ?? (startCursor ? remember(startCursor) : startCursor),
      endCursor: last?.cursor ?? (endCursor ? remember(endCursor) : endCursor),
    },
    count: total,
  };
}
