/**
 * What the REST and UI entities show beside an issue's own columns, for a whole page at once
 * (labels, milestone, users, epic, votes, subscription): a fixed number of queries per page, the
 * one-row-per-issue facts (epic relation, votes, subscription, time spent) in one of them.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { EpicIssueRow, LabelRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { iterationsService } from '../iterations/iterations.service.ts';
import type { IterationRow } from '../iterations/iterations.types.ts';
import { notesService } from '../notes/notes.service.ts';
import { usersRepository } from '../users/users.repository.ts';
import { issueDetailsRepository } from './issue-details.repository.ts';
import { loadEpics } from './issues.adapters.ts';
import { issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

export type IssueDetails = {
  /** the issue's iteration, and the full path of the iteration's group (its web_url) */
  iteration: IterationRow | null;
  iterationGroupPath: string | null;
  labels: LabelRow[];
  milestone: MilestoneRow | null;
  /** web path of the milestone's page */
  milestonePath: string | null;
  author: UserRow | null;
  closedBy: UserRow | null;
  assignees: UserRow[];
  /** the issue's epic, null when none or hidden from the viewer */
  epic: EpicNode | null;
  epicIssue: EpicIssueRow | null;
  upvotes: number;
  downvotes: number;
  subscribed: boolean;
  /** user (non-system) notes the viewer may read */
  userNotesCount: number;
  /** seconds spent (the sum of the issue's timelogs) */
  totalTimeSpent: number;
};

export async function issueDetails(
  db: Db,
  actor: Actor,
  nodes: readonly IssueNode[],
): Promise<Map<number, IssueDetails>> {
  const ids = nodes.map((n) => n.issue.id);
  const repo = issuesRepository(db);
  const userIds = [
    ...new Set(
      nodes.flatMap((n) => [...n.assigneeIds, ...[n.issue.authorId, n.issue.closedById].filter((id) => id !== null)]),
    ),
  ];
  const milestoneIds = [...new Set(nodes.flatMap((n) => (n.issue.milestoneId ? [n.issue.milestoneId] : [])))];
  const noteables = nodes.map((node) => ({ type: 'Issue' as const, node }));
  const [labels, milestones, users, facts, noteCounts, iterations] = await Promise.all([
    repo.labelsOf(ids),
    repo.milestonesByIds(milestoneIds),
    usersRepository(db).findByIds(userIds),
    issueDetailsRepository(db).pageFacts(ids, actor.user?.id ?? null),
    notesService(db).userCounts(actor, noteables),
    iterationsService(db).ofIssues(ids),
  ]);
  const relations = [...facts.values()].flatMap((f) => (f.relation ? [f.relation] : []));
  const [epics, milestoneGroups] = await Promise.all([
    loadEpics(db, [...new Set(relations.map((r) => r.epicId))]),
    groupsRepository(db).findByIds([
      ...new Set([
        ...milestones.flatMap((m) => (m.groupId ? [m.groupId] : [])),
        ...[...iterations.values()].map((it) => it.groupId),
      ]),
    ]),
  ]);
  const groupPath = new Map(milestoneGroups.map((g) => [g.id, g.fullPath]));
  const readableEpics = new Map<number, EpicNode>();
  for (const e of epics) if (await can(db, actor, 'readEpic', { type: 'Epic', ...e })) readableEpics.set(e.epic.id, e);
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return new Map(
    nodes.map((n, i) => {
      const relation = facts.get(n.issue.id)?.relation ?? null;
      const epic = relation ? (readableEpics.get(relation.epicId) ?? null) : null;
      const milestone = n.issue.milestoneId ? (milestoneById.get(n.issue.milestoneId) ?? null) : null;
      const milestonePath = !milestone
        ? null
        : milestone.groupId
          ? `/groups/${groupPath.get(milestone.groupId) ?? ''}/-/milestones/${milestone.iid}`
          : `/${n.project.fullPath}/-/milestones/${milestone.iid}`;
      return [
        n.issue.id,
        {
          labels: labels.get(n.issue.id) ?? [],
          milestone,
          milestonePath,
          author: n.issue.authorId ? (userById.get(n.issue.authorId) ?? null) : null,
          closedBy: n.issue.closedById ? (userById.get(n.issue.closedById) ?? null) : null,
          assignees: n.assigneeIds.flatMap((id) => userById.get(id) ?? []),
          epic,
          epicIssue: epic ? relation : null,
          upvotes: facts.get(n.issue.id)?.upvotes ?? 0,
          downvotes: facts.get(n.issue.id)?.downvotes ?? 0,
          subscribed: facts.get(n.issue.id)?.subscribed ?? false,
          userNotesCount: noteCounts.get(noteables[i] as (typeof noteables)[number])?.notes ?? 0,
          totalTimeSpent: facts.get(n.issue.id)?.totalTimeSpent ?? 0,
          iteration: iterations.get(n.issue.id) ?? null,
          iterationGroupPath: groupPath.get(iterations.get(n.issue.id)?.groupId ?? 0) ?? null,
        },
      ];
    }),
  );
}
