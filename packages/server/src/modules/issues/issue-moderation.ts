/**
 * 'Submit as spam' (GitLab's `mark_as_spam`, administrators): the issue becomes hidden — seen by
 * administrators only (authz/policy.ts) — and the viewer's reply-by-email address of an issue.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import { issueNoteEmail } from './issue-email.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

export function issueModeration(db: Db) {
  return {
    /** Hides a readable issue as spam; administrators only (`reportSpam`), once. */
    async markAsSpam(actor: Actor, node: IssueNode): Promise<IssueNode> {
      if (!(await can(db, actor, 'reportSpam', { type: 'Issue', ...node }))) throw new ForbiddenError();
      const row = await issuesRepository(db).update(node.issue.id, { hidden: true });
      if (!row) throw new NotFoundError('Issue Not Found');
      return { ...node, issue: row };
    },

    /** The viewer's reply-by-email address of a readable issue, or null (see issue-email.ts). */
    noteEmail: (actor: Actor, node: IssueNode, incomingEmail: string | undefined) =>
      issueNoteEmail(db, actor, node, incomingEmail),
  };
}
