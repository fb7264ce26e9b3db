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

/**
 * The two shapes of lookup, table-driven. By container path and iid: the row's table joined to its
 * container's (issues in projects, epics in groups). By number or title within projects and groups:
 * milestones (by iid) and labels (by id). The aliases are those the callers' visibility conditions
 * are written over (`i`; `e` in `g`; `m`; `l`); `columns` are what only that kind selects.
 */
const BY_PATH_AND_IID = {
  issues: {
    containers: 'projects',
    container: 'p',
    rows: 'issues',
    row: 'i',
    owner: 'project_id',
    columns: ', i.issue_type',
  },
  epics: { containers: 'groups', container: 'g', rows: 'epics', row: 'e', owner: 'group_id', columns: '' },
} as const;
const IN_CONTAINERS = {
  milestones: { rows: 'milestones', row: 'm', number: 'iid', columns: ', m.iid, m.state' },
  labels: { rows: 'labels', row: 'l', number: 'id', columns: ', l.color' },
} as const;

/** One query: the rows of `kind` with one of the (lower-cased container path, iid) keys, only `visible`. */
async function byPathAndIid(
  db: Db,
  kind: keyof typeof BY_PATH_AND_IID,
  keys: ReadonlyArray<{ path: string; iid: number }>,
  visible: SQL,
): Promise<Record<string, string>[]> {
  if (keys.length === 0) return [];
  const { containers, container: c, rows, row: r, owner, columns } = BY_PATH_AND_IID[kind];
  const result = await db.execute<Record<string, string>>(sql`
    SELECT ${sql.raw(`${r}.id, ${r}.iid, ${r}.title, ${r}.state${columns}, ${c}.full_path`)}
    FROM unnest(${texts(keys.map((k) => k.path))}, ${ints(keys.map((k) => k.iid))}) AS k(path, iid)
    JOIN ${sql.raw(`${containers} ${c} ON lower(${c}.full_path) = k.path`)}
    JOIN ${sql.raw(`${rows} ${r} ON ${r}.${owner} = ${c}.id AND ${r}.iid = k.iid`)}
    WHERE ${visible}`);
  return result.rows;
}

/** One query: the rows of `kind` in these projects and groups with one of the numbers or titles, only `visible`. */
async function inContainers(
  db: Db,
  kind: keyof typeof IN_CONTAINERS,
  where: { projectIds: number[]; groupIds: number[]; numbers: number[]; titles: string[] },
  visible: SQL,
): Promise<Record<string, string | null>[]> {
  if (where.numbers.length === 0 && where.titles.length === 0) return [];
  const { rows, row: r, number, columns } = IN_CONTAINERS[kind];
  const column = (name: string) => sql.raw(`${r}.${name}`);
  const result = await db.execute<Record<string, string | null>>(sql`
    SELECT ${sql.raw(`${r}.id, ${r}.title${columns}, ${r}.group_id, ${r}.project_id`)},
      coalesce(p.full_path, g.full_path) AS container_path
    FROM ${sql.raw(`${rows} ${r}`)}
    LEFT JOIN projects p ON p.id = ${column('project_id')}
    LEFT JOIN groups g ON g.id = ${column('group_id')}
    WHERE (${column('project_id')} = ANY(${ints(where.projectIds)}) OR ${column('group_id')} = ANY(${ints(where.groupIds)}))
      AND (${column(number)} = ANY(${ints(where.numbers)}) OR ${column('title')} = ANY(${texts(where.titles)}))
      AND ${visible}`);
  return result.rows;
}

/** What every row found in containers has: where it lives. */
const containerOf = (r: Record<string, string | null>) => ({
  groupId: r.group_id === null ? null : num(r.group_id),
  projectId: r.project_id === null ? null : num(r.project_id),
  containerPath: r.container_path ?? '',
});

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
      return (await byPathAndIid(db, 'issues', keys, visible)).map((r) => ({
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
      return (await byPathAndIid(db, 'epics', keys, visible)).map((r) => ({
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
      const rows = await inContainers(db, 'milestones', { ...where, numbers: where.iids }, visible);
      return rows.map((r) => ({
        id: num(r.id),
        iid: num(r.iid),
        title: r.title ?? '',
        state: r.state ?? '',
        ...containerOf(r),
      }));
    },

    /** Labels of these projects and groups with one of the ids or titles, only `visible` (over `l`). */
    async labels(
      where: { projectIds: number[]; groupIds: number[]; ids: number[]; titles: string[] },
      visible: SQL,
    ): Promise<ReferencedLabel[]> {
      const rows = await inContainers(db, 'labels', { ...where, numbers: where.ids }, visible);
      return rows.map((r) => ({ id: num(r.id), title: r.title ?? '', color: r.color ?? '#6699cc', ...containerOf(r) }));
    },
  };
}
