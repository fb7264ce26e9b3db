/**
 * The issue page's own reads: whether an issue is its author's first in the project, and the
 * issue's title and description as the page polls them (`realtime_changes`).
 */

import { taskCompletionStatus } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import { markdownService } from '../markdown/markdown.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { issuePageRepository } from './issue-page.repository.ts';
import type { IssueNode } from './issues.types.ts';

export function issuePageService(db: Db) {
  const repo = issuePageRepository(db);
  return {
    /** The ids of `issueIds` that are their author's first issue in their project. */
    async firstContributions(issueIds: readonly number[]): Promise<Set<number>> {
      return await repo.firstContributions(issueIds);
    },

    /**
     * GitLab's `realtime_changes` body for a readable issue: what the page re-reads while open
     * (title, description, checklist progress, lock version, who edited it last).
     */
    async realtimeChanges(actor: Actor, node: IssueNode) {
      const { issue } = node;
      const markdown = markdownService(db);
      const [editor] = issue.lastEditedById ? await usersRepository(db).findByIds([issue.lastEditedById]) : [];
      const tasks = taskCompletionStatus(issue.description);
      // As GitLab: who edited it and when only once the title or description was edited.
      const edited =
        issue.lastEditedAt && editor
          ? {
              updated_at: issue.lastEditedAt.toISOString(),
              updated_by_name: editor.name,
              updated_by_path: `/${editor.username}`,
            }
          : {};
      return {
        title: await markdown.renderTitle(actor, issue.title, { type: 'Project', project: node.project }),
        title_text: issue.title,
        description: await markdown.render(actor, issue.description, {
          type: 'Project',
          project: node.project,
        }),
        description_text: issue.description,
        task_completion_status: { count: tasks.count, completed_count: tasks.completedCount },
        lock_version: issue.lockVersion,
        ...edited,
      };
    },
  };
}
