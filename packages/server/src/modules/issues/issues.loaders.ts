/**
 * Per-request DataLoaders for the fields of issues (and the award emoji of epics): a page of 100
 * issues costs one query per kind of nested field, whatever the page size.
 */
import DataLoader from 'dataloader';
import { visibleIssuesSql } from '../../authz/policy.ts';
import type { EpicIssueRow, LabelRow, MilestoneRow } from '../../db/schema.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { AwardableType, AwardRow } from '../awards/awards.repository.ts';
import { awardsRepository } from '../awards/awards.repository.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { epicIssuesRepository } from './epic-issues.repository.ts';
import { issueLinksRepository } from './issue-links.repository.ts';
import { issueNodes } from './issue-nodes.ts';
import { loadEpics } from './issues.adapters.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

function byKey<K, V>(keys: readonly K[], found: Map<K, V>, fallback: V): V[] {
  return keys.map((k) => found.get(k) ?? fallback);
}

function createLoaders(ctx: GraphQLContext) {
  const db = ctx.db;
  const issues = issuesRepository(db);
  const awards = (type: AwardableType) =>
    new DataLoader<number, AwardRow[]>(async (ids) => {
      const rows = await awardsRepository(db).listFor(type, ids);
      const grouped = new Map<number, AwardRow[]>();
      for (const r of rows) grouped.set(r.awardableId, [...(grouped.get(r.awardableId) ?? []), r]);
      return byKey(ids, grouped, []);
    });
  const votes = (type: AwardableType) =>
    new DataLoader<number, { up: number; down: number }>(async (ids) =>
      byKey(ids, await awardsRepository(db).votes(type, ids), { up: 0, down: 0 }),
    );
  return {
    labels: new DataLoader<number, LabelRow[]>(async (ids) => byKey(ids, await issues.labelsOf(ids), [])),
    milestone: new DataLoader<number, MilestoneRow | null>(async (ids) => {
      const rows = await issues.milestonesByIds(ids);
      return byKey(ids, new Map(rows.map((m) => [m.id, m])), null);
    }),
    epicRelation: new DataLoader<number, EpicIssueRow | null>(async (ids) => {
      const rows = await epicIssuesRepository(db).findByIssueIds(ids);
      return byKey(ids, new Map(rows.map((r) => [r.issueId, r])), null);
    }),
    epic: new DataLoader<number, EpicNode | null>(async (ids) => {
      const rows = await loadEpics(db, ids);
      return byKey(ids, new Map(rows.map((r) => [r.epic.id, r])), null);
    }),
    /** Open issues blocking each issue that the viewer may read (ids, in link order). */
    blockers: new DataLoader<number, number[]>(async (ids) => {
      const visible = await visibleIssuesSql(db, ctx.actor);
      const rows = await issueLinksRepository(db).openBlockers(ids, visible);
      const grouped = new Map<number, number[]>();
      for (const r of rows) grouped.set(r.blockedId, [...(grouped.get(r.blockedId) ?? []), r.blockerId]);
      return byKey(ids, grouped, []);
    }),
    blockingCount: new DataLoader<number, number>(async (ids) => {
      const visible = await visibleIssuesSql(db, ctx.actor);
      return byKey(ids, await issueLinksRepository(db).blockingCounts(ids, visible), 0);
    }),
    subscribed: new DataLoader<number, boolean>(async (ids) => {
      const user = ctx.actor.user;
      if (!user) return ids.map(() => false);
      const set = await issues.subscribedIds(user.id, ids);
      return ids.map((id) => set.has(id));
    }),
    /** Issues by id with project, group and assignees (no access decision). */
    issue: new DataLoader<number, IssueNode | null>(async (ids) => {
      const nodes = await issueNodes(db, ids);
      return byKey(ids, new Map(nodes.map((n) => [n.issue.id, n])), null);
    }),
    issueAwards: awards('Issue'),
    epicAwards: awards('Epic'),
    issueVotes: votes('Issue'),
    epicVotes: votes('Epic'),
  };
}

export type IssueLoaders = ReturnType<typeof createLoaders>;

const cache = new WeakMap<GraphQLContext, IssueLoaders>();

export function issueLoaders(ctx: GraphQLContext): IssueLoaders {
  let loaders = cache.get(ctx);
  if (!loaders) {
    loaders = createLoaders(ctx);
    cache.set(ctx, loaders);
  }
  return loaders;
}
