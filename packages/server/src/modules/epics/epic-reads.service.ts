/**
 * Batched reads for a page of epics (the GraphQL loaders call these once per page). Lists and
 * flags that name or reveal items are filtered by the policy's visibility SQL; roll-up counts
 * count existence, hidden items included (docs/decisions/0007-rollup-counts-and-hidden-items.md).
 */
import type { SQL } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { LabelRow, UserRow } from '../../db/schema.ts';
import { usersRepository } from '../users/users.repository.ts';
import { type EpicRollup, epicReadsRepository } from './epic-reads.repository.ts';
import type { EpicWithGroup } from './epics.repository.ts';

export function epicReadsService(db: Db, visible: (actor: Actor) => Promise<SQL>) {
  const reads = epicReadsRepository(db);
  return {
    async labelsOf(epicIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      return await reads.labelsOf(epicIds);
    },
    /** Subtree counts, weights and health (existence only: hidden descendants are counted). */
    async rollups(epicIds: readonly number[]): Promise<Map<number, EpicRollup>> {
      return await reads.rollups(epicIds);
    },
    /** Visible children per epic (optionally within a timeframe). */
    async childCounts(
      actor: Actor,
      epicIds: readonly number[],
      timeframe?: { start: string; end: string },
    ): Promise<Map<number, number>> {
      return await reads.childCounts(await visible(actor), epicIds, timeframe);
    },
    /** Epics holding at least one issue the actor may read. */
    async withIssues(actor: Actor, epicIds: readonly number[]): Promise<Set<number>> {
      return await reads.withIssues(await visibleIssuesSql(db, actor), epicIds);
    },
    /** Visible epics blocking each epic. */
    async blockers(actor: Actor, epicIds: readonly number[]): Promise<Map<number, EpicWithGroup[]>> {
      return await reads.blockers(await visible(actor), epicIds);
    },
    async blockingCounts(actor: Actor, epicIds: readonly number[]): Promise<Map<number, number>> {
      return await reads.blockingCounts(await visible(actor), epicIds);
    },
    async votes(epicIds: readonly number[]) {
      return await reads.votes(epicIds);
    },
    async subscribedOf(actor: Actor, epicIds: readonly number[]): Promise<Set<number>> {
      return actor.user ? await reads.subscribed(actor.user.id, epicIds) : new Set();
    },
    /** Visible epics among the ids (ancestors, parents, blocking references). */
    async visibleByIds(actor: Actor, epicIds: readonly number[]): Promise<EpicWithGroup[]> {
      return await reads.visibleByIds(await visible(actor), [...new Set(epicIds)]);
    },
    /** Users by id (authors of a page of epics for the REST entities). */
    async usersByIds(ids: readonly number[]): Promise<Map<number, UserRow>> {
      const rows = await usersRepository(db).findByIds([...new Set(ids)]);
      return new Map(rows.map((u) => [u.id, u]));
    },
    /** The author and the assignees of the issues the actor may read, as user ids. */
    async participantIds(actor: Actor, found: EpicWithGroup): Promise<number[]> {
      return await reads.participantIds(await visibleIssuesSql(db, actor), found.epic.id, found.epic.authorId);
    },
    /** GitLab's default project for new child issues: where the user last created an issue in the group tree. */
    async defaultProjectId(actor: Actor, found: EpicWithGroup): Promise<number | undefined> {
      return actor.user ? await reads.lastIssueProjectId(actor.user.id, found.group.id) : undefined;
    },
  };
}
