/** Named builders for issues, issue links and award emoji. They go through the services. */
import { userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';
import type { EpicNode } from '../modules/epics/epics.types.ts';
import type { IssueInput } from '../modules/issues/issue-input.ts';
import type { LinkType } from '../modules/issues/issue-links.service.ts';
import type { IssueNode } from '../modules/issues/issues.types.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export function issuesFactories(t: Pick<TestApp, 'services' | 'systemAdmin'>) {
  const as = async (user?: UserRow) => userActor(user ?? (await t.systemAdmin()));

  /** An issue of `project` (authored by the builders' administrator unless `author` is given). */
  async function buildIssue(
    attrs: Omit<IssueInput, 'epicId'> & {
      project: ProjectWithGroup;
      author?: UserRow;
      epic?: EpicNode;
      closed?: boolean;
    },
  ): Promise<IssueNode> {
    const { project, author, epic, closed, ...input } = attrs;
    const actor = await as(author);
    let issue = await t.services.issues.create(actor, project, {
      title: `Issue ${next()}`,
      ...input,
      epicId: epic?.epic.id,
    });
    if (closed) issue = await t.services.issues.update(await as(), issue, { stateEvent: 'close' });
    return issue;
  }

  /** `source` relates to / blocks / is blocked by `target`. */
  async function linkIssues(source: IssueNode, target: IssueNode, linkType: LinkType = 'relates_to') {
    return await t.services.issues.links.create(await as(), source, target, linkType);
  }

  /** `user` reacts to the issue with `name`. */
  async function awardIssue(issue: IssueNode, user: UserRow, name = 'thumbsup') {
    return await t.services.awards.toggle(userActor(user), { type: 'Issue', node: issue }, name);
  }

  return { buildIssue, linkIssues, awardIssue };
}
