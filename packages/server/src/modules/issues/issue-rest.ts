/** REST helpers shared by the issues, epic issues and issue links routes: the issue entity for a page, one issue by iid. */
import type { Actor } from '../../authz/actor.ts';
import { NotFoundError } from '../../errors.ts';
import { resourceId } from '../../http/grape-params.ts';
import type { Services } from '../services.ts';
import type { IssueDetails } from './issue-details.ts';
import { issueEntity } from './issues.entity.ts';
import type { IssueNode } from './issues.types.ts';

/** Shapes issues as GitLab's Issue entity (details loaded for the whole page at once). */
export async function presentIssues(
  services: Services,
  actor: Actor,
  nodes: IssueNode[],
  baseUrl: string,
  opts: { labelDetails?: boolean; details?: Map<number, IssueDetails> } = {},
) {
  const details = opts.details ?? (await services.issues.details(actor, nodes));
  return nodes.flatMap((n) => {
    const d = details.get(n.issue.id);
    return d ? [issueEntity(n, d, baseUrl, { labelDetails: opts.labelDetails })] : [];
  });
}

/** `:issue_iid` of a project: hidden and missing answer the same 404. */
export async function projectIssue(services: Services, actor: Actor, projectId: string, iid: string) {
  const project = await services.projects.get(actor, resourceId(projectId));
  if (!/^\d{1,9}$/.test(iid)) throw new NotFoundError('Issue Not Found');
  return await services.issues.get(actor, project, Number(iid));
}
