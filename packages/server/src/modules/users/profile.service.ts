/**
 * The profile page `/<username>`: the user, the groups of theirs the viewer may see, and what they
 * recently opened and commented on among the things the viewer may read. Hidden things look like
 * nothing: they are left out, not counted.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { visibleEpicsSql, visibleGroupsSql, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { type ActivityRow, profileRepository } from './profile.repository.ts';

/** The most groups and activity items one profile request returns. */
export const PROFILE_LIST_MAX = 50;

const capped = (limit: number) => Math.max(1, Math.min(PROFILE_LIST_MAX, Math.trunc(limit) || 1));

export function profileService(db: Db) {
  const repo = profileRepository(db);
  return {
    async groups(actor: Actor, user: UserRow, limit: number): Promise<GroupRow[]> {
      return await repo.groups(user.id, await visibleGroupsSql(db, actor, sql.raw('g')), capped(limit));
    },
    async activity(actor: Actor, user: UserRow, limit: number): Promise<ActivityRow[]> {
      const [issues, epics] = await Promise.all([visibleIssuesSql(db, actor), visibleEpicsSql(db, actor)]);
      return await repo.activity(user.id, issues, epics, capped(limit));
    },
  };
}
