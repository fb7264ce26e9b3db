/** SQL of system notes: the recorded state of an issue or an epic before and after a change. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type Named = { id: number; name: string };

/** What system notes record about an issue. */
export type IssueState = {
  title: string;
  description: string;
  state: string;
  confidential: boolean;
  discussionLocked: boolean;
  weight: number | null;
  dueDate: string | null;
  healthStatus: string | null;
  /** seconds, 0 = none */
  timeEstimate: number;
  milestone: Named | null;
  labels: Named[];
  assignees: Named[];
};

/** What system notes record about an epic. */
export type EpicState = {
  title: string;
  description: string;
  state: string;
  confidential: boolean;
  startDate: string | null;
  dueDate: string | null;
  labels: Named[];
  /** the parent's reference, `group&iid` */
  parent: Named | null;
};

type Row = Record<string, unknown>;
const named = (v: unknown): Named[] => (Array.isArray(v) ? (v as Named[]) : []);
const one = (v: unknown): Named | null => (v && typeof v === 'object' ? (v as Named) : null);
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** What issues and epics share: title, description, state, confidentiality, due date, labels. */
function common(r: Row) {
  return {
    title: String(r.title),
    description: String(r.description ?? ''),
    state: String(r.state),
    confidential: r.confidential === true,
    dueDate: text(r.due_date),
    labels: named(r.labels),
  };
}

export function systemNotesRepository(db: Db) {
  return {
    async issueState(issueId: number): Promise<IssueState | undefined> {
      const { rows } = await db.execute<Row>(sql`
        SELECT i.title, i.description, i.state, i.confidential, i.discussion_locked, i.weight,
          i.due_date::text AS due_date, i.health_status, i.time_estimate,
          (SELECT json_build_object('id', m.id, 'name', m.title) FROM milestones m WHERE m.id = i.milestone_id) AS milestone,
          (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.title) ORDER BY l.title), '[]')
             FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id) AS labels,
          (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.username) ORDER BY u.username), '[]')
             FROM issue_assignees ia JOIN users u ON u.id = ia.user_id WHERE ia.issue_id = i.id) AS assignees
        FROM issues i WHERE i.id = ${issueId}`);
      const r = rows[0];
      if (!r) return undefined;
      return {
        ...common(r),
        discussionLocked: r.discussion_locked === true,
        weight: r.weight === null ? null : Number(r.weight),
        healthStatus: text(r.health_status),
        timeEstimate: Number(r.time_estimate ?? 0),
        milestone: one(r.milestone),
        assignees: named(r.assignees),
      };
    },

    async epicState(epicId: number): Promise<EpicState | undefined> {
      const { rows } = await db.execute<Row>(sql`
        SELECT e.title, e.description, e.state, e.confidential,
          e.start_date::text AS start_date, e.due_date::text AS due_date,
          (SELECT coalesce(json_agg(json_build_object('id', l.id, 'name', l.title) ORDER BY l.title), '[]')
             FROM epic_labels el JOIN labels l ON l.id = el.label_id WHERE el.epic_id = e.id) AS labels,
          (SELECT json_build_object('id', pe.id, 'name', pg.full_path || '&' || pe.iid)
             FROM epics pe JOIN groups pg ON pg.id = pe.group_id WHERE pe.id = e.parent_id) AS parent
        FROM epics e WHERE e.id = ${epicId}`);
      const r = rows[0];
      if (!r) return undefined;
      return { ...common(r), startDate: text(r.start_date), parent: one(r.parent) };
    },

    /**
     * `group/project#iid` of issues and `group&iid` of epics, for link notes: one statement for
     * every end of a link. Missing ones are left out.
     */
    async references(of: {
      issueIds?: readonly number[];
      epicIds?: readonly number[];
    }): Promise<{ issues: Map<number, string>; epics: Map<number, string> }> {
      const list = (values: readonly number[] | undefined) => sql`${sql.param((values ?? []).map(String))}::bigint[]`;
      const { rows } = await db.execute<{ kind: string; id: number; ref: string }>(sql`
        SELECT 'Issue' AS kind, i.id, p.full_path || '#' || i.iid AS ref
        FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = ANY(${list(of.issueIds)})
        UNION ALL
        SELECT 'Epic', e.id, g.full_path || '&' || e.iid
        FROM epics e JOIN groups g ON g.id = e.group_id WHERE e.id = ANY(${list(of.epicIds)})`);
      const refs = { issues: new Map<number, string>(), epics: new Map<number, string>() };
      for (const r of rows) (r.kind === 'Issue' ? refs.issues : refs.epics).set(Number(r.id), r.ref);
      return refs;
    },
  };
}
