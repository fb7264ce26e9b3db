/**
 * SQL of the global search (decision 0039). Issues, epics and milestones are matched with
 * PostgreSQL's full-text search over their stored `search_vector` (GIN-indexed, migration 0026):
 * `websearch_to_tsquery` reads what people type (`"exact phrase"`, `or`, `-word`), and when the
 * text has none of those operators its words also match as prefixes (`roadm` finds "roadmap"), so
 * the top bar finds things while a word is half typed. Results are ranked (`ts_rank_cd`, title
 * above description), newest first among equals. Groups, projects and users are matched by name
 * and path, every word somewhere, exact and leading matches first. Which rows the actor may see
 * is the caller's `visible` condition (the policy's SQL), never decided here.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern } from '../../db/sql.ts';

/** Where a search looks: everywhere, in a group (and its subgroups and their projects) or one project. */
export type SearchWithin =
  | { kind: 'global' }
  | { kind: 'group'; groupId: number; traversalIds: readonly number[] }
  | { kind: 'project'; projectId: number; groupTraversalIds: readonly number[] };

export type SearchOrder = 'relevance' | 'created_desc' | 'created_asc';

export type SearchQuery = {
  term: string;
  within: SearchWithin;
  /** issues and epics only */
  state?: 'opened' | 'closed';
  /** issues only */
  confidential?: boolean;
  order: SearchOrder;
  limit: number;
  offset: number;
  /** the count stops past this many matches (then it is `countUpTo + 1`) */
  countUpTo: number;
};

export type SearchHits = { ids: number[]; total: number };

/** At most this many words of a search are used (each is one more condition). */
const MAX_WORDS = 10;
const WORD = /[\p{L}\p{N}_]+/gu;

/** The words of a search, lower-cased, for name matching and prefix queries. */
export function searchWords(term: string): string[] {
  return [...new Set((term.toLowerCase().match(WORD) ?? []).map((w) => w.slice(0, 100)))].slice(0, MAX_WORDS);
}

/**
 * A `to_tsquery('simple', …)` text matching every word as a prefix (`roadm:* & plan:*`), or null
 * when the search uses websearch operators (quotes, `or`, `-word`) and must be read as written.
 */
export function prefixQueryText(term: string): string | null {
  if (/["]/.test(term) || /(^|\s)-\S/.test(term) || /(^|\s)or(\s|$)/i.test(term)) return null;
  const words = searchWords(term);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

/**
 * The full-text match and rank over the tsvector column `v`: one tsquery (the websearch reading,
 * or'ed with the prefix one when there is one), so each row is tested and ranked once.
 */
function textSearch(v: SQL, term: string): { match: SQL; rank: SQL } {
  const web = sql`websearch_to_tsquery('english', ${term})`;
  const prefix = prefixQueryText(term);
  const query = prefix === null ? web : sql`(${web} || to_tsquery('simple', ${prefix}))`;
  return { match: sql`${v} @@ ${query}`, rank: sql`ts_rank_cd(${v}, ${query})` };
}

/** Every word of the search somewhere in one of `columns` (ILIKE, LIKE wildcards escaped). */
function wordsMatch(term: string, columns: SQL[]): SQL {
  const words = searchWords(term);
  if (words.length === 0) return sql`FALSE`;
  return sql.join(
    words.map((w) => {
      const pattern = likePattern(w);
      return sql`(${sql.join(
        columns.map((c) => sql`${c} ILIKE ${pattern}`),
        sql` OR `,
      )})`;
    }),
    sql` AND `,
  );
}

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

function order(q: SearchQuery, rank: SQL, alias: string): SQL {
  const t = sql.raw(alias);
  if (q.order === 'created_asc') return sql`${t}.created_at ASC, ${t}.id ASC`;
  if (q.order === 'created_desc') return sql`${t}.created_at DESC, ${t}.id DESC`;
  return sql`${rank} DESC, ${t}.id DESC`;
}

export function searchRepository(db: Db) {
  /**
   * One page of ids in order (the top of the ranking: no match is carried past the sort), and
   * beside it the number of matches, a scan without ranking that stops at `countUpTo + 1`.
   */
  async function hits(from: SQL, where: SQL, orderBy: SQL, alias: string, q: SearchQuery): Promise<SearchHits> {
    const t = sql.raw(alias);
    const [page, counted] = await Promise.all([
      q.limit === 0
        ? { rows: [] }
        : db.execute<{ id: string }>(
            sql`SELECT ${t}.id FROM ${from} WHERE ${where} ORDER BY ${orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
          ),
      db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${q.countUpTo + 1}) counted`,
      ),
    ]);
    return { ids: page.rows.map((r) => Number(r.id)), total: Number(counted.rows[0]?.n ?? 0) };
  }

  /** The projects under a group (its subgroups' too), as a subquery of ids. */
  const projectsUnder = (groupId: number) =>
    sql`(SELECT w_p.id FROM projects w_p JOIN groups w_g ON w_g.id = w_p.group_id
      WHERE w_g.traversal_ids @> ARRAY[${groupId}]::bigint[])`;

  return {
    /** Issues: `visible` reads `i`. */
    async issues(visible: SQL, q: SearchQuery): Promise<SearchHits> {
      const { match, rank } = textSearch(sql.raw('i.search_vector'), q.term);
      const c: SQL[] = [match, visible];
      if (q.within.kind === 'group') c.push(sql`i.project_id IN ${projectsUnder(q.within.groupId)}`);
      if (q.within.kind === 'project') c.push(sql`i.project_id = ${q.within.projectId}`);
      if (q.state) c.push(sql`i.state = ${q.state}`);
      if (q.confidential !== undefined) c.push(sql`i.confidential = ${q.confidential}`);
      return await hits(sql`issues i`, sql.join(c, sql` AND `), order(q, rank, 'i'), 'i', q);
    },

    /** Epics: `visible` reads `e` and its group `g`. */
    async epics(visible: SQL, q: SearchQuery): Promise<SearchHits> {
      if (q.within.kind === 'project') return { ids: [], total: 0 };
      const { match, rank } = textSearch(sql.raw('e.search_vector'), q.term);
      const c: SQL[] = [match, visible];
      if (q.within.kind === 'group') c.push(sql`g.traversal_ids @> ARRAY[${q.within.groupId}]::bigint[]`);
      if (q.state) c.push(sql`e.state = ${q.state}`);
      return await hits(
        sql`epics e JOIN groups g ON g.id = e.group_id`,
        sql.join(c, sql` AND `),
        order(q, rank, 'e'),
        'e',
        q,
      );
    },

    /** Milestones of groups and projects: `visible` reads `m`. */
    async milestones(visible: SQL, q: SearchQuery): Promise<SearchHits> {
      const { match, rank } = textSearch(sql.raw('m.search_vector'), q.term);
      const c: SQL[] = [match, visible];
      if (q.within.kind === 'group') {
        c.push(sql`(m.group_id IN (SELECT w_mg.id FROM groups w_mg WHERE w_mg.traversal_ids @> ARRAY[${q.within.groupId}]::bigint[])
          OR m.project_id IN ${projectsUnder(q.within.groupId)})`);
      }
      if (q.within.kind === 'project') c.push(sql`m.project_id = ${q.within.projectId}`);
      return await hits(sql`milestones m`, sql.join(c, sql` AND `), order(q, rank, 'm'), 'm', q);
    },

    /** Groups by name and path: `visible` reads `g`. Within a group: its subgroups. */
    async groups(visible: SQL, q: SearchQuery): Promise<SearchHits> {
      if (q.within.kind === 'project') return { ids: [], total: 0 };
      const c: SQL[] = [wordsMatch(q.term, [sql.raw('g.name'), sql.raw('g.full_path')]), visible];
      if (q.within.kind === 'group') {
        c.push(sql`g.traversal_ids @> ARRAY[${q.within.groupId}]::bigint[] AND g.id <> ${q.within.groupId}`);
      }
      const term = q.term.trim().toLowerCase();
      const rank = sql`(lower(g.path) = ${term})::int * 4 + (lower(g.name) = ${term})::int * 2
        + (g.name ILIKE ${`${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})::int`;
      const orderBy = q.order === 'relevance' ? sql`${rank} DESC, g.full_path ASC, g.id ASC` : order(q, rank, 'g');
      return await hits(sql`groups g`, sql.join(c, sql` AND `), orderBy, 'g', q);
    },

    /** Projects by name and path (the path includes the groups'): `visible` reads `p` and its group `pg`. */
    async projects(visible: SQL, q: SearchQuery): Promise<SearchHits> {
      if (q.within.kind === 'project') return { ids: [], total: 0 };
      const c: SQL[] = [wordsMatch(q.term, [sql.raw('p.name'), sql.raw('p.full_path')]), visible];
      if (q.within.kind === 'group') c.push(sql`pg.traversal_ids @> ARRAY[${q.within.groupId}]::bigint[]`);
      const term = q.term.trim().toLowerCase();
      const rank = sql`(lower(p.path) = ${term})::int * 4 + (lower(p.name) = ${term})::int * 2
        + (p.name ILIKE ${`${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})::int`;
      const orderBy = q.order === 'relevance' ? sql`${rank} DESC, p.full_path ASC, p.id ASC` : order(q, rank, 'p');
      return await hits(sql`projects p JOIN groups pg ON pg.id = p.group_id`, sql.join(c, sql` AND `), orderBy, 'p', q);
    },

    /**
     * Users by username and name (`activeOnly` for everyone but administrators). Within a group:
     * its members and those of its ancestors; within a project: the project's and its groups'.
     */
    async users(activeOnly: boolean, q: SearchQuery): Promise<SearchHits> {
      const c: SQL[] = [wordsMatch(q.term, [sql.raw('u.username'), sql.raw('u.name')]), sql`u.user_type = 'human'`];
      if (activeOnly) c.push(sql`u.state = 'active'`);
      const groupMembers = (traversalIds: readonly number[]) =>
        sql`(m.source_type = 'Namespace' AND m.source_id = ANY(${ids(traversalIds)}))`;
      if (q.within.kind === 'group') {
        c.push(sql`u.id IN (SELECT m.user_id FROM members m WHERE ${groupMembers(q.within.traversalIds)})`);
      }
      if (q.within.kind === 'project') {
        c.push(sql`u.id IN (SELECT m.user_id FROM members m WHERE (m.source_type = 'Project' AND m.source_id = ${q.within.projectId})
          OR ${groupMembers(q.within.groupTraversalIds)})`);
      }
      const term = q.term.trim().toLowerCase();
      const rank = sql`(lower(u.username) = ${term})::int * 4 + (lower(u.name) = ${term})::int * 2`;
      const orderBy = q.order === 'relevance' ? sql`${rank} DESC, u.username ASC` : order(q, rank, 'u');
      return await hits(sql`users u`, sql.join(c, sql` AND `), orderBy, 'u', q);
    },
  };
}
