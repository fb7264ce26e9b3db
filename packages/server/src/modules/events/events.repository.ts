/**
 * SQL of the activity feed's events. Reads take `visible`, the policy's conditions (built by the
 * service for the reader) over the event's issue (`vis_i`), epic (`vis_e` in `vis_eg`) and
 * milestone (its group or project), so an event on something the reader cannot read is left out.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventAction, EventFilter, EventRow, EventTargetType, NewEvent } from './events.types.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;
const column = (list: readonly NewEvent[], pick: (e: NewEvent) => number | null | undefined) =>
  sql`${sql.param(list.map((e) => (pick(e) == null ? null : String(pick(e)))))}::bigint[]`;

/** The reader's conditions, given by the service. */
export type EventVisibility = {
  issue: SQL;
  epic: SQL;
  milestone: SQL;
  /** internal comments: readable where the reader is Reporter+ (their own are always theirs) */
  internalNote: SQL;
  readerId: number | null;
};

/** Which events a page holds. */
export type EventQuery = {
  authorId?: number;
  /** events in these groups (and their subgroups and projects) or these projects */
  memberOf?: { namespaceIds: readonly number[]; projectIds: readonly number[] };
  filter: EventFilter;
  actions?: readonly EventAction[];
  targetTypes?: readonly EventTargetType[];
  /** created on or after / before these days (REST `after` / `before`, exclusive as GitLab) */
  after?: string;
  before?: string;
  ascending?: boolean;
};

/** Counts stop past this many rows (no totals past 10,000, as GitLab). */
const COUNT_CAP = 10_001;

const FILTERS: Record<EventFilter, SQL> = {
  all: sql`TRUE`,
  issue: sql`ev.target_type = 'Issue'`,
  epic: sql`ev.target_type = 'Epic'`,
  comments: sql`ev.target_type = 'Note'`,
  milestone: sql`ev.target_type = 'Milestone'`,
};

function whereOf(q: EventQuery, v: EventVisibility): SQL {
  const parts: SQL[] = [FILTERS[q.filter]];
  if (q.authorId !== undefined) parts.push(sql`ev.author_id = ${q.authorId}`);
  if (q.memberOf) {
    const { namespaceIds, projectIds } = q.memberOf;
    parts.push(sql`(ev.project_id = ANY(${ids(projectIds)})
      OR ev.project_id IN (SELECT mp.id FROM projects mp JOIN groups mpg ON mpg.id = mp.group_id
                           WHERE mpg.traversal_ids && ${ids(namespaceIds)})
      OR ev.group_id IN (SELECT mg.id FROM groups mg WHERE mg.traversal_ids && ${ids(namespaceIds)}))`);
  }
  if (q.actions?.length) parts.push(sql`ev.action = ANY(${sql.param([...q.actions])}::text[])`);
  if (q.targetTypes?.length) parts.push(sql`ev.target_type = ANY(${sql.param([...q.targetTypes])}::text[])`);
  if (q.after) parts.push(sql`ev.created_at >= (${q.after}::date + 1)`);
  if (q.before) parts.push(sql`ev.created_at < ${q.before}::date`);
  parts.push(
    sql`(ev.issue_id IS NULL OR EXISTS (SELECT 1 FROM issues vis_i WHERE vis_i.id = ev.issue_id AND ${v.issue}))`,
  );
  parts.push(sql`(ev.epic_id IS NULL OR EXISTS (SELECT 1 FROM epics vis_e JOIN groups vis_eg ON vis_eg.id = vis_e.group_id
                  WHERE vis_e.id = ev.epic_id AND ${v.epic}))`);
  parts.push(sql`(ev.milestone_id IS NULL OR ${v.milestone})`);
  parts.push(
    v.readerId === null
      ? sql`NOT ev.internal`
      : sql`(NOT ev.internal OR ev.author_id = ${v.readerId} OR ${v.internalNote})`,
  );
  return sql.join(parts, sql` AND `);
}

type RawEvent = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function rowOf(r: RawEvent): EventRow {
  return {
    id: Number(r.id),
    authorId: Number(r.author_id),
    action: r.action as EventAction,
    targetType: r.target_type as EventTargetType,
    issueId: num(r.issue_id),
    epicId: num(r.epic_id),
    noteId: num(r.note_id),
    milestoneId: num(r.milestone_id),
    projectId: num(r.project_id),
    groupId: num(r.group_id),
    createdAt: new Date(r.created_at as string),
    targetTitle: String(r.target_title ?? ''),
    targetIid: Number(r.target_iid ?? 0),
    noteBody: r.note_body === null || r.note_body === undefined ? null : String(r.note_body),
    parentFullPath: String(r.parent_full_path ?? ''),
    parentName: String(r.parent_name ?? ''),
  };
}

export function eventsRepository(db: Db) {
  return {
    /** Records the events in one statement. */
    async insertMany(list: readonly NewEvent[]): Promise<void> {
      if (list.length === 0) return;
      await db.execute(sql`
        INSERT INTO events (author_id, action, target_type, issue_id, epic_id, note_id, milestone_id,
                            project_id, group_id, internal, created_at)
        SELECT u.author_id, u.action, u.target_type, u.issue_id, u.epic_id, u.note_id, u.milestone_id,
               u.project_id, u.group_id, u.internal, u.created_at
          FROM unnest(${column(list, (e) => e.authorId)}, ${sql.param(list.map((e) => e.action))}::text[],
                             ${sql.param(list.map((e) => e.targetType))}::text[], ${column(list, (e) => e.issueId)},
                             ${column(list, (e) => e.epicId)}, ${column(list, (e) => e.noteId)},
                             ${column(list, (e) => e.milestoneId)}, ${column(list, (e) => e.projectId)},
                             ${column(list, (e) => e.groupId)}, ${sql.param(list.map((e) => e.internal === true))}::boolean[],
                             ${sql.param(list.map((e) => (e.createdAt ?? new Date()).toISOString()))}::timestamptz[])
               WITH ORDINALITY AS u(author_id, action, target_type, issue_id, epic_id, note_id, milestone_id,
                                    project_id, group_id, internal, created_at, ord)
         ORDER BY u.ord`);
    },

    /** One page of events, newest first (or oldest), with their targets' titles and places; counted up to 10,001. */
    async page(q: EventQuery, v: EventVisibility, page: { limit: number; offset: number; total?: number }) {
      const where = whereOf(q, v);
      const order = q.ascending ? sql`ev.id ASC` : sql`ev.id DESC`;
      const [list, total] = await Promise.all([
        db.execute<RawEvent>(sql`
          SELECT ev.*,
                 COALESCE(ti.title, te.title, tm.title) AS target_title,
                 COALESCE(ti.iid, te.iid, tm.iid) AS target_iid,
                 CASE WHEN ev.note_id IS NOT NULL THEN left(tn.note, 1000) END AS note_body,
                 COALESCE(pp.full_path, pg.full_path) AS parent_full_path,
                 COALESCE(pp.name, pg.name) AS parent_name
            FROM (SELECT ev.* FROM events ev WHERE ${where} ORDER BY ${order}
                   LIMIT ${page.limit} OFFSET ${page.offset}) ev
            LEFT JOIN issues ti ON ti.id = ev.issue_id
            LEFT JOIN epics te ON te.id = ev.epic_id
            LEFT JOIN milestones tm ON tm.id = ev.milestone_id
            LEFT JOIN notes tn ON tn.id = ev.note_id
            LEFT JOIN projects pp ON pp.id = ev.project_id
            LEFT JOIN groups pg ON pg.id = ev.group_id
           ORDER BY ${order}`),
        page.total !== undefined
          ? Promise.resolve(page.total)
          : db
              .execute<{ n: number }>(
                sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM events ev WHERE ${where} LIMIT ${COUNT_CAP}) c`,
              )
              .then((r) => Number(r.rows[0]?.n ?? 0)),
      ]);
      return { rows: list.rows.map(rowOf), total };
    },
  };
}
