/**
 * The activity feed (GitLab's /dashboard/activity and REST `/events`): events by the reader ('Your
 * activity') or in the groups and projects the reader is a member of ('Your projects'), newest
 * first, a capped page at a time — only events on issues, epics, comments and milestones the reader
 * may read (the policy's SQL, in the query).
 */
import { sql } from 'drizzle-orm';
import { loadMemberships } from '../../authz/access.repository.ts';
import type { Actor } from '../../authz/actor.ts';
import {
  internalNotesReadableSql,
  visibleContainerSql,
  visibleEpicsSql,
  visibleIssuesSql,
} from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { UnauthorizedError } from '../../errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type EventQuery, type EventVisibility, eventsRepository } from './events.repository.ts';
import type { EventRow, EventScope } from './events.types.ts';

export type { EventQuery } from './events.repository.ts';

export function eventsService(db: Db) {
  const repo = eventsRepository(db);

  async function visibility(actor: Actor): Promise<EventVisibility> {
    const [issue, epic, milestone, internalNote] = await Promise.all([
      visibleIssuesSql(db, actor, sql.raw('vis_i')),
      visibleEpicsSql(db, actor, sql.raw('vis_e'), sql.raw('vis_eg')),
      visibleContainerSql(db, actor, sql.raw('ev.group_id'), sql.raw('ev.project_id')),
      internalNotesReadableSql(db, actor, sql.raw('ev.group_id'), sql.raw('ev.project_id')),
    ]);
    return { issue, epic, milestone, internalNote, readerId: actor.user?.id ?? null };
  }

  return {
    /** One page of the signed-in reader's feed in `scope`. */
    async page(
      actor: Actor,
      scope: EventScope,
      query: Omit<EventQuery, 'authorId' | 'memberOf'>,
      page: { limit: number; offset: number; total?: number },
    ) {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      let scoped: EventQuery = { ...query, authorId: user.id };
      if (scope === 'memberships') {
        const memberships = await loadMemberships(db, user.id);
        const of = (type: 'Namespace' | 'Project') =>
          memberships.filter((m) => m.sourceType === type).map((m) => m.sourceId);
        scoped = { ...query, memberOf: { namespaceIds: of('Namespace'), projectIds: of('Project') } };
      }
      return await repo.page(scoped, await visibility(actor), page);
    },

    /** The events' authors (REST's `author`), by id. */
    async authors(rows: readonly EventRow[]): Promise<Map<number, UserRow>> {
      const users = await usersRepository(db).findByIds([...new Set(rows.map((e) => e.authorId))]);
      return new Map(users.map((u) => [u.id, u]));
    },
  };
}
