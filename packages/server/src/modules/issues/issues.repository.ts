import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  type GroupRow,
  groups,
  type IssueRow,
  issueAssignees,
  issueLabels,
  issues,
  type LabelRow,
  labels,
  type MilestoneRow,
  milestones,
  type ProjectRow,
  projects,
  subscriptions,
} from '../../db/schema.ts';
import { writeBehind } from '../../db/transaction.ts';
import { type IssuePageFacts, issueFactsColumns, issueFactsOf } from './issue-details.repository.ts';
import { bigintIds, type IssueFilter, i, issueConditions, issueOrder, p, pg } from './issue-filters.ts';
import type { IssueNode } from './issues.types.ts';

/**
 * The columns of a list's rows that make them `IssueNode`s (the issue, its project and group, the
 * assignees' ids), for a query over `i` inner-joined to its project `p` and the project's group `pg`:
 * a page needs no further statement before access can be decided on it.
 */
export const issueNodeColumns = {
  issue: i,
  project: p,
  group: pg,
  assigneeIds: sql<
    (string | number)[]
  >`ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id ORDER BY ia.user_id)`,
};

/** A row of `issueNodeColumns` as the node it is. */
export function issueNodeOf(row: {
  issue: IssueRow;
  project: ProjectRow;
  group: GroupRow;
  assigneeIds: (string | number)[];
}): IssueNode {
  return { issue: row.issue, project: row.project, group: row.group, assigneeIds: row.assigneeIds.map(Number) };
}

export type NewIssue = typeof issues.$inferInsert;
export type IssueChanges = Partial<Omit<NewIssue, 'id' | 'projectId' | 'iid' | 'createdAt'>>;

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

export function issuesRepository(db: Db) {
  return {
    async findById(id: number): Promise<IssueRow | undefined> {
      return (await db.select().from(issues).where(eq(issues.id, id)).limit(1))[0];
    },
    /** The issue as it is now, its row locked until the transaction ends (call inside one). */
    async findForUpdate(id: number): Promise<IssueRow | undefined> {
      return (await db.select().from(issues).where(eq(issues.id, id)).for('update'))[0];
    },
    async findByIds(list: readonly number[]): Promise<IssueRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(issues)
        .where(sql`${issues.id} = ANY(${bigintIds(list)})`);
    },
    async findByIid(projectId: number, iid: number): Promise<IssueRow | undefined> {
      return (
        await db
          .select()
          .from(issues)
          .where(and(eq(issues.projectId, projectId), eq(issues.iid, iid)))
          .limit(1)
      )[0];
    },

    /** Projects with their groups, in one statement (an issue page's containers). */
    async projectsWithGroups(projectIds: readonly number[]): Promise<{ project: ProjectRow; group: GroupRow }[]> {
      if (projectIds.length === 0) return [];
      return await db
        .select({ project: projects, group: groups })
        .from(projects)
        .innerJoin(groups, eq(groups.id, projects.groupId))
        .where(sql`${projects.id} = ANY(${bigintIds(projectIds)})`);
    },

    /**
     * One page of the matching issues as nodes (an ordered scan that stops after the page: the
     * order's index when there is one, migration 0017) and, in a statement of its own beside it,
     * their number. With `countUpTo`, counting stops past that many (GitLab counts at most 10,000
     * for its headers): the total is then `countUpTo + 1` for "more", and `more` says whether
     * another page follows. With `factsFor`, the page's rows also carry everything the entities show
     * beside them (issue-details.repository.ts): the page's ids are chosen in a subquery and only
     * those rows read the facts, so the page is still ONE statement.
     */
    async list(
      visible: SQL,
      filter: IssueFilter,
      page: { limit: number; offset: number },
      opts: { countUpTo?: number; factsFor?: { viewerId: number | null } } = {},
    ): Promise<{ rows: IssueNode[]; facts?: Map<number, IssuePageFacts>; total: number; more: boolean }> {
      // `visible` and the filter read only `i` (the project rules are sets decided once per query).
      const where = and(visible, ...issueConditions(filter));
      const matching = db.select({ one: sql`1` }).from(i).where(where);
      const counted = opts.countUpTo === undefined ? matching : matching.limit(opts.countUpTo + 1);
      const count = async () =>
        Number((await db.select({ n: sql<number>`count(*)::int` }).from(counted.as('matching')))[0]?.n ?? 0);
      if (page.limit === 0) return { rows: [], total: await count(), more: false };
      const order = issueOrder(filter.sort);
      const withContainers = <T extends SelectedFields>(columns: T) =>
        db
          .select({ ...issueNodeColumns, ...columns })
          .from(i)
          .innerJoin(p, eq(p.id, i.projectId))
          .innerJoin(pg, eq(pg.id, p.groupId));
      const read = async () => {
        if (!opts.factsFor) {
          const found = await withContainers({})
            .where(where)
            .orderBy(order)
            .limit(page.limit + 1)
            .offset(page.offset);
          return { found: found.map(issueNodeOf), facts: undefined };
        }
        const ids = db
          .select({ id: i.id })
          .from(i)
          .where(where)
          .orderBy(order)
          .limit(page.limit + 1)
          .offset(page.offset);
        const found = await withContainers(issueFactsColumns(opts.factsFor.viewerId))
          .where(inArray(i.id, ids))
          .orderBy(order);
        return { found: found.map(issueNodeOf), facts: new Map(found.map((r) => [r.issue.id, issueFactsOf(r)])) };
      };
      const [{ found, facts }, total] = await Promise.all([read(), count()]);
      return { rows: found.slice(0, page.limit), facts, total, more: found.length > page.limit };
    },

    /** Ids of the given issues that are `visible` (a condition over i, p, pg). */
    async visibleIds(visible: SQL, list: readonly number[]): Promise<Set<number>> {
      if (list.length === 0) return new Set();
      const rows = await db
        .select({ id: i.id })
        .from(i)
        .innerJoin(p, eq(p.id, i.projectId))
        .innerJoin(pg, eq(pg.id, p.groupId))
        .where(and(visible, sql`i.id = ANY(${bigintIds(list)})`));
      return new Set(rows.map((r) => r.id));
    },

    async insert(values: NewIssue): Promise<IssueRow> {
      const [row] = await db.insert(issues).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /**
     * Applies changes and bumps `lock_version`. With `lockVersion`, only if the row still has that
     * version: `undefined` then means someone else changed it first.
     */
    async update(id: number, changes: IssueChanges, lockVersion?: number): Promise<IssueRow | undefined> {
      const [row] = await db
        .update(issues)
        .set({ ...changes, updatedAt: new Date(), lockVersion: sql`${issues.lockVersion} + 1` })
        .where(
          lockVersion === undefined ? eq(issues.id, id) : and(eq(issues.id, id), eq(issues.lockVersion, lockVersion)),
        )
        .returning();
      return row;
    },

    async delete(id: number): Promise<void> {
      await db.execute(sql`DELETE FROM award_emoji WHERE awardable_type = 'Issue' AND awardable_id = ${id}`);
      await db.execute(sql`DELETE FROM subscriptions WHERE subscribable_type = 'Issue' AND subscribable_id = ${id}`);
      await db.delete(issues).where(eq(issues.id, id));
    },

    async setAssignees(issueId: number, userIds: readonly number[]): Promise<void> {
      await writeBehind(db, db.delete(issueAssignees).where(eq(issueAssignees.issueId, issueId)));
      await this.addAssignees(issueId, userIds);
    },

    /** Assigns a new issue (one without assignees yet). */
    async addAssignees(issueId: number, userIds: readonly number[]): Promise<void> {
      if (userIds.length)
        await writeBehind(db, db.insert(issueAssignees).values(userIds.map((userId) => ({ issueId, userId }))));
    },

    async setLabels(issueId: number, labelIds: readonly number[]): Promise<void> {
      await writeBehind(db, db.delete(issueLabels).where(eq(issueLabels.issueId, issueId)));
      await this.addLabels(issueId, labelIds);
    },

    /** Labels a new issue (one without labels yet). */
    async addLabels(issueId: number, labelIds: readonly number[]): Promise<void> {
      if (labelIds.length)
        await writeBehind(db, db.insert(issueLabels).values(labelIds.map((labelId) => ({ issueId, labelId }))));
    },

    /** Assignee user ids per issue (in the order they were added). */
    async assigneeIds(issueIds: readonly number[]): Promise<Map<number, number[]>> {
      if (issueIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(issueAssignees)
        .where(sql`${issueAssignees.issueId} = ANY(${bigintIds(issueIds)})`)
        .orderBy(issueAssignees.userId);
      const grouped = groupBy(rows, (r) => r.issueId);
      return new Map([...grouped].map(([k, v]) => [k, v.map((r) => r.userId)]));
    },

    /** Labels per issue, sorted by title. */
    async labelsOf(issueIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
      if (issueIds.length === 0) return new Map();
      const rows = await db
        .select({ issueId: issueLabels.issueId, label: labels })
        .from(issueLabels)
        .innerJoin(labels, eq(labels.id, issueLabels.labelId))
        .where(sql`${issueLabels.issueId} = ANY(${bigintIds(issueIds)})`)
        .orderBy(labels.title);
      const grouped = groupBy(rows, (r) => r.issueId);
      return new Map([...grouped].map(([k, v]) => [k, v.map((r) => r.label)]));
    },

    /** Labels an issue of the project may carry: the project's own and those of its group chain. */
    async availableLabels(
      project: ProjectRow,
      group: GroupRow,
      by: { ids?: readonly number[]; titles?: readonly string[] },
    ): Promise<LabelRow[]> {
      const match: SQL[] = [];
      if (by.ids?.length) match.push(sql`${labels.id} = ANY(${bigintIds(by.ids)})`);
      if (by.titles?.length) match.push(sql`${labels.title} = ANY(${sql.param([...by.titles])}::text[])`);
      if (match.length === 0) return [];
      return await db
        .select()
        .from(labels)
        .where(
          sql`(${labels.projectId} = ${project.id} OR ${labels.groupId} = ANY(${bigintIds(group.traversalIds)}))
            AND (${sql.join(match, sql` OR `)})`,
        )
        .orderBy(labels.id);
    },

    /** A milestone an issue of the project may use: the project's own or one of its group chain's. */
    async availableMilestone(project: ProjectRow, group: GroupRow, id: number): Promise<MilestoneRow | undefined> {
      return (
        await db
          .select()
          .from(milestones)
          .where(
            sql`${milestones.id} = ${id} AND (${milestones.projectId} = ${project.id}
              OR ${milestones.groupId} = ANY(${bigintIds(group.traversalIds)}))`,
          )
          .limit(1)
      )[0];
    },

    async milestonesByIds(list: readonly number[]): Promise<MilestoneRow[]> {
      if (list.length === 0) return [];
      return await db
        .select()
        .from(milestones)
        .where(sql`${milestones.id} = ANY(${bigintIds(list)})`);
    },

    /** Issue ids (of the given) that the user explicitly subscribed to, or is subscribed to as author/assignee. */
    async subscribedIds(userId: number, issueIds: readonly number[]): Promise<Set<number>> {
      if (issueIds.length === 0) return new Set();
      const result = await db.execute<{ id: number }>(sql`
        SELECT x.id FROM issues x
        LEFT JOIN ${subscriptions} s ON s.subscribable_type = 'Issue' AND s.subscribable_id = x.id AND s.user_id = ${userId}
        WHERE x.id = ANY(${bigintIds(issueIds)})
          AND COALESCE(s.subscribed, x.author_id = ${userId}
            OR EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = x.id AND a.user_id = ${userId}))`);
      return new Set(result.rows.map((r) => Number(r.id)));
    },
  };
}

export type IssuesRepository = ReturnType<typeof issuesRepository>;
