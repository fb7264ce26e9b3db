/**
 * SQL of to-dos. Reads take `visible`, the policy's condition (built by the service for the asking
 * user) that the to-do's issue or epic is still readable: a to-do on something its user can no
 * longer read is left out of every list, count and change, exactly as if it did not exist.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TodoAction, TodoRow, TodoState } from '../../db/schema.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** What a to-do is about: an issue (in a project) or an epic (in a group). */
export type TodoTargetKey =
  | { type: 'Issue'; issueId: number; projectId: number }
  | { type: 'Epic'; epicId: number; groupId: number };

/** A to-do to make. */
export type NewTodo = {
  userId: number;
  authorId: number | null;
  target: TodoTargetKey;
  action: TodoAction;
  noteId?: number | null;
};

export type TodoSortKey = 'created_desc' | 'created_asc' | 'updated_desc' | 'updated_asc';

/** The list's filters (GitLab's TodosFinder params); empty lists filter nothing. */
export type TodoFilter = {
  states: readonly TodoState[];
  actions?: readonly TodoAction[];
  authorIds?: readonly number[];
  projectIds?: readonly number[];
  /** groups and their subgroups: epics in them and issues of their projects */
  groupIds?: readonly number[];
  types?: readonly ('Issue' | 'Epic')[];
  target?: TodoTargetKey;
  sort?: TodoSortKey;
};

/** The rows' visibility condition, given by the service: `issue` over `vis_i`, `epic` over `vis_e` / `vis_eg`. */
export type TodoVisibility = { issue: SQL; epic: SQL };

/** Counts stop past this many rows (the REST headers show no total past 10,000, as GitLab). */
const COUNT_CAP = 10_001;

const ORDER: Record<TodoSortKey, SQL> = {
  created_desc: sql`t.created_at DESC, t.id DESC`,
  created_asc: sql`t.created_at ASC, t.id ASC`,
  updated_desc: sql`t.updated_at DESC, t.id DESC`,
  updated_asc: sql`t.updated_at ASC, t.id ASC`,
};

function targetCondition(target: TodoTargetKey): SQL {
  return target.type === 'Issue' ? sql`t.issue_id = ${target.issueId}` : sql`t.epic_id = ${target.epicId}`;
}

function visibleCondition(v: TodoVisibility): SQL {
  return sql`(EXISTS (SELECT 1 FROM issues vis_i WHERE vis_i.id = t.issue_id AND ${v.issue})
    OR EXISTS (SELECT 1 FROM epics vis_e JOIN groups vis_eg ON vis_eg.id = vis_e.group_id
               WHERE vis_e.id = t.epic_id AND ${v.epic}))`;
}

function whereOf(userId: number, f: TodoFilter, v: TodoVisibility): SQL {
  const parts: SQL[] = [sql`t.user_id = ${userId}`, sql`t.state = ANY(${texts(f.states)})`];
  if (f.actions?.length) parts.push(sql`t.action = ANY(${texts(f.actions)})`);
  if (f.authorIds?.length) parts.push(sql`t.author_id = ANY(${ids(f.authorIds)})`);
  if (f.projectIds?.length) parts.push(sql`t.project_id = ANY(${ids(f.projectIds)})`);
  if (f.groupIds?.length) {
    parts.push(sql`(t.group_id IN (SELECT fg.id FROM groups fg WHERE fg.traversal_ids && ${ids(f.groupIds)})
      OR t.project_id IN (SELECT fp.id FROM projects fp JOIN groups fpg ON fpg.id = fp.group_id
                          WHERE fpg.traversal_ids && ${ids(f.groupIds)}))`);
  }
  if (f.types?.length === 1)
    parts.push(f.types[0] === 'Issue' ? sql`t.issue_id IS NOT NULL` : sql`t.epic_id IS NOT NULL`);
  if (f.target) parts.push(targetCondition(f.target));
  parts.push(visibleCondition(v));
  return sql.join(parts, sql` AND `);
}

type RawTodo = {
  id: string | number;
  user_id: string | number;
  author_id: string | number | null;
  issue_id: string | number | null;
  project_id: string | number | null;
  epic_id: string | number | null;
  group_id: string | number | null;
  note_id: string | number | null;
  action: TodoAction;
  state: TodoState;
  created_at: Date | string;
  updated_at: Date | string;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));

function rowOf(r: RawTodo): TodoRow {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    authorId: num(r.author_id),
    issueId: num(r.issue_id),
    projectId: num(r.project_id),
    epicId: num(r.epic_id),
    groupId: num(r.group_id),
    noteId: num(r.note_id),
    action: r.action,
    state: r.state,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

export function todosRepository(db: Db) {
  async function rows(query: SQL): Promise<TodoRow[]> {
    return (await db.execute<RawTodo>(query)).rows.map(rowOf);
  }

  return {
    /**
     * Inserts the to-dos in one statement, in order, except where the user already has a pending
     * one on the same target, or an earlier one of the list is for the same user and target
     * (GitLab's one pending to-do per target); returns those inserted.
     */
    async insertUnlessPending(list: readonly NewTodo[]): Promise<TodoRow[]> {
      if (list.length === 0) return [];
      const column = (pick: (todo: NewTodo) => number | null | undefined) =>
        sql`${sql.param(list.map((todo) => (pick(todo) == null ? null : String(pick(todo)))))}::bigint[]`;
      const issue = (todo: NewTodo) => (todo.target.type === 'Issue' ? todo.target.issueId : null);
      const epic = (todo: NewTodo) => (todo.target.type === 'Epic' ? todo.target.epicId : null);
      return await rows(sql`
        INSERT INTO todos (user_id, author_id, issue_id, project_id, epic_id, group_id, note_id, action)
        SELECT v.user_id, v.author_id, v.issue_id, v.project_id, v.epic_id, v.group_id, v.note_id, v.action
          FROM (SELECT u.*, row_number() OVER (PARTITION BY u.user_id, u.issue_id, u.epic_id ORDER BY u.ord) AS nth
                  FROM unnest(${column((t) => t.userId)}, ${column((t) => t.authorId)}, ${column(issue)},
                              ${column((t) => (t.target.type === 'Issue' ? t.target.projectId : null))},
                              ${column(epic)}, ${column((t) => (t.target.type === 'Epic' ? t.target.groupId : null))},
                              ${column((t) => t.noteId)}, ${sql.param(list.map((t) => t.action))}::text[])
                       WITH ORDINALITY AS u(user_id, author_id, issue_id, project_id, epic_id, group_id, note_id, action, ord)
               ) v
         WHERE v.nth = 1
           AND NOT EXISTS (SELECT 1 FROM todos t WHERE t.user_id = v.user_id AND t.state = 'pending'
                             AND (t.issue_id = v.issue_id OR t.epic_id = v.epic_id))
         ORDER BY v.ord
        RETURNING *`);
    },

    /** Inserts these to-dos as they are, in order, in one statement (the first start's replayed to-dos). */
    async insertWithStates(list: readonly (NewTodo & { state: TodoState })[]): Promise<void> {
      if (list.length === 0) return;
      const column = (pick: (todo: NewTodo) => number | null | undefined) =>
        sql`${sql.param(list.map((todo) => (pick(todo) == null ? null : String(pick(todo)))))}::bigint[]`;
      await db.execute(sql`
        INSERT INTO todos (user_id, author_id, issue_id, project_id, epic_id, group_id, note_id, action, state)
        SELECT u.user_id, u.author_id, u.issue_id, u.project_id, u.epic_id, u.group_id, u.note_id, u.action, u.state
          FROM unnest(${column((t) => t.userId)}, ${column((t) => t.authorId)},
                             ${column((t) => (t.target.type === 'Issue' ? t.target.issueId : null))},
                             ${column((t) => (t.target.type === 'Issue' ? t.target.projectId : null))},
                             ${column((t) => (t.target.type === 'Epic' ? t.target.epicId : null))},
                             ${column((t) => (t.target.type === 'Epic' ? t.target.groupId : null))},
                             ${column((t) => t.noteId)}, ${sql.param(list.map((t) => t.action))}::text[],
                             ${sql.param(list.map((t) => t.state))}::text[])
               WITH ORDINALITY AS u(user_id, author_id, issue_id, project_id, epic_id, group_id, note_id, action, state, ord)
         ORDER BY u.ord`);
    },

    /** The user's to-do with this id, if its target is visible to them. */
    async findOwn(userId: number, id: number, v: TodoVisibility): Promise<TodoRow | undefined> {
      const [row] = await rows(sql`SELECT t.* FROM todos t
        WHERE t.id = ${id} AND t.user_id = ${userId} AND ${visibleCondition(v)}`);
      return row;
    },

    /** One page of the user's to-dos and their number (counted up to 10,001). */
    async page(
      userId: number,
      f: TodoFilter,
      v: TodoVisibility,
      page: { limit: number; offset: number; total?: number },
    ): Promise<{ rows: TodoRow[]; total: number }> {
      const where = whereOf(userId, f, v);
      const [list, total] = await Promise.all([
        rows(sql`SELECT t.* FROM todos t WHERE ${where}
          ORDER BY ${ORDER[f.sort ?? 'created_desc']} LIMIT ${page.limit} OFFSET ${page.offset}`),
        page.total !== undefined
          ? Promise.resolve(page.total)
          : db
              .execute<{ n: number }>(
                sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM todos t WHERE ${where} LIMIT ${COUNT_CAP}) c`,
              )
              .then((r) => Number(r.rows[0]?.n ?? 0)),
      ]);
      return { rows: list, total };
    },

    /** Marks the user's matching pending to-dos done, in one statement; returns them. */
    async markDone(userId: number, f: Omit<TodoFilter, 'states'>, v: TodoVisibility, only?: readonly number[]) {
      const where = whereOf(userId, { ...f, states: ['pending'] }, v);
      const restrict = only ? sql` AND t.id = ANY(${ids(only)})` : sql``;
      return await rows(sql`UPDATE todos t SET state = 'done', updated_at = now()
        WHERE ${where}${restrict} RETURNING t.*`);
    },

    /**
     * Marks these users' pending to-dos on the target done (of one action, if given): someone acted
     * on it. No visibility condition: only rows the action settles change, and nobody reads them here.
     */
    async resolveOnTarget(target: TodoTargetKey, userIds: readonly number[], action?: TodoAction): Promise<number> {
      if (userIds.length === 0) return 0;
      const only = action ? sql` AND t.action = ${action}` : sql``;
      const result = await db.execute(sql`UPDATE todos t SET state = 'done', updated_at = now()
        WHERE ${targetCondition(target)} AND t.user_id = ANY(${ids(userIds)}) AND t.state = 'pending'${only}`);
      return result.rowCount ?? 0;
    },

    /** Makes the user's done to-dos with these ids pending again; returns them. */
    async restore(userId: number, only: readonly number[], v: TodoVisibility): Promise<TodoRow[]> {
      if (only.length === 0) return [];
      const where = whereOf(userId, { states: ['done'] }, v);
      return await rows(sql`UPDATE todos t SET state = 'pending', updated_at = now()
        WHERE ${where} AND t.id = ANY(${ids(only)}) RETURNING t.*`);
    },

    /** The users' pending to-dos on any of these targets (the sidebar's 'Mark as done'), oldest first. */
    async ofTargets(
      userId: number,
      type: 'Issue' | 'Epic',
      targetIds: readonly number[],
      states: readonly TodoState[],
    ) {
      if (targetIds.length === 0) return [];
      const column = type === 'Issue' ? sql`t.issue_id` : sql`t.epic_id`;
      return await rows(sql`SELECT t.* FROM todos t
        WHERE t.user_id = ${userId} AND ${column} = ANY(${ids(targetIds)}) AND t.state = ANY(${texts(states)})
        ORDER BY t.id`);
    },
  };
}
