/**
 * Batched reads behind the Epic fields (one query per page of epics, whatever its size): labels,
 * subtree roll-ups, children and issue existence, blocking links, votes, subscriptions.
 */

import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epicLabels, epics, groups, type LabelRow, labels } from '../../db/schema.ts';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository.ts';
import type { EpicWithGroup } from './epics.repository.ts';

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;

export type EpicRollup = {
  openedEpics: number;
  closedEpics: number;
  openedIssues: number;
  closedIssues: number;
  openedIssuesWeight: number;
  closedIssuesWeight: number;
  issuesOnTrack: number;
  issuesNeedingAttention: number;
  issuesAtRisk: number;
};

export const EMPTY_ROLLUP: EpicRollup = {
  openedEpics: 0,
  closedEpics: 0,
  openedIssues: 0,
  closedIssues: 0,
  openedIssuesWeight: 0,
  closedIssuesWeight: 0,
  issuesOnTrack: 0,
  issuesNeedingAttention: 0,
  issuesAtRisk: 0,
};

export function epicReadsRepository(db: Db) {
  return {
    async labelsOf(epicIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      const map = new Map<number, LabelRow[]>();
      if (epicIds.length === 0) return map;
      const rows = await db
        .select({ epicId: epicLabels.epicId, label: labels })
        .from(epicLabels)
        .innerJoin(labels, eq(labels.id, epicLabels.labelId))
        .where(sql`${epicLabels.epicId} = ANY(${ids(epicIds)})`)
        .orderBy(labels.title, labels.id);
      for (const r of rows) map.set(r.epicId, [...(map.get(r.epicId) ?? []), r.label]);
      return map;
    },

    /**
     * Counts over each epic's whole subtree (GIN on path_ids): descendant epics by state, and the
     * issues of the epic and of its descendants by state, with weight sums and open issues' health
     * (each epic's own issues come pre-counted from epic_issue_counts).
     * Hidden items are counted (existence only): see docs/decisions/0007.
     */
    async rollups(epicIds: readonly number[]): Promise<Map<number, EpicRollup>> {
      const map = new Map<number, EpicRollup>();
      if (epicIds.length === 0) return map;
      const result = await db.execute<{
        root: number;
        opened_epics: number;
        closed_epics: number;
        opened_issues: number;
        closed_issues: number;
        opened_weight: number;
        closed_weight: number;
        on_track: number;
        needs_attention: number;
        at_risk: number;
      }>(sql`
        -- one GIN probe per page epic (a single-element @> uses the path_ids index); each subtree
        -- epic adds its own issues' counts, kept in epic_issue_counts by triggers (migration 0004)
        SELECT r.id AS root,
          count(*) FILTER (WHERE d.id <> r.id AND d.state = 'opened')::int AS opened_epics,
          count(*) FILTER (WHERE d.id <> r.id AND d.state = 'closed')::int AS closed_epics,
          COALESCE(sum(c.opened_issues), 0)::int AS opened_issues,
          COALESCE(sum(c.closed_issues), 0)::int AS closed_issues,
          COALESCE(sum(c.opened_weight), 0)::int AS opened_weight,
          COALESCE(sum(c.closed_weight), 0)::int AS closed_weight,
          COALESCE(sum(c.on_track), 0)::int AS on_track,
          COALESCE(sum(c.needs_attention), 0)::int AS needs_attention,
          COALESCE(sum(c.at_risk), 0)::int AS at_risk
        FROM unnest(${ids(epicIds)}) AS r(id)
        CROSS JOIN LATERAL (SELECT e.id, e.state FROM epics e WHERE e.path_ids @> ARRAY[r.id]) d
        LEFT JOIN epic_issue_counts c ON c.epic_id = d.id
        GROUP BY r.id`);
      for (const r of result.rows) {
        map.set(Number(r.root), {
          openedEpics: r.opened_epics ?? 0,
          closedEpics: r.closed_epics ?? 0,
          openedIssues: r.opened_issues ?? 0,
          closedIssues: r.closed_issues ?? 0,
          openedIssuesWeight: r.opened_weight ?? 0,
          closedIssuesWeight: r.closed_weight ?? 0,
          issuesOnTrack: r.on_track ?? 0,
          issuesNeedingAttention: r.needs_attention ?? 0,
          issuesAtRisk: r.at_risk ?? 0,
        });
      }
      return map;
    },

    /** Visible direct children per parent, optionally only those overlapping a timeframe. */
    async childCounts(
      visible: SQL,
      parentIds: readonly number[],
      timeframe?: { start: string; end: string },
    ): Promise<Map<number, number>> {
      const map = new Map<number, number>();
      if (parentIds.length === 0) return map;
      const within = timeframe
        ? sql`AND (${epics.startDate} IS NOT NULL OR ${epics.dueDate} IS NOT NULL)
              AND (${epics.startDate} IS NULL OR ${epics.startDate} <= ${timeframe.end}::date)
              AND (${epics.dueDate} IS NULL OR ${epics.dueDate} >= ${timeframe.start}::date)`
        : sql``;
      const rows = await db
        .select({ parentId: epics.parentId, n: sql<number>`count(*)::int` })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(sql`${epics.parentId} = ANY(${ids(parentIds)}) AND ${visible} ${within}`)
        .groupBy(epics.parentId);
      for (const r of rows) if (r.parentId !== null) map.set(r.parentId, r.n);
      return map;
    },

    /** Epics (of `epicIds`) holding at least one issue visible under `visibleIssue` (aliases i, p, pg). */
    async withIssues(visibleIssue: SQL, epicIds: readonly number[]): Promise<Set<number>> {
      if (epicIds.length === 0) return new Set();
      const result = await db.execute<{ epic_id: number }>(sql`
        SELECT DISTINCT ei.epic_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
          JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE ei.epic_id = ANY(${ids(epicIds)}) AND ${visibleIssue}`);
      return new Set(result.rows.map((r) => Number(r.epic_id)));
    },

    /** Visible epics (under `visible`, aliases "epics"/"groups") blocking each of `epicIds`. */
    async blockers(visible: SQL, epicIds: readonly number[]): Promise<Map<number, EpicWithGroup[]>> {
      const map = new Map<number, EpicWithGroup[]>();
      if (epicIds.length === 0) return map;
      const rows = await db
        .select({ targetId: sql<number>`l.target_id`, epic: epics, group: groups })
        .from(sql`epic_links l`)
        .innerJoin(epics, sql`${epics.id} = l.source_id`)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(sql`l.link_type = 'blocks' AND l.target_id = ANY(${ids(epicIds)}) AND ${visible}`)
        .orderBy(sql`l.id`);
      for (const r of rows) {
        const key = Number(r.targetId);
        map.set(key, [...(map.get(key) ?? []), { epic: r.epic, group: r.group }]);
      }
      return map;
    },

    /** Visible epics each of `epicIds` blocks: counts only. */
    async blockingCounts(visible: SQL, epicIds: readonly number[]): Promise<Map<number, number>> {
      const map = new Map<number, number>();
      if (epicIds.length === 0) return map;
      const rows = await db
        .select({ sourceId: sql<number>`l.source_id`, n: sql<number>`count(*)::int` })
        .from(sql`epic_links l`)
        .innerJoin(epics, sql`${epics.id} = l.target_id`)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(sql`l.link_type = 'blocks' AND l.source_id = ANY(${ids(epicIds)}) AND ${visible}`)
        .groupBy(sql`l.source_id`);
      for (const r of rows) map.set(Number(r.sourceId), r.n);
      return map;
    },

    async votes(epicIds: readonly number[]): Promise<Map<number, { up: number; down: number }>> {
      const map = new Map<number, { up: number; down: number }>();
      if (epicIds.length === 0) return map;
      const result = await db.execute<{ id: number; up: number; down: number }>(sql`
        SELECT awardable_id AS id, count(*) FILTER (WHERE name = 'thumbsup')::int AS up,
               count(*) FILTER (WHERE name = 'thumbsdown')::int AS down
        FROM award_emoji WHERE awardable_type = 'Epic' AND awardable_id = ANY(${ids(epicIds)})
        GROUP BY awardable_id`);
      for (const r of result.rows) map.set(Number(r.id), { up: r.up, down: r.down });
      return map;
    },

    async subscribed(userId: number, epicIds: readonly number[]): Promise<Set<number>> {
      return await subscriptionsRepository(db).subscribedIds('Epic', userId, epicIds);
    },

    /** The author and the assignees of the epic's issues visible under `visibleIssue`, in that order. */
    async participantIds(visibleIssue: SQL, epicId: number, authorId: number | null): Promise<number[]> {
      const result = await db.execute<{ user_id: number }>(sql`
        SELECT DISTINCT ia.user_id FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id
          JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
          JOIN issue_assignees ia ON ia.issue_id = i.id
        WHERE ei.epic_id = ${epicId} AND ${visibleIssue} ORDER BY ia.user_id`);
      const list = result.rows.map((r) => Number(r.user_id));
      return [...new Set([...(authorId === null ? [] : [authorId]), ...list])];
    },

    /** The project (in the group's tree) where the user most recently created an issue. */
    async lastIssueProjectId(userId: number, groupId: number): Promise<number | undefined> {
      const result = await db.execute<{ project_id: number }>(sql`
        SELECT i.project_id FROM issues i JOIN projects p ON p.id = i.project_id JOIN groups pg ON pg.id = p.group_id
        WHERE i.author_id = ${userId} AND pg.traversal_ids @> ARRAY[${groupId}]::bigint[]
        ORDER BY i.created_at DESC, i.id DESC LIMIT 1`);
      const id = result.rows[0]?.project_id;
      return id === undefined ? undefined : Number(id);
    },

    /** Visible epics among `list` (for ancestors and parents). */
    async visibleByIds(visible: SQL, list: readonly number[]): Promise<EpicWithGroup[]> {
      if (list.length === 0) return [];
      return await db
        .select({ epic: epics, group: groups })
        .from(epics)
        .innerJoin(groups, eq(groups.id, epics.groupId))
        .where(sql`${epics.id} = ANY(${ids(list)}) AND ${visible}`);
    },
  };
}
