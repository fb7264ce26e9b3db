/**
 * The rows markdown references point to, found by path and number or title in one query per kind.
 * The caller passes the reader's visibility conditions (authz/policy.ts), so a hidden row is never
 * returned — the text shows it exactly as it shows a missing one.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
const ints = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export type ReferencedUser = { id: number; username: string; name: string };
export type ReferencedIssue = {
  id: number;
  iid: number;
  title: string;
  state: string;
  issueType: string;
  projectPath: string;
};
export type ReferencedEpic = { id: number; iid: number; title: string; state: string; groupPath: string };
/** A project or group named in a reference, with the groups whose labels and milestones it sees. */
export type ReferencedContainer = {
  path: string;
  kind: 'project' | 'group';
  id: number;
  /** the group and its ancestors (for a project: its group's), root first */
  groupIds: number[];
};
export type ReferencedMilestone = {
  id: number;
  iid: number;
  title: string;
  state: string;
  groupId: number | null;
  projectId: number | null;
  containerPath: string;
};
export type ReferencedLabel = {
  id: number;
  title: string;
  color: string;
  groupId: number | null;
  projectId: number | null;
  containerPath: string;
};

const num = (v: unknown) => Number(v);

export function referencesRepository(db: Db) {
  return {
    /** Users by lower-cased username. */
    async users(usernames: readonly string[]): Promise<ReferencedUser[]> {
      if (usernames.length === 0) return [];
      const result = await db.execute<{ id: string; username: string; name: string }>(sql`
        SELECT id, username, name FROM users WHERE lower(username) = ANY(${texts(usernames)})`);
      return result.rows.map((r) => ({ id: num(r.id), username: r.username, name: r.name }));
    },

    /** Issues by (lower-cased project path, iid), only those `visible` (over `i`) allows. */
    async issues(keys: ReadonlyArray<{ path: string; iid: number }>, visible: SQL): Promise<ReferencedIssue[]> {
      if (keys.length === 0) return [];
      const result = await db.execute<Record<string, string>>(sql`
        SELECT i.id, i.iid, i.title, i.state, i.issue_type, p.full_path
        FROM unnest(${texts(keys.map((k) => k.path))}, ${ints(keys.map((k) => k.iid))}) AS k(path, iid)
        JOIN projects p ON lower(p.full_path) = k.path
        JOIN issues i ON i.project_id = p.id AND i.iid = k.iid
        WHERE ${visible}`);
      return result.rows.map((r) => ({
        id: num(r.id),
        iid: num(r.iid),
        title: r.title ?? '',
        state: r.state ?? '',
        issueType: r.issue_type ?? 'issue',
        projectPath: r.full_path ?? '',
      }));
    },

    /** Epics by (lower-cased group path, iid), only those `visible` (over `e` in `g`) allows. */
    async epics(keys: ReadonlyArray<{ path: string; iid: number }>, visible: SQL): Promise<ReferencedEpic[]> {
      if (keys.length === 0) return [];
      const result = await db.execute<Record<string, string>>(sql`
        SELECT e.id, e.iid, e.title, e.state, g.full_path
        FROM unnest(${texts(keys.map((k) => k.path))}, ${ints(keys.map((k) => k.iid))}) AS k(path, iid)
        JOIN groups g ON lower(g.full_path) = k.path
        JOIN epics e ON e.group_id = g.id AND e.iid = k.iid
        WHERE ${visible}`);
      return result.rows.map((r) => ({
        id: num(r.id),
        iid: num(r.iid),
        title: r.title ?? '',
        state: r.state ?? '',
        groupPath: r.full_path ?? '',
      }));
    },

    /** Projects and groups by lower-cased full path (a path names at most one of each). */
    async containers(paths: readonly string[]): Promise<ReferencedContainer[]> {
      if (paths.length === 0) return [];
      const result = await db.execute<{ kind: 'project' | 'group'; id: string; path: string; group_ids: string[] }>(sql`
        SELECT 'project' AS kind, p.id, lower(p.full_path) AS path, g.traversal_ids AS group_ids
        FROM projects p JOIN groups g ON g.id = p.group_id WHERE lower(p.full_path) = ANY(${texts(paths)})
        UNION ALL
        SELECT 'group', g.id, lower(g.full_path), g.traversal_ids
        FROM groups g WHERE lower(g.full_path) = ANY(${texts(paths)})`);
      return result.rows.map((r) => ({ kind: r.kind, id: num(r.id), path: r.path, groupIds: r.group_ids.map(num) }));
    },

    /** Milestones of these projects and groups with one of the iids or titles, only `visible` (over `m`). */
    async milestones(
      where: { projectIds: number[]; groupIds: number[]; iids: number[]; titles: string[] },
      visible: SQL,
    ): Promise<ReferencedMilestone[]> {
      if (where.iids.length === 0 && where.titles.length === 0) return [];
      const result = await db.execute<Record<string, string | null>>(sql`
        SELECT m.id, m.iid, m.title, m.state, m.group_id, m.project_id, coalesce(p.full_path, g.full_path) AS container_path
        FROM milestones m
        LEFT JOIN projects p ON p.id = m.project_id
        LEFT JOIN groups g ON g.id = m.group_id
        WHERE (m.project_id = ANY(${ints(where.projectIds)}) OR m.group_id = ANY(${ints(where.groupIds)}))
          AND (m.iid = ANY(${ints(where.iids)}) OR m.title = ANY(${texts(where.titles)}))
          AND ${visible}`);
      return result.rows.map((r) => ({
        id: num(r.id),
        iid: num(r.iid),
        title: r.title ?? '',
        state: r.state ?? '',
        groupId: r.group_id === null ? null : num(r.group_id),
        projectId: r.project_id === null ? null : num(r.project_id),
        containerPath: r.container_path ?? '',
      }));
    },

    /** Labels of these projects and groups with one of the ids or titles, only `visible` (over `l`). */
    async labels(
      where: { projectIds: number[]; groupIds: number[]; ids: number[]; titles: string[] },
      visible: SQL,
    ): Promise<ReferencedLabel[]> {
      if (where.ids.length === 0 && where.titles.length === 0) return [];
      const result = await db.execute<Record<string, string | null>>(sql`
        SELECT l.id, l.title, l.color, l.group_id, l.project_id, coalesce(p.full_path, g.full_path) AS container_path
        FROM labels l
        LEFT JOIN projects p ON p.id = l.project_id
        LEFT JOIN groups g ON g.id = l.group_id
        WHERE (l.project_id = ANY(${ints(where.projectIds)}) OR l.group_id = ANY(${ints(where.groupIds)}))
          AND (l.id = ANY(${ints(where.ids)}) OR l.title = ANY(${texts(where.titles)}))
          AND ${visible}`);
      return result.rows.map((r) => ({
        id: num(r.id),
        title: r.title ?? '',
        color: r.color ?? '#6699cc',
        groupId: r.group_id === null ? null : num(r.group_id),
        projectId: r.project_id === null ? null : num(r.project_id),
        containerPath: r.container_path ?? '',
      }));
    },
  };
}
