/**
 * SQL of iteration cadences, iterations and the issue's iteration. States are derived here, in one
 * expression, from the dates and the database's CURRENT_DATE.
 */
import type { BurnupDay, IterationStateFilter, Period } from '@milepost/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../db/sql.ts';
import type { CadenceRow, IterationRow } from './iterations.types.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

/** upcoming / current / closed of the iteration aliased `it`. */
const STATE = sql`CASE WHEN it.start_date > CURRENT_DATE THEN 'upcoming'
  WHEN it.due_date < CURRENT_DATE THEN 'closed' ELSE 'current' END`;

const ITERATION_COLUMNS = sql`it.*, ${STATE} AS state`;

function toCadence(r: Record<string, unknown>): CadenceRow {
  return {
    id: Number(r.id),
    groupId: Number(r.group_id),
    title: String(r.title),
    description: String(r.description ?? ''),
    automatic: Boolean(r.automatic),
    active: Boolean(r.active),
    startDate: (r.start_date as string | null) ?? null,
    durationInWeeks: r.duration_in_weeks === null ? null : Number(r.duration_in_weeks),
    iterationsInAdvance: r.iterations_in_advance === null ? null : Number(r.iterations_in_advance),
    rollOver: Boolean(r.roll_over),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

function toIteration(r: Record<string, unknown>): IterationRow {
  return {
    id: Number(r.id),
    iid: Number(r.iid),
    groupId: Number(r.group_id),
    cadenceId: Number(r.iterations_cadence_id),
    sequence: Number(r.sequence),
    title: (r.title as string | null) ?? null,
    description: String(r.description ?? ''),
    startDate: String(r.start_date),
    dueDate: String(r.due_date),
    state: r.state as IterationRow['state'],
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
  };
}

/**
 * The iteration `iterationId` (an SQL expression, e.g. an issue's column) with its group's full path,
 * as one JSON value (null when none): for a statement that reads it beside other things.
 */
export function iterationOfIssueJson(iterationId: SQL) {
  return sql<Record<
    string,
    unknown
  > | null>`(SELECT row_to_json(x) FROM (SELECT ${ITERATION_COLUMNS}, ig.full_path AS group_full_path
    FROM iterations it JOIN groups ig ON ig.id = it.group_id WHERE it.id = ${iterationId}) x)`;
}

/** An iteration and its group's path from `iterationOfIssueJson`. */
export function iterationFromJson(json: Record<string, unknown>): { row: IterationRow; groupPath: string } {
  return { row: toIteration(json), groupPath: String(json.group_full_path) };
}

export type CadenceValues = Omit<CadenceRow, 'id' | 'groupId' | 'createdAt' | 'updatedAt'>;

export type CadenceListFilter = {
  groupIds: readonly number[];
  id?: number;
  title?: string;
  automatic?: boolean;
  active?: boolean;
  durationInWeeks?: number;
  limit: number;
  offset: number;
};

export type IterationListFilter = {
  groupIds: readonly number[];
  /** also the iterations of every group below this one */
  descendantsOf?: number;
  /** SQL condition over the iteration's group aliased `g` (the policy's readable groups) */
  visible: SQL;
  cadenceIds?: readonly number[];
  ids?: readonly number[];
  iid?: number;
  state?: IterationStateFilter;
  search?: string;
  /** where `search` looks: the iteration's title and/or its cadence's title (default: title) */
  searchIn?: readonly ('title' | 'cadence_title')[];
  timeframe?: { start: string; end: string };
  updatedBefore?: Date;
  updatedAfter?: Date;
  sort: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** A cadence that needs its automatic iterations topped up, or its closed iterations rolled over. */
export type CadenceDue = { id: number };

export function iterationsRepository(db: Db) {
  return {
    async today(): Promise<string> {
      const r = await db.execute<{ today: string }>(sql`SELECT CURRENT_DATE::text AS today`);
      return String(r.rows[0]?.today);
    },

    // ---- cadences ----

    async findCadence(id: number, lock = false): Promise<CadenceRow | undefined> {
      const r = await db.execute<Record<string, unknown>>(
        sql`SELECT * FROM iterations_cadences WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
      );
      return r.rows[0] ? toCadence(r.rows[0]) : undefined;
    },

    async findCadences(list: readonly number[]): Promise<CadenceRow[]> {
      if (list.length === 0) return [];
      const r = await db.execute<Record<string, unknown>>(
        sql`SELECT * FROM iterations_cadences WHERE id = ANY(${ids(list)})`,
      );
      return r.rows.map(toCadence);
    },

    async listCadences(f: CadenceListFilter): Promise<{ rows: CadenceRow[]; total: number }> {
      const c: SQL[] = [sql`group_id = ANY(${ids(f.groupIds)})`];
      if (f.id !== undefined) c.push(sql`id = ${f.id}`);
      if (f.title) c.push(sql`title ILIKE ${likePattern(f.title)}`);
      if (f.automatic !== undefined) c.push(sql`automatic = ${f.automatic}`);
      if (f.active !== undefined) c.push(sql`active = ${f.active}`);
      if (f.durationInWeeks !== undefined) c.push(sql`duration_in_weeks = ${f.durationInWeeks}`);
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT *, count(*) OVER () AS total FROM iterations_cadences WHERE ${and(...c)}
        ORDER BY lower(title), id LIMIT ${f.limit} OFFSET ${f.offset}`);
      return { rows: r.rows.map(toCadence), total: r.rows[0] ? Number(r.rows[0].total) : 0 };
    },

    async insertCadence(groupId: number, v: CadenceValues): Promise<CadenceRow> {
      const r = await db.execute<Record<string, unknown>>(sql`
        INSERT INTO iterations_cadences (group_id, title, description, automatic, active, start_date,
          duration_in_weeks, iterations_in_advance, roll_over)
        VALUES (${groupId}, ${v.title}, ${v.description}, ${v.automatic}, ${v.active}, ${v.startDate},
          ${v.durationInWeeks}, ${v.iterationsInAdvance}, ${v.rollOver})
        RETURNING *`);
      return toCadence(r.rows[0] as Record<string, unknown>);
    },

    async updateCadence(id: number, v: CadenceValues): Promise<CadenceRow> {
      const r = await db.execute<Record<string, unknown>>(sql`
        UPDATE iterations_cadences SET title = ${v.title}, description = ${v.description},
          automatic = ${v.automatic}, active = ${v.active}, start_date = ${v.startDate},
          duration_in_weeks = ${v.durationInWeeks}, iterations_in_advance = ${v.iterationsInAdvance},
          roll_over = ${v.rollOver}, updated_at = now()
        WHERE id = ${id} RETURNING *`);
      return toCadence(r.rows[0] as Record<string, unknown>);
    },

    async deleteCadence(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM iterations_cadences WHERE id = ${id}`);
    },

    /**
     * Automatic, active cadences of these groups that lack upcoming iterations, or (with roll over)
     * have a closed iteration not yet rolled over: the ones a read must bring up to date.
     */
    async cadencesDue(groupIds: readonly number[]): Promise<number[]> {
      if (groupIds.length === 0) return [];
      const r = await db.execute<{ id: number }>(sql`
        SELECT c.id FROM iterations_cadences c
        WHERE c.group_id = ANY(${ids(groupIds)}) AND c.automatic AND c.active
          AND ((SELECT count(*) FROM iterations it WHERE it.iterations_cadence_id = c.id
                  AND it.start_date > CURRENT_DATE) < c.iterations_in_advance
            OR NOT EXISTS (SELECT 1 FROM iterations it WHERE it.iterations_cadence_id = c.id
                  AND it.start_date <= CURRENT_DATE AND it.due_date >= CURRENT_DATE
                  AND c.start_date <= CURRENT_DATE)
            OR (c.roll_over AND EXISTS (SELECT 1 FROM iterations it WHERE it.iterations_cadence_id = c.id
                  AND it.due_date < CURRENT_DATE AND NOT it.rolled_over)))
        ORDER BY c.id`);
      return r.rows.map((row) => Number(row.id));
    },

    // ---- iterations ----

    async findIteration(id: number): Promise<IterationRow | undefined> {
      const r = await db.execute<Record<string, unknown>>(
        sql`SELECT ${ITERATION_COLUMNS} FROM iterations it WHERE it.id = ${id}`,
      );
      return r.rows[0] ? toIteration(r.rows[0]) : undefined;
    },

    async findIterations(list: readonly number[]): Promise<IterationRow[]> {
      if (list.length === 0) return [];
      const r = await db.execute<Record<string, unknown>>(
        sql`SELECT ${ITERATION_COLUMNS} FROM iterations it WHERE it.id = ANY(${ids(list)})`,
      );
      return r.rows.map(toIteration);
    },

    /** Every iteration of a cadence, by start date. */
    async iterationsOf(cadenceId: number): Promise<IterationRow[]> {
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT ${ITERATION_COLUMNS} FROM iterations it WHERE it.iterations_cadence_id = ${cadenceId}
        ORDER BY it.start_date, it.id`);
      return r.rows.map(toIteration);
    },

    async listIterations(f: IterationListFilter): Promise<{ rows: IterationRow[]; total: number }> {
      const scope =
        f.descendantsOf === undefined
          ? sql`it.group_id = ANY(${ids(f.groupIds)})`
          : sql`(it.group_id = ANY(${ids(f.groupIds)}) OR g.traversal_ids @> ARRAY[${f.descendantsOf}]::bigint[])`;
      const c: SQL[] = [scope, f.visible];
      if (f.cadenceIds?.length) c.push(sql`it.iterations_cadence_id = ANY(${ids(f.cadenceIds)})`);
      if (f.ids?.length) c.push(sql`it.id = ANY(${ids(f.ids)})`);
      if (f.iid !== undefined) c.push(sql`it.iid = ${f.iid}`);
      if (f.state === 'opened') c.push(sql`it.due_date >= CURRENT_DATE`);
      else if (f.state && f.state !== 'all') c.push(sql`${STATE} = ${f.state}`);
      if (f.search) {
        const pattern = likePattern(f.search);
        const where = f.searchIn?.length ? f.searchIn : ['title'];
        const parts = where.map((w) =>
          w === 'title' ? sql`it.title ILIKE ${pattern}` : sql`c.title ILIKE ${pattern}`,
        );
        c.push(sql`(${sql.join(parts, sql` OR `)})`);
      }
      if (f.timeframe) {
        c.push(sql`it.start_date <= ${f.timeframe.end}::date AND it.due_date >= ${f.timeframe.start}::date`);
      }
      if (f.updatedBefore) c.push(sql`it.updated_at <= ${f.updatedBefore.toISOString()}::timestamptz`);
      if (f.updatedAfter) c.push(sql`it.updated_at >= ${f.updatedAfter.toISOString()}::timestamptz`);
      const dir = sql.raw(f.sort === 'asc' ? 'ASC' : 'DESC');
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT ${ITERATION_COLUMNS}, count(*) OVER () AS total
        FROM iterations it JOIN iterations_cadences c ON c.id = it.iterations_cadence_id
          JOIN groups g ON g.id = it.group_id
        WHERE ${and(...c)}
        ORDER BY lower(c.title) ASC, c.id ASC, it.due_date ${dir}, it.id ${dir}
        LIMIT ${f.limit} OFFSET ${f.offset}`);
      return { rows: r.rows.map(toIteration), total: r.rows[0] ? Number(r.rows[0].total) : 0 };
    },

    /** The next iid of the group's iterations; callers hold the cadence's row lock. */
    async nextIid(groupId: number): Promise<number> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('iterations_iid'), ${groupId}::int)`);
      const r = await db.execute<{ next: number }>(
        sql`SELECT COALESCE(max(iid), 0) + 1 AS next FROM iterations WHERE group_id = ${groupId}`,
      );
      return Number(r.rows[0]?.next ?? 1);
    },

    async insertIterations(
      cadence: CadenceRow,
      periods: readonly (Period & { title?: string | null; description?: string; rolledOver?: boolean })[],
    ): Promise<IterationRow[]> {
      const out: IterationRow[] = [];
      let iid = periods.length ? await this.nextIid(cadence.groupId) : 0;
      for (const p of periods) {
        const r = await db.execute<Record<string, unknown>>(sql`
          WITH ins AS (
            INSERT INTO iterations (iid, group_id, iterations_cadence_id, sequence, title, description,
              start_date, due_date, rolled_over)
            VALUES (${iid}, ${cadence.groupId}, ${cadence.id}, 0, ${p.title ?? null}, ${p.description ?? ''},
              ${p.startDate}::date, ${p.dueDate}::date, ${p.rolledOver ?? false})
            RETURNING *)
          SELECT ${ITERATION_COLUMNS} FROM ins it`);
        out.push(toIteration(r.rows[0] as Record<string, unknown>));
        iid++;
      }
      return out;
    },

    async updateIteration(
      id: number,
      v: { title: string | null; description: string; startDate: string; dueDate: string },
    ): Promise<IterationRow> {
      await db.execute(sql`UPDATE iterations SET title = ${v.title}, description = ${v.description},
        start_date = ${v.startDate}::date, due_date = ${v.dueDate}::date, updated_at = now() WHERE id = ${id}`);
      return (await this.findIteration(id)) as IterationRow;
    },

    async setIterationDates(id: number, p: Period): Promise<void> {
      await db.execute(sql`UPDATE iterations SET start_date = ${p.startDate}::date, due_date = ${p.dueDate}::date,
        updated_at = now() WHERE id = ${id}`);
    },

    async deleteIterations(list: readonly number[]): Promise<void> {
      if (list.length) await db.execute(sql`DELETE FROM iterations WHERE id = ANY(${ids(list)})`);
    },

    /** Sequence numbers 1, 2, … by start date within the cadence. */
    async renumber(cadenceId: number): Promise<void> {
      await db.execute(sql`
        UPDATE iterations it SET sequence = n.seq
        FROM (SELECT id, row_number() OVER (ORDER BY start_date, id) AS seq FROM iterations
              WHERE iterations_cadence_id = ${cadenceId}) n
        WHERE it.id = n.id AND it.sequence IS DISTINCT FROM n.seq`);
    },

    /** Other iterations of the cadence sharing a day with the period. */
    async overlapping(cadenceId: number, p: Period, exceptId?: number): Promise<boolean> {
      const r = await db.execute(sql`SELECT 1 FROM iterations WHERE iterations_cadence_id = ${cadenceId}
        AND start_date <= ${p.dueDate}::date AND due_date >= ${p.startDate}::date
        ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`);
      return r.rows.length > 0;
    },

    async titleTaken(cadenceId: number, title: string, exceptId?: number): Promise<boolean> {
      const r = await db.execute(sql`SELECT 1 FROM iterations WHERE iterations_cadence_id = ${cadenceId}
        AND title = ${title} ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`);
      return r.rows.length > 0;
    },

    async markRolledOver(list: readonly number[]): Promise<void> {
      if (list.length) await db.execute(sql`UPDATE iterations SET rolled_over = true WHERE id = ANY(${ids(list)})`);
    },

    // ---- issues ----

    /** The iteration id of each issue (issues without one are left out). */
    async iterationIdsOfIssues(issueIds: readonly number[]): Promise<Map<number, number>> {
      const map = new Map<number, number>();
      if (issueIds.length === 0) return map;
      const r = await db.execute<{ id: number; iteration_id: number }>(sql`
        SELECT id, iteration_id FROM issues WHERE id = ANY(${ids(issueIds)}) AND iteration_id IS NOT NULL`);
      for (const row of r.rows) map.set(Number(row.id), Number(row.iteration_id));
      return map;
    },

    /** Sets an issue's iteration (null: none), recording the change for the burnup chart; false when unchanged. */
    async setIssueIteration(issueId: number, iterationId: number | null): Promise<boolean> {
      const before = await db.execute<{ iteration_id: number | null }>(
        sql`SELECT iteration_id FROM issues WHERE id = ${issueId} FOR UPDATE`,
      );
      const previous = before.rows[0]?.iteration_id ?? null;
      if (previous === iterationId) return false;
      await db.execute(sql`UPDATE issues SET iteration_id = ${iterationId}, updated_at = now() WHERE id = ${issueId}`);
      if (previous !== null) {
        await db.execute(sql`INSERT INTO iteration_issue_events (iteration_id, issue_id, action)
          VALUES (${previous}, ${issueId}, 'remove')`);
      }
      if (iterationId !== null) {
        await db.execute(sql`INSERT INTO iteration_issue_events (iteration_id, issue_id, action)
          VALUES (${iterationId}, ${issueId}, 'add')`);
      }
      return true;
    },

    /** Moves the open issues of these iterations to another one (roll over), recording each move. */
    async moveOpenIssues(fromIds: readonly number[], toId: number): Promise<number> {
      if (fromIds.length === 0) return 0;
      const r = await db.execute<{ id: number; iteration_id: number }>(sql`
        SELECT id, iteration_id FROM issues WHERE iteration_id = ANY(${ids(fromIds)}) AND state = 'opened'
        ORDER BY id FOR UPDATE`);
      for (const row of r.rows) await this.setIssueIteration(Number(row.id), toId);
      return r.rows.length;
    },

    /** Moves every issue of these iterations to another one (iterations about to be deleted). */
    async moveAllIssues(fromIds: readonly number[], toId: number | null): Promise<void> {
      if (fromIds.length === 0) return;
      const r = await db.execute<{ id: number }>(sql`
        SELECT id FROM issues WHERE iteration_id = ANY(${ids(fromIds)}) ORDER BY id FOR UPDATE`);
      for (const row of r.rows) await this.setIssueIteration(Number(row.id), toId);
    },

    /** Issues in the iteration now (those `visible` to the reader): closed, open and all, counted and weighed. */
    async stats(iterationId: number, visible: SQL) {
      const r = await db.execute<Record<string, unknown>>(sql`
        SELECT count(*) FILTER (WHERE i.state = 'closed') AS done_count,
          COALESCE(sum(i.weight) FILTER (WHERE i.state = 'closed'), 0) AS done_weight,
          count(*) AS total_count, COALESCE(sum(i.weight), 0) AS total_weight
        FROM issues i JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE i.iteration_id = ${iterationId} AND ${visible}`);
      const row = r.rows[0] ?? {};
      const done = { count: Number(row.done_count ?? 0), weight: Number(row.done_weight ?? 0) };
      const total = { count: Number(row.total_count ?? 0), weight: Number(row.total_weight ?? 0) };
      return {
        complete: done,
        incomplete: { count: total.count - done.count, weight: total.weight - done.weight },
        total,
      };
    },

    /**
     * The burnup series of an iteration, one row per day from its start through its due date or
     * today (whichever is earlier; at most `maxDays`): issues in it at the end of each day (scope)
     * and those of them closed by then, counted and weighed — only issues `visible` to the reader.
     */
    async burnup(it: IterationRow, visible: SQL, maxDays: number): Promise<BurnupDay[]> {
      const r = await db.execute<Record<string, unknown>>(sql`
        WITH days AS (
          SELECT d::date AS day FROM generate_series(${it.startDate}::date,
            LEAST(${it.dueDate}::date, CURRENT_DATE, ${it.startDate}::date + ${maxDays - 1}::int), interval '1 day') d
        ),
        members AS (
          SELECT days.day, i.id, COALESCE(i.weight, 0) AS weight,
            (i.state = 'closed' AND i.closed_at < (days.day + 1)::timestamptz) AS done
          FROM days
          JOIN LATERAL (
            SELECT DISTINCT ON (ev.issue_id) ev.issue_id, ev.action FROM iteration_issue_events ev
            WHERE ev.iteration_id = ${it.id} AND ev.created_at < (days.day + 1)::timestamptz
            ORDER BY ev.issue_id, ev.created_at DESC, ev.id DESC
          ) last ON last.action = 'add'
          JOIN issues i ON i.id = last.issue_id
          JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
          WHERE ${visible}
        )
        SELECT days.day::text AS date,
          count(m.id) AS scope_count, COALESCE(sum(m.weight), 0) AS scope_weight,
          count(m.id) FILTER (WHERE m.done) AS completed_count,
          COALESCE(sum(m.weight) FILTER (WHERE m.done), 0) AS completed_weight
        FROM days LEFT JOIN members m ON m.day = days.day
        GROUP BY days.day ORDER BY days.day`);
      return r.rows.map((row) => ({
        date: String(row.date),
        scopeCount: Number(row.scope_count),
        scopeWeight: Number(row.scope_weight),
        completedCount: Number(row.completed_count),
        completedWeight: Number(row.completed_weight),
      }));
    },
  };
}

export type IterationsRepository = ReturnType<typeof iterationsRepository>;
