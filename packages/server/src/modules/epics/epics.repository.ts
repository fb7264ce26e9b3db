/** SQL for epics: rows, lists with GitLab's filters, and writes. Access rules arrive as SQL conditions. */

import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type IdList, parseIdList } from '../../db/id-list.ts';
import { beyond, type KeyCursor, keyOrder, keyValues, type SortKey } from '../../db/keyset.ts';
import { type EpicRow, epicLabels, epics, type GroupRow, groups } from '../../db/schema.ts';
import { likePattern } from '../../db/sql.ts';
import { isWholeUnit, transaction, writeBehind } from '../../db/transaction.ts';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository.ts';
import type { EpicNode } from './epics.types.ts';

/** An epic with its group: the domain's `EpicNode` (one shape, two names). */
export type EpicWithGroup = EpicNode;

/** The sort orders of GitLab's EpicSort plus the tree order (children, REST links). */
export type EpicSortKey =
  | 'start_date_asc'
  | 'start_date_desc'
  | 'end_date_asc'
  | 'end_date_desc'
  | 'title_asc'
  | 'title_desc'
  | 'created_at_asc'
  | 'created_at_desc'
  | 'updated_at_asc'
  | 'updated_at_desc'
  | 'relative_position';

export type Wildcard = 'none' | 'any';

export type EpicListFilter = {
  /** SQL over "epics" / "groups" restricting to what the actor may read */
  visible: SQL;
  /** epics of these groups (already resolved: the group, its descendants and/or ancestors) */
  groupScope?: { groupId: number; descendants: boolean; ancestorIds: readonly number[] };
  parentId?: number;
  ids?: readonly number[];
  state?: 'opened' | 'closed';
  iids?: readonly number[];
  iidStartsWith?: string;
  authorIds?: readonly number[];
  authorUsernames?: readonly string[];
  /** every one of these labels (AND) */
  labelNames?: readonly string[];
  labelWildcard?: Wildcard;
  /** any of these labels (OR) */
  anyLabelNames?: readonly string[];
  milestoneTitle?: string;
  reaction?: { userId: number; name: string | Wildcard };
  confidential?: boolean;
  search?: { term: string; title: boolean; description: boolean };
  timeframe?: { start: string; end: string };
  topLevelOnly?: boolean;
  /** only the rows a roadmap of this list shows at top level (`nestsInList` is false) */
  topLevelInList?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  subscribed?: { userId: number; subscribed: boolean };
  not?: {
    labelNames?: readonly string[];
    authorIds?: readonly number[];
    authorUsernames?: readonly string[];
    reaction?: { userId: number; name: string };
  };
  sort: EpicSortKey;
  limit: number;
  offset: number;
};

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/** The advisory-lock class of epic hierarchies (`pg_advisory_xact_lock(class, key)`). */
const HIERARCHY_LOCK = 7410002;
const hierarchyKey = (rootGroupId: SQL) => sql`(${rootGroupId} % 2147483647)::int`;

/**
 * The global lock order of every write to epic trees: the hierarchy first — one transaction-scoped
 * advisory lock per top-level group, which holds every epic a tree can reach (a parent's group is
 * always an ancestor of the child's) — then rows. Two writes to the same hierarchy (re-parenting A
 * under B and B under A, a reorder and a date change that rolls up the same ancestors) queue here
 * instead of locking the ancestor chains in opposite orders. Re-entrant within a transaction.
 */
export async function lockEpicHierarchies(db: Db, epicIds: readonly number[]): Promise<void> {
  if (epicIds.length === 0 || isWholeUnit(db)) return;
  await db.execute(sql`SELECT pg_advisory_xact_lock(${HIERARCHY_LOCK}, ${hierarchyKey(sql`h.root`)})
    FROM (SELECT DISTINCT g.traversal_ids[1] AS root FROM epics e JOIN groups g ON g.id = e.group_id
          WHERE e.id = ANY(${ids(epicIds)})) h ORDER BY h.root`);
}
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/**
 * The epic carries one of the labels matched by `labelCondition` (over `labels`). The label ids are
 * looked up once per query (an InitPlan), so each epic costs one probe of epic_labels' primary key.
 */
function hasLabelWhere(labelCondition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM epic_labels f_el WHERE f_el.epic_id = ${epics.id}
    AND f_el.label_id = ANY(ARRAY(SELECT f_l.id FROM labels f_l WHERE ${labelCondition})))`;
}

/**
 * The epic carries every one of these labels (titles compared case-insensitively): one grouped
 * semi-join over epic_labels, whatever the number of names, instead of one EXISTS per name.
 */
function hasAllLabels(titles: readonly string[]): SQL {
  const wanted = [...new Set(titles.map((t) => t.toLowerCase()))];
  return sql`${epics.id} IN (SELECT f_el.epic_id FROM epic_labels f_el JOIN labels f_l ON f_l.id = f_el.label_id
    WHERE f_el.label_id = ANY(ARRAY(SELECT f_w.id FROM labels f_w WHERE lower(f_w.title) = ANY(${texts(wanted)})))
    GROUP BY f_el.epic_id HAVING count(DISTINCT lower(f_l.title)) = ${wanted.length})`;
}

function authorIn(usernames: readonly string[]): SQL {
  return sql`${epics.authorId} IN (SELECT id FROM users WHERE lower(username) = ANY(${texts(usernames.map((u) => u.toLowerCase()))}))`;
}

function reacted(userId: number, name: string | null): SQL {
  return sql`EXISTS (SELECT 1 FROM award_emoji f_a WHERE f_a.awardable_type = 'Epic' AND f_a.awardable_id = ${epics.id}
    AND f_a.user_id = ${userId} ${name === null ? sql`` : sql`AND f_a.name = ${name}`})`;
}

/** WHERE conditions of a filter (shared by the page and its count). */
export function epicConditions(f: Omit<EpicListFilter, 'sort' | 'limit' | 'offset'>): SQL {
  const c: SQL[] = [f.visible];
  if (f.groupScope) {
    const { groupId, descendants, ancestorIds } = f.groupScope;
    const own = descendants
      ? sql`${groups.traversalIds} @> ARRAY[${groupId}]::bigint[]`
      : sql`${groups.id} = ${groupId}`;
    c.push(ancestorIds.length ? sql`(${own} OR ${groups.id} = ANY(${ids(ancestorIds)}))` : own);
  }
  if (f.parentId !== undefined) c.push(eq(epics.parentId, f.parentId));
  if (f.ids) c.push(sql`${epics.id} = ANY(${ids(f.ids)})`);
  if (f.state) c.push(eq(epics.state, f.state));
  if (f.iids) c.push(sql`${epics.iid} = ANY(${sql.param(f.iids.map(String))}::int[])`);
  if (f.iidStartsWith) c.push(sql`${epics.iid}::text LIKE ${`${f.iidStartsWith}%`}`);
  if (f.authorIds) c.push(sql`${epics.authorId} = ANY(${ids(f.authorIds)})`);
  if (f.authorUsernames) c.push(authorIn(f.authorUsernames));
  if (f.labelNames?.length) c.push(hasAllLabels(f.labelNames));
  if (f.labelWildcard) {
    const any = sql`EXISTS (SELECT 1 FROM epic_labels f_el WHERE f_el.epic_id = ${epics.id})`;
    c.push(f.labelWildcard === 'any' ? any : sql`NOT ${any}`);
  }
  if (f.anyLabelNames?.length) {
    c.push(hasLabelWhere(sql`lower(f_l.title) = ANY(${texts(f.anyLabelNames.map((l) => l.toLowerCase()))})`));
  }
  if (f.milestoneTitle !== undefined) {
    c.push(sql`EXISTS (SELECT 1 FROM epic_issues f_ei JOIN issues f_i ON f_i.id = f_ei.issue_id
      JOIN milestones f_m ON f_m.id = f_i.milestone_id WHERE f_ei.epic_id = ${epics.id} AND f_m.title = ${f.milestoneTitle})`);
  }
  if (f.reaction) {
    const { userId, name } = f.reaction;
    if (name === 'none') c.push(sql`NOT ${reacted(userId, null)}`);
    else c.push(reacted(userId, name === 'any' ? null : name));
  }
  if (f.confidential !== undefined) c.push(eq(epics.confidential, f.confidential));
  if (f.search) {
    const pattern = likePattern(f.search.term);
    const parts: SQL[] = [];
    if (f.search.title) parts.push(sql`${epics.title} ILIKE ${pattern}`);
    if (f.search.description) parts.push(sql`${epics.description} ILIKE ${pattern}`);
    c.push(parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`);
  }
  if (f.timeframe) {
    // GitLab's `within_timeframe`: has a date, and the dates overlap [start, end].
    c.push(sql`(${epics.startDate} IS NOT NULL OR ${epics.dueDate} IS NOT NULL)`);
    c.push(sql`(${epics.startDate} IS NULL OR ${epics.startDate} <= ${f.timeframe.end}::date)`);
    c.push(sql`(${epics.dueDate} IS NULL OR ${epics.dueDate} >= ${f.timeframe.start}::date)`);
  }
  if (f.topLevelOnly) c.push(sql`${epics.parentId} IS NULL`);
  if (f.topLevelInList) c.push(sql`NOT ${nestsInList({ ...f, topLevelInList: false })}`);
  if (f.createdAfter) c.push(sql`${epics.createdAt} >= ${f.createdAfter}::timestamptz`);
  if (f.createdBefore) c.push(sql`${epics.createdAt} <= ${f.createdBefore}::timestamptz`);
  if (f.updatedAfter) c.push(sql`${epics.updatedAt} >= ${f.updatedAfter}::timestamptz`);
  if (f.updatedBefore) c.push(sql`${epics.updatedAt} <= ${f.updatedBefore}::timestamptz`);
  if (f.subscribed) {
    c.push(sql`${f.subscribed.subscribed ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM subscriptions f_s
      WHERE f_s.subscribable_type = 'Epic' AND f_s.subscribable_id = ${epics.id}
        AND f_s.user_id = ${f.subscribed.userId} AND f_s.subscribed)`);
  }
  const not = f.not ?? {};
  if (not.labelNames?.length) {
    c.push(
      sql`NOT ${hasLabelWhere(sql`lower(f_l.title) = ANY(${texts(not.labelNames.map((l) => l.toLowerCase()))})`)}`,
    );
  }
  if (not.authorIds?.length) c.push(sql`NOT COALESCE(${epics.authorId} = ANY(${ids(not.authorIds)}), false)`);
  if (not.authorUsernames?.length) c.push(sql`NOT COALESCE(${authorIn(not.authorUsernames)}, false)`);
  if (not.reaction) c.push(sql`NOT ${reacted(not.reaction.userId, not.reaction.name)}`);
  return and(...c) as SQL;
}

/**
 * The epic nests under another epic of the list `f` (spec 000's nesting rule, `topLevelEpics` of
 * @milepost/shared): its parent has both dates and is in the list, or the parent lacks a date and
 * any of its ancestors is in the list (hidden epics never are: `f` holds the viewer's access). So a
 * roadmap's rows are positions in one list the server pages (issue 17) instead of a client nesting
 * what it happened to load.
 *
 * "In the list" is `IN (the list's ids)`: uncorrelated, so PostgreSQL either hashes the list once
 * per statement (a count, a deep window) or probes it by primary key per row (a short window),
 * whichever its estimate prefers; the list's own "epics" and "groups" are the subquery's, and the
 * row's own columns are reached from outside it (in the unnest, whose FROM has no "epics").
 */
function nestsInList(f: Omit<EpicListFilter, 'sort' | 'limit' | 'offset'>): SQL {
  const list = (extra: SQL) =>
    sql`(SELECT ${epics.id} FROM ${epics} INNER JOIN ${groups} ON ${groups.id} = ${epics.groupId}
      WHERE ${epicConditions(f)}${extra})`;
  const dated = sql` AND ${epics.startDate} IS NOT NULL AND ${epics.dueDate} IS NOT NULL`;
  return sql`(${epics.parentId} IS NOT NULL AND (
    ${epics.parentId} IN ${list(dated)}
    OR (COALESCE((SELECT nest_parent.start_date IS NULL OR nest_parent.due_date IS NULL
                  FROM epics nest_parent WHERE nest_parent.id = ${epics.parentId}), false)
        AND EXISTS (SELECT 1 FROM unnest(${epics.pathIds}) AS nest_ancestor(id)
                    WHERE nest_ancestor.id <> ${epics.id} AND nest_ancestor.id IN ${list(sql``)}))))`;
}

/** A sort's key (db/keyset.ts): its column, rows without a value last, then the id in the same direction. */
export function epicSortKey(sort: EpicSortKey): SortKey {
  const key = (expr: SQL, desc: boolean, nullable: boolean): SortKey => ({ parts: [{ expr, nullable }], desc });
  switch (sort) {
    case 'start_date_asc':
      return key(sql`${epics.startDate}`, false, true);
    case 'start_date_desc':
      return key(sql`${epics.startDate}`, true, true);
    case 'end_date_asc':
      return key(sql`${epics.dueDate}`, false, true);
    case 'end_date_desc':
      return key(sql`${epics.dueDate}`, true, true);
    case 'title_asc':
      return key(sql`${epics.title}`, false, false);
    case 'title_desc':
      return key(sql`${epics.title}`, true, false);
    case 'created_at_asc':
      return key(sql`${epics.createdAt}`, false, false);
    case 'created_at_desc':
      return key(sql`${epics.createdAt}`, true, false);
    case 'updated_at_asc':
      return key(sql`${epics.updatedAt}`, false, false);
    case 'updated_at_desc':
      return key(sql`${epics.updatedAt}`, true, false);
    default:
      return key(sql`${epics.relativePosition}`, false, true);
  }
}

const EPIC_ID = sql`${epics.id}`;

/** The filter keys a roadmap's pass can answer from `epics_roadmap_pass` alone (with the groups' rows). */
const PASS_INDEX_KEYS: ReadonlySet<string> = new Set([
  'visible',
  'groupScope',
  'state',
  'timeframe',
  'confidential',
  'topLevelOnly',
  'topLevelInList',
  'sort',
  // a window's (the pass reads the whole list)
  'limit',
  'offset',
]);
/** The orders whose keys (and the id) are in `epics_roadmap_pass`. */
const PASS_INDEX_SORTS: ReadonlySet<EpicSortKey> = new Set([
  'start_date_asc',
  'start_date_desc',
  'end_date_asc',
  'end_date_desc',
]);

/**
 * Whether a roadmap's pass (`orderedIds` of a `topLevelInList` list in a group) reads only columns
 * of `epics_roadmap_pass` (migration 0033: group, dates, id, confidential, state, parent, path):
 * the roadmap's default list — a state, the timeframe, the viewer's access — in a date order. The
 * planner then still prefers a bitmap heap scan per group in scope (the group's rows and the
 * timeframe's index entries ANDed, then every table block holding one read: ~31,700 of them for
 * 100,000 epics, whose rows the seeder and real use spread over the whole table), which measured
 * 2.4 times slower than reading that index alone (decision 0078); the pass is asked to plan
 * without bitmap scans. Any other filter or order needs the table's rows and is planned as before.
 */
export function readsPassIndexOnly(f: Omit<EpicListFilter, 'limit' | 'offset'>): boolean {
  if (!f.topLevelInList || !f.groupScope || !PASS_INDEX_SORTS.has(f.sort)) return false;
  const none = (value: unknown) => value === undefined;
  return Object.entries(f).every(
    ([key, value]) =>
      none(value) || PASS_INDEX_KEYS.has(key) || (key === 'not' && Object.values(value as object).every(none)),
  );
}

function orderBy(sort: EpicSortKey): SQL {
  return keyOrder(epicSortKey(sort), EPIC_ID);
}

/** Where a keyset window starts: after (or before) the row this cursor names, in the filter's order. */
export type EpicKeyset = { after?: KeyCursor; before?: KeyCursor };

export type NewEpic = {
  groupId: number;
  iid: number;
  title: string;
  description: string;
  confidential: boolean;
  authorId: number | null;
  color: string;
  parentId: number | null;
  relativePosition: number | null;
  startDateIsFixed: boolean;
  startDateFixed: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
  createdAt?: Date;
};

export type EpicChanges = Partial<
  Pick<
    EpicRow,
    | 'title'
    | 'description'
    | 'confidential'
    | 'color'
    | 'state'
    | 'closedAt'
    | 'closedById'
    | 'startDateIsFixed'
    | 'startDateFixed'
    | 'dueDateIsFixed'
    | 'dueDateFixed'
    | 'updatedAt'
  >
>;

export function epicsRepository(db: Db) {
  const withGroup = () =>
    db.select({ epic: epics, group: groups }).from(epics).innerJoin(groups, eq(groups.id, epics.groupId));

  return {
    async findByIid(groupId: number, iid: number): Promise<EpicWithGroup | undefined> {
      return (
        await withGroup()
          .where(and(eq(epics.groupId, groupId), eq(epics.iid, iid)))
          .limit(1)
      )[0];
    },
    async findById(id: number): Promise<EpicWithGroup | undefined> {
      return (await withGroup().where(eq(epics.id, id)).limit(1))[0];
    },
    async findByIds(list: readonly number[]): Promise<EpicWithGroup[]> {
      if (list.length === 0) return [];
      return await withGroup().where(sql`${epics.id} = ANY(${ids(list)})`);
    },
    /**
     * Locks the rows (in a transaction) so concurrent tree changes serialise: first their
     * hierarchies (see `lockEpicHierarchies`), then the rows themselves in id order.
     */
    async lock(list: readonly number[]): Promise<void> {
      if (list.length === 0 || isWholeUnit(db)) return; // nothing competes with a whole unit
      await lockEpicHierarchies(db, list);
      await db.execute(sql`SELECT id FROM epics WHERE id = ANY(${ids(list)}) ORDER BY id FOR UPDATE`);
    },
    /** The hierarchy lock of a top-level group (for writes that have no epic row to start from). */
    async lockHierarchy(rootGroupId: number): Promise<void> {
      if (isWholeUnit(db)) return;
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(${HIERARCHY_LOCK}, ${hierarchyKey(sql`${rootGroupId}::bigint`)})`,
      );
    },
    /**
     * A page of matching epics, each with its place in the order (its cursor), and their number.
     * Without `knownTotal` one scan finds the page's ids and counts every match (an index-only scan
     * for roadmap pages, see migration 0004); with it (the count of the filter's first page, carried
     * by the cursor) only the page is read. With a keyset (`knownTotal` then given too) the page
     * starts after (or ends before) the row the cursor names instead of at an offset, so a page deep
     * in the list costs what the first costs: the rows `limit` beyond the cursor, in order.
     */
    async list(
      f: EpicListFilter,
      knownTotal?: number,
      keyset: EpicKeyset = {},
    ): Promise<{ rows: (EpicWithGroup & { cursor: KeyCursor })[]; total: number }> {
      const where = epicConditions(f);
      const count = () =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(epics)
          .innerJoin(groups, eq(groups.id, epics.groupId))
          .where(where);
      if (f.limit <= 0) return { rows: [], total: knownTotal ?? (await count())[0]?.n ?? 0 };
      const key = epicSortKey(f.sort);
      const from = knownTotal === undefined ? undefined : (keyset.after ?? keyset.before);
      const backward = from !== undefined && keyset.after === undefined;
      const window = db
        .select({
          id: sql<number>`${epics.id}`.as('page_id'),
          total: (knownTotal === undefined ? sql<number>`count(*) OVER ()` : sql<number>`${knownTotal}::int`).as(
            'total',
          ),
          values: keyValues(key).as('key_values'),
        })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(from ? and(where, beyond(key, EPIC_ID, from, backward ? 'before' : 'after')) : where)
        .orderBy(keyOrder(key, EPIC_ID, backward))
        .limit(f.limit)
        .$dynamic();
      const page = (from ? window : window.offset(f.offset)).as('page');
      const found = await db
        .select({ epic: epics, group: groups, total: page.total, values: page.values })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .innerJoin(page, sql`${page.id} = ${epics.id}`)
        .orderBy(orderBy(f.sort));
      const rows = found.map(({ epic, group, values }) => ({ epic, group, cursor: { values, id: epic.id } }));
      if (knownTotal !== undefined) return { rows, total: knownTotal };
      // Past the last page there is no row to carry the count: count on its own.
      const total = found.length ? Number(found[0]?.total) : ((await count())[0]?.n ?? 0);
      return { rows, total };
    },
    /**
     * The ids of every matching row in the list's order: a position index (epic-positions.ts), so
     * that a window anywhere in the list is the ids at its positions. One pass over the matches, as
     * the count is (and their number is the count); the ids arrive as one text, not a row each.
     */
    async orderedIds(f: Omit<EpicListFilter, 'limit' | 'offset'>): Promise<IdList> {
      // A roadmap's list (`topLevelInList`) applies the nesting rule here, its "in the list" sets
      // hashed once for the statement (a set-based rewrite with joins measured twice as slow).
      const statement = sql`
        SELECT string_agg(${epics.id}::text, ',' ORDER BY ${keyOrder(epicSortKey(f.sort), EPIC_ID)}) AS ids
        FROM ${epics} INNER JOIN ${groups} ON ${groups.id} = ${epics.groupId}
        WHERE ${epicConditions(f)}`;
      const result = readsPassIndexOnly(f)
        ? await transaction(db, async (tx) => {
            // Same statement, same rows: only the plan differs (see `readsPassIndexOnly`).
            await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
            return await tx.execute<{ ids: string | null }>(statement);
          })
        : await db.execute<{ ids: string | null }>(statement);
      return parseIdList(result.rows[0]?.ids);
    },
    /**
     * The rows of these ids (a window read through a position index) in the given order, each with
     * its place in the list's order (its cursor), those the viewer may still read (`visible`): one
     * look-up by primary key per row, whatever the list's length.
     */
    async windowByIds(
      ids: readonly number[],
      visible: SQL,
      sort: EpicSortKey,
    ): Promise<(EpicWithGroup & { cursor: KeyCursor })[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ epic: epics, group: groups, values: keyValues(epicSortKey(sort)) })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(and(sql`${epics.id} = ANY(${sql.param(ids.map(String))}::bigint[])`, visible));
      const byId = new Map(
        found.map(({ epic, group, values }) => [epic.id, { epic, group, cursor: { values, id: epic.id } }]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    /** Whether the epic `id` matches the list `f` (the nesting rule aside). */
    async matches(f: Omit<EpicListFilter, 'limit' | 'offset' | 'sort'>, id: number): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM ${epics} INNER JOIN ${groups} ON ${groups.id} = ${epics.groupId}
        WHERE ${epics.id} = ${id} AND ${epicConditions({ ...f, topLevelInList: false })}`);
      return result.rows.length > 0;
    },
    /** Every matching row (unpaginated lists such as REST child epics). */
    async all(f: Omit<EpicListFilter, 'limit' | 'offset'>): Promise<EpicWithGroup[]> {
      return await withGroup().where(epicConditions(f)).orderBy(orderBy(f.sort));
    },
    async insert(values: NewEpic): Promise<EpicRow> {
      const [row] = await db
        .insert(epics)
        .values({ ...values, pathIds: [] })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async update(id: number, changes: EpicChanges, bumpLock = true): Promise<EpicRow | undefined> {
      return (
        await db
          .update(epics)
          .set({
            ...changes,
            updatedAt: changes.updatedAt ?? new Date(),
            ...(bumpLock ? { lockVersion: sql`${epics.lockVersion} + 1` } : {}),
          })
          .where(eq(epics.id, id))
          .returning()
      )[0];
    },
    async delete(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM award_emoji WHERE awardable_type = 'Epic' AND awardable_id = ${id}`);
      await db.execute(sql`DELETE FROM subscriptions WHERE subscribable_type = 'Epic' AND subscribable_id = ${id}`);
      await db.delete(epics).where(eq(epics.id, id));
    },
    async labelIds(epicId: number): Promise<number[]> {
      const rows = await db.select({ id: epicLabels.labelId }).from(epicLabels).where(eq(epicLabels.epicId, epicId));
      return rows.map((r) => r.id);
    },
    async setLabels(epicId: number, labelIds: readonly number[]): Promise<void> {
      await writeBehind(db, db.delete(epicLabels).where(eq(epicLabels.epicId, epicId)));
      if (labelIds.length)
        await writeBehind(db, db.insert(epicLabels).values(labelIds.map((labelId) => ({ epicId, labelId }))));
    },
    /** Group labels available to epics of a group: its own and its ancestors', by id or (case-insensitive) title. */
    async groupLabels(
      group: GroupRow,
      by: { ids?: readonly number[]; titles?: readonly string[] },
    ): Promise<{ id: number; title: string }[]> {
      const conditions: SQL[] = [];
      if (by.ids?.length) conditions.push(sql`id = ANY(${ids(by.ids)})`);
      if (by.titles?.length) conditions.push(sql`lower(title) = ANY(${texts(by.titles.map((t) => t.toLowerCase()))})`);
      if (!conditions.length) return [];
      const result = await db.execute<{ id: number; title: string }>(sql`
        SELECT id, title FROM labels WHERE group_id = ANY(${ids(group.traversalIds)})
          AND (${sql.join(conditions, sql` OR `)})
        ORDER BY array_position(${ids(group.traversalIds)}, group_id) DESC, id`);
      return result.rows.map((r) => ({ id: Number(r.id), title: r.title }));
    },
    async userIdByUsername(username: string): Promise<number | undefined> {
      const result = await db.execute<{ id: number }>(
        sql`SELECT id FROM users WHERE lower(username) = lower(${username}) LIMIT 1`,
      );
      const id = result.rows[0]?.id;
      return id === undefined ? undefined : Number(id);
    },
    async setSubscription(epicId: number, userId: number, subscribed: boolean): Promise<void> {
      await subscriptionsRepository(db).set('Epic', epicId, userId, subscribed);
    },
  };
}
