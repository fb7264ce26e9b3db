/**
 * What the issue lists do beyond one page: the state tabs' counts, bulk edit, manual ordering and
 * the rows of an export. Access: counts and exports see only readable issues (the same visibility
 * condition as the list); bulk edit touches only readable issues of the parent the actor may
 * administer (Reporter+), skipping the rest without saying which (hidden looks like missing).
 */
import type { Actor } from '../../authz/actor.ts';
import { can, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { moveBetween } from '../relative-order.ts';
import type { HealthStatus, IssueFilter } from './issue-filters.ts';
import type { IssueInput } from './issue-input.ts';
import { type IssueKeysetPage, type IssueStateCounts, issueListsRepository } from './issue-lists.repository.ts';
import { issueNodes } from './issue-nodes.ts';
import { lockEpicTreesOf } from './issues.adapters.ts';
import type { IssueNode } from './issues.types.ts';

/** GitLab's cap on one bulk update (`issuesBulkUpdate`: at most 100 ids). */
export const BULK_UPDATE_LIMIT = 100;
/** The most rows one export holds; past it the export says it was cut. */
export const EXPORT_LIMIT = 10_000;
const EXPORT_CHUNK = 500;

export type BulkUpdateInput = {
  stateEvent?: 'close' | 'reopen';
  addLabelIds?: number[];
  removeLabelIds?: number[];
  /** Replaces the assignees; an empty list unassigns everyone. */
  assigneeIds?: number[];
  /** null removes the milestone. */
  milestoneId?: number | null;
  confidential?: boolean;
  subscriptionEvent?: 'subscribe' | 'unsubscribe';
  /** null removes the health status. */
  healthStatus?: HealthStatus | null;
  /** null removes the weight. */
  weight?: number | null;
};

/** The list a bulk edit or an export works in: one project, or a group with its subgroups. */
export type IssueParent = { type: 'Project'; project: ProjectWithGroup } | { type: 'Group'; group: GroupRow };

type IssueOperations = {
  list(
    actor: Actor,
    filter: IssueFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: IssueNode[]; total: number }>;
  update(actor: Actor, node: IssueNode, input: IssueInput): Promise<IssueNode>;
  setSubscription(actor: Actor, node: IssueNode, subscribed: boolean): Promise<boolean>;
};

function inParent(node: IssueNode, parent: IssueParent): boolean {
  return parent.type === 'Project'
    ? node.project.id === parent.project.project.id
    : node.group.traversalIds.includes(parent.group.id);
}

export function issueListsService(db: Db, issues: IssueOperations) {
  const repo = issueListsRepository(db);

  return {
    /**
     * One keyset page of the readable issues matching the filter, each with its cursor; whether
     * more lie beyond it in the direction read; and the total, counted only when asked for.
     */
    async page(actor: Actor, filter: IssueFilter, page: IssueKeysetPage) {
      const visible = await visibleIssuesSql(db, actor);
      const f = { ...filter, reactionUserId: actor.user?.id };
      const { rows, more } = await repo.keysetPage(visible, f, page);
      return { edges: rows, more, count: () => repo.count(visible, f) };
    },

    /** Open, closed and all readable issues matching the filter (its state ignored). */
    async stateCounts(actor: Actor, filter: IssueFilter): Promise<IssueStateCounts> {
      const visible = await visibleIssuesSql(db, actor);
      return await repo.stateCounts(visible, { ...filter, reactionUserId: actor.user?.id });
    },

    /**
     * Applies the same change to each of the given issues (at most 100) that the actor may read and
     * administer in `parent`; returns how many were updated. Each issue is saved on its own, with
     * the rules of a single update (labels and milestones of other containers are ignored).
     */
    async bulkUpdate(actor: Actor, parent: IssueParent, ids: readonly number[], input: BulkUpdateInput) {
      if (!actor.user) throw new UnauthorizedError();
      if (ids.length === 0) throw new ValidationError({ ids: ['must have at least one issue'] });
      if (ids.length > BULK_UPDATE_LIMIT) {
        throw new ValidationError({ ids: [`is too long (maximum is ${BULK_UPDATE_LIMIT} issues)`] });
      }
      const { subscriptionEvent, ...change } = input;
      const given = Object.values(change).some((v) => v !== undefined);
      if (!given && !subscriptionEvent) throw new ValidationError({ base: ['Nothing to update'] });
      const update: IssueInput = {
        stateEvent: change.stateEvent,
        addLabelIds: change.addLabelIds,
        removeLabelIds: change.removeLabelIds,
        assigneeIds: change.assigneeIds,
        milestoneId: change.milestoneId,
        confidential: change.confidential,
        healthStatus: change.healthStatus,
        weight: change.weight,
      };
      let updated = 0;
      for (const node of await issueNodes(db, [...new Set(ids)])) {
        if (!inParent(node, parent)) continue;
        const subject = { type: 'Issue' as const, ...node };
        if (!(await can(db, actor, 'readIssue', subject)) || !(await can(db, actor, 'adminIssue', subject))) continue;
        if (given) await issues.update(actor, node, update);
        if (subscriptionEvent) await issues.setSubscription(actor, node, subscriptionEvent === 'subscribe');
        updated += 1;
      }
      return { updatedIssueCount: updated };
    },

    /**
     * Moves an issue between two others in the manual order (GitLab's `reorder`: `moveBeforeId` is
     * the issue that ends up above it, `moveAfterId` the one below). Positions are kept per
     * top-level group; when the neighbours have none yet or no room is left, the whole hierarchy is
     * spread out once, under its lock.
     */
    async reorder(actor: Actor, node: IssueNode, moveBeforeId: number | null, moveAfterId: number | null) {
      if (!(await can(db, actor, 'updateIssue', { type: 'Issue', ...node }))) throw new ForbiddenError();
      if (moveBeforeId === null && moveAfterId === null) {
        throw new ValidationError({ base: ['move_before_id or move_after_id must be given'] });
      }
      const rootId = node.group.traversalIds[0] ?? node.group.id;
      const wanted = [moveBeforeId, moveAfterId].filter((id): id is number => id !== null);
      const neighbours = await issueNodes(db, wanted);
      for (const id of wanted) {
        const found = neighbours.find((n) => n.issue.id === id);
        const readable = found && (await can(db, actor, 'readIssue', { type: 'Issue', ...found }));
        if (!found || !readable || (found.group.traversalIds[0] ?? found.group.id) !== rootId || id === node.issue.id) {
          throw new NotFoundError('Issue Not Found');
        }
      }
      await transaction(db, async (tx) => {
        await lockEpicTreesOf(tx, node.group);
        await moveBetween(tx, 'issues', rootId, node.issue.id, moveBeforeId, moveAfterId, 'Issue could not be moved!');
      });
    },

    /**
     * The readable issues of an export, in the list's order, a chunk at a time (each chunk one
     * bounded query); at most EXPORT_LIMIT rows. `truncated` says when more matched.
     */
    async *exportChunks(actor: Actor, filter: IssueFilter): AsyncGenerator<{ rows: IssueNode[]; total: number }> {
      for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_CHUNK) {
        const page = await issues.list(actor, filter, { limit: Math.min(EXPORT_CHUNK, EXPORT_LIMIT - offset), offset });
        if (page.rows.length === 0) return;
        yield page;
        if (offset + page.rows.length >= page.total) return;
      }
    },
  };
}

export type IssueListsService = ReturnType<typeof issueListsService>;
