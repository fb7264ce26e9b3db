/**
 * Frequently visited projects and groups (spec 002 §9: 'Frequent items … incremented at most once
 * per day'): the web app reports each visit of a project or group page; the menus list the user's
 * most frequent ones that they may still read. Kept per user on the server, so they follow the
 * user from browser to browser.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { visibleGroupsSql, visibleProjectsSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow } from '../../db/schema.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { frequentItemsRepository } from './frequent-items.repository.ts';

/** How many the menus show (GitLab's frecent items: at most 5). */
export const FRECENT_LIMIT = 5;

export type Visited = { type: 'projects'; project: ProjectWithGroup } | { type: 'groups'; group: GroupRow };

export function frequentItemsService(db: Db) {
  const repo = frequentItemsRepository(db);
  return {
    /** Records that the actor visited a project or group they can read (callers found it for them). */
    async track(actor: Actor, visited: Visited): Promise<void> {
      if (!actor.user) throw new UnauthorizedError();
      const id = visited.type === 'projects' ? visited.project.project.id : visited.group.id;
      await repo.track(actor.user.id, visited.type, id);
    },

    /** The actor's most frequently visited projects they can read, most frequent first. */
    async projects(actor: Actor, limit = FRECENT_LIMIT): Promise<ProjectWithGroup[]> {
      if (!actor.user) return [];
      const visible = await visibleProjectsSql(db, actor, sql.raw('projects'), sql.raw('groups'));
      return await repo.projects(actor.user.id, visible, limit);
    },

    /** The actor's most frequently visited groups they can read, most frequent first. */
    async groups(actor: Actor, limit = FRECENT_LIMIT): Promise<GroupRow[]> {
      if (!actor.user) return [];
      return await repo.groups(actor.user.id, await visibleGroupsSql(db, actor, sql.raw('groups')), limit);
    },
  };
}
