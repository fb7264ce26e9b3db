/**
 * What the REST and UI entities show beside an issue's own columns, for a whole page at once
 * (labels, milestone, users, epic, votes, subscription, iteration, notes): a fixed number of queries
 * per page in two waves, the one-row-per-issue facts (epic relation, votes, subscription, time
 * spent, iteration, user notes) in one of them.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { EpicIssueRow, IssueRow, LabelRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import { featureSwitches } from '../application-settings/feature-switches.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { groupsRepository } from '../groups/groups.repository.ts';
import { iterationsService } from '../iterations/iterations.service.ts';
import type { IterationRow } from '../iterations/iterations.types.ts';
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
  /** the health status as shown: null while health status is switched off on the instance (GitLab's licensed feature) */
  healthStatus: IssueRow['healthStatus'];
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
  // A group milestone or an iteration of an issue belongs to the issue's group or one of its
  // ancestors: their paths are among the page's groups and those groups' ancestors.
  const groupPath = new Map(nodes.map((n) => [n.group.id, n.group.fullPath]));
  // Read beside the milestones when the page has any (an iteration's group, rarer, comes after).
  const ancestorIds = milestoneIds.length
    ? [...new Set(nodes.flatMap((n) => n.group.traversalIds))].filter((id) => !groupPath.has(id))
    : [];
  const [labels, milestones, users, facts, ancestors, switches] = await Promise.all([
    repo.labelsOf(ids),
    repo.milestonesByIds(milestoneIds),
    usersRepository(db).findByIds(userIds),
    issueDetailsRepository(db).pageFacts(ids, actor.user?.id ?? null),
    groupsRepository(db).findByIds(ancestorIds),
    featureSwitches(db),
  ]);
  for (const g of ancestors) groupPath.set(g.id, g.fullPath);
  const relations = [...facts.values()].flatMap((f) => (f.relation ? [f.relation] : []));
  const iterationIds = [
    ...new Set([...facts.values()].flatMap((f) => (f.iterationId === null ? [] : [f.iterationId]))),
  ];
  const unknownGroups = (list: readonly (number | null)[]) => [
    ...new Set(list.filter((id): id is number => id !== null && !groupPath.has(id))),
  ];
  const [epics, iterationRows, otherGroups] = await Promise.all([
    loadEpics(db, [...new Set(relations.map((r) => r.epicId))]),
    iterationsService(db).byIds(iterationIds),
    // Not expected (a milestone of another hierarchy), but its link must still be right.
    groupsRepository(db).findByIds(unknownGroups(milestones.map((m) => m.groupId))),
  ]);
  const iterationGroups = await groupsRepository(db).findByIds(
    unknownGroups([...iterationRows.values()].map((it) => it.groupId)),
  );
  for (const g of [...otherGroups, ...iterationGroups]) groupPath.set(g.id, g.fullPath);
  const iterations = new Map(
    nodes.flatMap((n) => {
      const id = facts.get(n.issue.id)?.iterationId;
      const row = id === null || id === undefined ? undefined : iterationRows.get(id);
      return row ? [[n.issue.id, row] as const] : [];
    }),
  );
  const readableEpics = new Map<number, EpicNode>();
  for (const e of epics) if (await can(db, actor, 'readEpic', { type: 'Epic', ...e })) readableEpics.set(e.epic.id, e);
  // Internal notes count for those who may read them (GitLab's user_notes_count).
  const internalReadable = new Set<number>();
  for (const n of nodes) {
    if (
      (facts.get(n.issue.id)?.internalNotes ?? 0) > 0 &&
      (await can(db, actor, 'readInternalNote', { type: 'Issue', ...n }))
    ) {
      internalReadable.add(n.issue.id);
    }
  }
  const milestoneById = new Map(milestones.map((m) => [m.id, m]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return new Map(
    nodes.map((n) => {
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
          userNotesCount:
            (facts.get(n.issue.id)?.publicNotes ?? 0) +
            (internalReadable.has(n.issue.id) ? (facts.get(n.issue.id)?.internalNotes ?? 0) : 0),
          totalTimeSpent: facts.get(n.issue.id)?.totalTimeSpent ?? 0,
          iteration: iterations.get(n.issue.id) ?? null,
          iterationGroupPath: groupPath.get(iterations.get(n.issue.id)?.groupId ?? 0) ?? null,
          healthStatus: switches.healthStatus ? n.issue.healthStatus : null,
        },
      ];
    }),
  );
}
