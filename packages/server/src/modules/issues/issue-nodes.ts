import type { Db } from '../../db/client.ts';
import type { IssueRow } from '../../db/schema.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

/**
 * Issues with what every access decision about them needs (project, group, assignee ids), in the
 * order of `ids`; missing ones are left out. Three queries whatever the number of issues (four
 * when the rows are not given).
 */
export async function issueNodes(db: Db, ids: readonly number[], rows?: readonly IssueRow[]): Promise<IssueNode[]> {
  if (ids.length === 0) return [];
  const repo = issuesRepository(db);
  const issues = rows ?? (await repo.findByIds(ids));
  const projectIds = [...new Set(issues.map((i) => i.projectId))];
  const [projects, assignees] = await Promise.all([
    projectsRepository(db).findByIds(projectIds),
    repo.assigneeIds(issues.map((i) => i.id)),
  ]);
  const groups = await groupsRepository(db).findByIds([...new Set(projects.map((p) => p.groupId))]);
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const groupById = new Map(groups.map((g) => [g.id, g]));
  const issueById = new Map(issues.map((i) => [i.id, i]));
  return ids.flatMap((id) => {
    const issue = issueById.get(id);
    const project = issue && projectById.get(issue.projectId);
    const group = project && groupById.get(project.groupId);
    if (!issue || !project || !group) return [];
    return [{ issue, project, group, assigneeIds: assignees.get(id) ?? [] }];
  });
}
