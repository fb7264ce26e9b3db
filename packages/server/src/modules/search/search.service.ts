/**
 * Global search (decision 0039): groups, projects, epics, issues, milestones and users matching a
 * text, everywhere or within one group or project, with GitLab's scopes. What the actor may not
 * read is filtered out in SQL by the policy's own conditions, so a hidden match is never counted
 * and never shown: it looks exactly like no match.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import {
  can,
  GLOBAL,
  visibleEpicsSql,
  visibleGroupsSql,
  visibleIssuesSql,
  visibleMilestonesSql,
  visibleProjectsSql,
} from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { epicsRepository } from '../epics/epics.repository.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { issueNodes } from '../issues/issue-nodes.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import { milestonesRepository } from '../milestones/milestones.repository.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type SearchHits, type SearchOrder, type SearchWithin, searchRepository } from './search.repository.ts';

export const SEARCH_SCOPES = ['projects', 'groups', 'issues', 'epics', 'milestones', 'users'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The scopes of a search everywhere, in a group and in a project (GitLab's, plus groups and epics). */
export const SCOPES_WITHIN: Record<SearchWithin['kind'], readonly SearchScope[]> = {
  global: ['projects', 'groups', 'issues', 'epics', 'milestones', 'users'],
  group: ['projects', 'groups', 'issues', 'epics', 'milestones', 'users'],
  project: ['issues', 'milestones', 'users'],
};

/** GitLab's scopes for things Milepost does not hold (code, merge requests, wikis…): always empty. */
export const EMPTY_GITLAB_SCOPES = [
  'merge_requests',
  'wiki_blobs',
  'commits',
  'blobs',
  'notes',
  'snippet_titles',
] as const;

/** The longest search text accepted. */
export const MAX_SEARCH_LENGTH = 1000;
/** The web's scope tabs count up to this many matches ("1,000+" beyond). */
export const SEARCH_COUNT_LIMIT = 1000;

export type SearchWhere =
  | { kind: 'global' }
  | { kind: 'group'; group: GroupRow }
  | { kind: 'project'; project: ProjectWithGroup };

export type SearchInput = {
  search: string;
  scope: SearchScope;
  where: SearchWhere;
  state?: 'opened' | 'closed';
  confidential?: boolean;
  order?: SearchOrder;
  limit: number;
  offset: number;
  countUpTo?: number;
};

export type SearchResults =
  | { scope: 'issues'; rows: IssueNode[]; total: number }
  | { scope: 'epics'; rows: EpicNode[]; total: number }
  | { scope: 'milestones'; rows: MilestoneRow[]; total: number }
  | { scope: 'groups'; rows: GroupRow[]; total: number }
  | { scope: 'projects'; rows: ProjectWithGroup[]; total: number }
  | { scope: 'users'; rows: UserRow[]; total: number };

/** The search text, trimmed; blank or too long is a 400 in Grape's words. */
export function searchTerm(raw: string | undefined): string {
  const term = (raw ?? '').trim();
  if (term === '') throw new AppError(400, 'search is missing');
  if (term.length > MAX_SEARCH_LENGTH) {
    throw new AppError(400, `search is too long (maximum is ${MAX_SEARCH_LENGTH} characters)`);
  }
  return term;
}

function withinOf(where: SearchWhere): SearchWithin {
  if (where.kind === 'group') {
    return { kind: 'group', groupId: where.group.id, traversalIds: where.group.traversalIds };
  }
  if (where.kind === 'project') {
    return {
      kind: 'project',
      projectId: where.project.project.id,
      groupTraversalIds: where.project.group.traversalIds,
    };
  }
  return { kind: 'global' };
}

/** Rows in the order of `ids` (those missing meanwhile left out). */
function inOrder<T>(ids: readonly number[], rows: readonly T[], id: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [id(r), r]));
  return ids.flatMap((i) => {
    const row = byId.get(i);
    return row ? [row] : [];
  });
}

export function searchService(db: Db) {
  const repo = searchRepository(db);

  /** The ids of one page of one scope's matches the actor may read, and their number. */
  async function hits(actor: Actor, scope: SearchScope, q: Parameters<typeof repo.issues>[1]): Promise<SearchHits> {
    switch (scope) {
      case 'issues':
        return await repo.issues(await visibleIssuesSql(db, actor), q);
      case 'epics':
        return await repo.epics(await visibleEpicsSql(db, actor), q);
      case 'milestones':
        return await repo.milestones(await visibleMilestonesSql(db, actor, sql.raw('m')), q);
      case 'groups':
        return await repo.groups(await visibleGroupsSql(db, actor), q);
      case 'projects':
        return await repo.projects(await visibleProjectsSql(db, actor), q);
      case 'users':
        return await repo.users(!(await can(db, actor, 'readAdminArea', GLOBAL)), q);
    }
  }

  return {
    /** One page of a scope's matches, ranked (or by creation date), and how many there are. */
    async search(actor: Actor, input: SearchInput): Promise<SearchResults> {
      const term = searchTerm(input.search);
      const within = withinOf(input.where);
      if (!SCOPES_WITHIN[within.kind].includes(input.scope)) {
        throw new AppError(400, 'scope does not have a valid value');
      }
      const found = await hits(actor, input.scope, {
        term,
        within,
        state: input.state,
        confidential: input.confidential,
        order: input.order ?? 'relevance',
        limit: input.limit,
        offset: input.offset,
        countUpTo: input.countUpTo ?? SEARCH_COUNT_LIMIT,
      });
      const { ids, total } = found;
      switch (input.scope) {
        case 'issues':
          return { scope: 'issues', rows: await issueNodes(db, ids), total };
        case 'epics': {
          const rows = await epicsRepository(db).findByIds(ids);
          return { scope: 'epics', rows: inOrder(ids, rows, (r) => r.epic.id), total };
        }
        case 'milestones': {
          const rows = await milestonesRepository(db).findByIds(ids);
          return { scope: 'milestones', rows: inOrder(ids, rows, (r) => r.id), total };
        }
        case 'groups': {
          const rows = await groupsRepository(db).findByIds(ids);
          return { scope: 'groups', rows: inOrder(ids, rows, (r) => r.id), total };
        }
        case 'projects': {
          const projects = inOrder(ids, await projectsRepository(db).findByIds(ids), (r) => r.id);
          const groups = await groupsRepository(db).findByIds([...new Set(projects.map((p) => p.groupId))]);
          const groupById = new Map(groups.map((g) => [g.id, g]));
          const rows = projects.flatMap((project) => {
            const group = groupById.get(project.groupId);
            return group ? [{ project, group }] : [];
          });
          return { scope: 'projects', rows, total };
        }
        case 'users': {
          const rows = await usersRepository(db).findByIds(ids);
          return { scope: 'users', rows: inOrder(ids, rows, (r) => r.id), total };
        }
      }
    },

    /**
     * How many matches each scope of the place holds (each counted up to SEARCH_COUNT_LIMIT + 1):
     * the web's scope tabs. Hidden matches are not counted.
     */
    async counts(actor: Actor, search: string, where: SearchWhere): Promise<{ scope: SearchScope; count: number }[]> {
      const term = searchTerm(search);
      const within = withinOf(where);
      const scopes = SCOPES_WITHIN[within.kind];
      const q = { term, within, order: 'relevance' as const, limit: 0, offset: 0, countUpTo: SEARCH_COUNT_LIMIT };
      const totals = await Promise.all(scopes.map(async (scope) => (await hits(actor, scope, q)).total));
      return scopes.map((scope, k) => ({ scope, count: totals[k] ?? 0 }));
    },
  };
}
