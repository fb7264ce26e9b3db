/**
 * Time tracking of issues (GitLab's `/estimate` and `/spend`): the estimate is a column of the
 * issue, changed through the issue update (so it is locked, versioned and noted like any change);
 * spent time is a log of entries whose sum is never below zero. Both need Reporter+ (`adminIssue`),
 * as on GitLab; callers pass issues the actor can read (hidden ones are 404s before this).
 */
import { parseDuration } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { TimelogRow } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { recordTimeSpent } from '../notes/system-notes.ts';
import { type IssueInput, TIME_ESTIMATE_INVALID, timeEstimateSeconds } from './issue-input.ts';
import type { IssueNode } from './issues.types.ts';
import { timeTrackingRepository } from './time-tracking.repository.ts';

export type TimeStats = { timeEstimate: number; totalTimeSpent: number };

export const MAX_TIMELOG_SUMMARY_LENGTH = 255;
export const SUBTRACT_TOO_MUCH = 'Time to subtract exceeds the total time spent';

type IssueUpdater = { update(actor: Actor, node: IssueNode, input: IssueInput): Promise<IssueNode> };

export type SpentInput = { duration: unknown; summary?: string | null; spentAt?: Date | null };

export function timeTrackingService(db: Db, issues: IssueUpdater) {
  async function requireAdmin(actor: Actor, node: IssueNode): Promise<void> {
    if (!actor.user) throw new UnauthorizedError();
    if (!(await can(db, actor, 'adminIssue', { type: 'Issue', ...node }))) throw new ForbiddenError();
  }

  /** Seconds of a spent-time change (negative subtracts); a field error when it is no duration. */
  function spentSeconds(duration: unknown): number {
    const seconds =
      typeof duration === 'number' && Number.isInteger(duration)
        ? duration
        : typeof duration === 'string'
          ? parseDuration(duration, { allowNegative: true })
          : null;
    if (seconds === null || seconds === 0) throw new ValidationError({ time_spent: ['must have a valid format'] });
    return seconds;
  }

  return {
    /** Estimate and total spent of each issue (a page at once: one query). */
    async stats(nodes: readonly IssueNode[]): Promise<Map<number, TimeStats>> {
      const totals = await timeTrackingRepository(db).totals(nodes.map((n) => n.issue.id));
      return new Map(
        nodes.map((n) => [
          n.issue.id,
          { timeEstimate: n.issue.timeEstimate, totalTimeSpent: totals.get(n.issue.id) ?? 0 },
        ]),
      );
    },

    /** Sets the estimate (seconds or `1w 2d 3h`; 0 removes it). */
    async setEstimate(actor: Actor, node: IssueNode, duration: unknown): Promise<IssueNode> {
      await requireAdmin(actor, node);
      const seconds = timeEstimateSeconds(duration);
      if (seconds === null) throw new ValidationError({ time_estimate: [TIME_ESTIMATE_INVALID] });
      return await issues.update(actor, node, { timeEstimate: seconds });
    },

    /** Adds (or, negative, subtracts) spent time; the total never drops below zero. */
    async addSpent(actor: Actor, node: IssueNode, input: SpentInput): Promise<TimelogRow> {
      await requireAdmin(actor, node);
      const seconds = spentSeconds(input.duration);
      const summary = input.summary?.trim() || null;
      if (summary && summary.length > MAX_TIMELOG_SUMMARY_LENGTH) {
        throw new ValidationError({ summary: [`is too long (maximum is ${MAX_TIMELOG_SUMMARY_LENGTH} characters)`] });
      }
      if (input.spentAt && input.spentAt.getTime() > Date.now() + 60_000) {
        throw new ValidationError({ spent_at: ["can't be a future date and time."] });
      }
      return await transaction(db, async (tx) => {
        const repo = timeTrackingRepository(tx);
        await repo.lockIssue(node.issue.id);
        const total = (await repo.totals([node.issue.id])).get(node.issue.id) ?? 0;
        if (total + seconds < 0) throw new ValidationError({ base: [SUBTRACT_TOO_MUCH] });
        const row = await repo.insert({
          issueId: node.issue.id,
          userId: actor.user?.id ?? null,
          timeSpent: seconds,
          summary,
          ...(input.spentAt ? { spentAt: input.spentAt } : {}),
        });
        await recordTimeSpent(tx, actor, node.issue.id, seconds);
        return row;
      });
    },

    /** Sets the total spent back to zero with one entry of minus the total (the history stays). */
    async resetSpent(actor: Actor, node: IssueNode): Promise<void> {
      await requireAdmin(actor, node);
      await transaction(db, async (tx) => {
        const repo = timeTrackingRepository(tx);
        await repo.lockIssue(node.issue.id);
        const total = (await repo.totals([node.issue.id])).get(node.issue.id) ?? 0;
        if (total === 0) return;
        await repo.insert({ issueId: node.issue.id, userId: actor.user?.id ?? null, timeSpent: -total });
        await recordTimeSpent(tx, actor, node.issue.id, 'reset');
      });
    },

    /** A page of a readable issue's entries, oldest first. */
    timelogs: (node: IssueNode, page: { limit: number; offset: number }) =>
      timeTrackingRepository(db).page(node.issue.id, page.limit, page.offset),
  };
}
