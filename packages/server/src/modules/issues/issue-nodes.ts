import type { Db } from '../../db/client.ts';
import type { IssueRow } from '../../db/schema.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

/**
 * Issues with what every access decision about them needs (project, group, assignee ids), in the
 * order of `ids`; missing ones are left out. Two queries side by side whatever the number of issues
 * (the projects with their groups, the assignees), after a third when the rows are not given.
 */
export async function issueNodes(db: Db, ids: readonly number[], rows?: readonly IssueRow[]): Promise<IssueNode[]> {
  if (ids.length === 0) return [];
  const repo = issuesRepository(db);
  const issues = rows ?? (await repo.findByIds(ids));
  const projectIds = [...new Set(issues.map((i) => i.projectId))];
  const [containers, assignees] = await Promise.all([
    repo.projectsWithGroups(projectIds),
    repo.assigneeIds(issues.map((i) => i.id)),
  ]);
  const projectById = new Map(containers.map((c) => [c.project.id, c.project]));
  const groupById = new Map(containers.map((c) => [c.group.id, c.group]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  return ids.flatMap((id) => {
    const issue = issueById.get(id);
    const project = issue && projectById.get(issue.projectId);
    const group = project && groupById.get(project.groupId);
    if (!issue || !project || !group) return [];
    return [{ issue, project, group, assigneeIds: assignees.get(id) ?? [] }];
  });
}
