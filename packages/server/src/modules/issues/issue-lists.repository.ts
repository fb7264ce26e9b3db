/**
 * SQL of the issue lists: keyset pages, their total, and the state tabs' counts (the manual
 * order's positions are in relative-order.repository.ts).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { beyond, type KeyCursor, keyOrder, keyValues } from '../../db/keyset.ts';
import { type IssueFilter, i, issueConditions, issueSortKey, p, pg } from './issue-filters.ts';
import { issueNodeColumns, issueNodeOf } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

export type IssueStateCounts = { opened: number; closed: number; all: number };

/** Where a keyset page starts or ends: the sort key's values (as text; null: none) and the issue's id. */
export type IssueCursor = KeyCursor;
/** A keyset page: `first` rows after `after`, or the `last` rows before `before` (either may be absent). */
export type IssueKeysetPage = { first?: number; last?: number; after?: IssueCursor; before?: IssueCursor };

const ID = sql`i.id`;

export function issueListsRepository(db: Db) {
  return {
    /**
     * Open, closed and all issues matching the filter (its state ignored) among those `visible`: one
     * scan of issues (`visible` and the filter read only `i`).
     */
    async stateCounts(visible: SQL, filter: IssueFilter): Promise<IssueStateCounts> {
      const [row] = await db
        .select({
          opened: sql<number>`count(*) FILTER (WHERE i.state = 'opened')::int`,
          closed: sql<number>`count(*) FILTER (WHERE i.state = 'closed')::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(i)
        .where(and(visible, ...issueConditions({ ...filter, state: 'all' })));
      return { opened: row?.opened ?? 0, closed: row?.closed ?? 0, all: row?.all ?? 0 };
    },

    /**
     * One keyset page of the issues matching the filter among those `visible`, in the list's order,
     * each with its cursor (the rows as nodes: with project, group and assignees), and whether more
     * rows lie beyond the page in the direction read. The cost does not grow with the depth of the
     * page: the cursor is a condition, not an offset.
     */
    async keysetPage(
      visible: SQL,
      filter: IssueFilter,
      page: IssueKeysetPage,
    ): Promise<{ rows: { node: IssueNode; cursor: IssueCursor }[]; more: boolean }> {
      const key = issueSortKey(filter.sort);
      const backward = page.last !== undefined && page.first === undefined;
      const limit = (backward ? page.last : page.first) ?? 0;
      const found = await db
        .select({ ...issueNodeColumns, values: keyValues(key) })
        .from(i)
        .innerJoin(p, eq(p.id, i.projectId))
        .innerJoin(pg, eq(pg.id, p.groupId))
        .where(
          and(
            visible,
            ...issueConditions(filter),
            page.after && beyond(key, ID, page.after, 'after'),
            page.before && beyond(key, ID, page.before, 'before'),
          ),
        )
        .orderBy(keyOrder(key, ID, backward))
        .limit(limit + 1);
      const rows = found
        .slice(0, limit)
        .map((r) => ({ node: issueNodeOf(r), cursor: { values: r.values, id: r.issue.id } }));
      return { rows: backward ? rows.reverse() : rows, more: found.length > limit };
    },

    /** How many issues match the filter among those `visible`. */
    async count(visible: SQL, filter: IssueFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(i)
        .innerJoin(p, eq(p.id, i.projectId))
        .innerJoin(pg, eq(pg.id, p.groupId))
        .where(and(visible, ...issueConditions(filter)));
      return row?.n ?? 0;
    },
  };
}
