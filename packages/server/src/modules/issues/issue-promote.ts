/**
 * Promote an issue to an epic (GitLab's `promoteToEpic`): a new epic in the project's group with the
 * issue's title, description, confidentiality and matching group labels; the issue is closed and
 * marked `promoted_to_epic_id`. Needs `adminIssue` on the issue and `createEpic` on the group.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ForbiddenError } from '../../errors.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { createEpicForPromotion } from './issues.adapters.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

export const ALREADY_PROMOTED = 'Issue has already been promoted to an epic.';

export function issuePromotion(db: Db) {
  return {
    async promoteToEpic(actor: Actor, node: IssueNode): Promise<{ epic: EpicNode; issue: IssueNode }> {
      const user = actor.user;
      if (
        !user ||
        !(await can(db, actor, 'adminIssue', { type: 'Issue', ...node })) ||
        !(await can(db, actor, 'createEpic', { type: 'Group', group: node.group }))
      ) {
        throw new ForbiddenError();
      }
      if (node.issue.promotedToEpicId !== null) throw new AppError(422, ALREADY_PROMOTED);
      return await transaction(db, async (tx) => {
        const repo = issuesRepository(tx);
        const labels = (await repo.labelsOf([node.issue.id])).get(node.issue.id) ?? [];
        const epic = await createEpicForPromotion(tx, node.group, {
          title: node.issue.title,
          description: node.issue.description,
          confidential: node.issue.confidential,
          authorId: user.id,
          labelTitles: labels.map((l) => l.title),
        });
        const closing =
          node.issue.state === 'opened' ? { state: 'closed' as const, closedAt: new Date(), closedById: user.id } : {};
        const row = await repo.update(node.issue.id, { ...closing, promotedToEpicId: epic.epic.id });
        if (!row) throw new Error('the promoted issue vanished');
        return { epic, issue: { ...node, issue: row } };
      });
    },
  };
}
