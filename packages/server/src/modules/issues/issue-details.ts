/**
 * What the REST and UI entities show beside an issue's own columns, for a whole page at once
 * (labels, milestone, users, epic, votes, subscription, iteration, notes): one statement per page
 * (issue-details.repository.ts) whatever the page holds — none when the page's own statement read
 * them — and the access decisions on what it read (an epic once per epic, internal notes).
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { EpicIssueRow, IssueRow, LabelRow, MilestoneRow, UserRow } from '../../db/schema.ts';
import { featureSwitches } from '../application-settings/feature-switches.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IterationRow } from '../iterations/iterations.types.ts';
import { type IssuePageFacts, issueDetailsRepository } from './issue-details.repository.ts';
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

/** The details of `nodes`; `known`: their facts when the page's statement already read them. */
export async function issueDetails(
  db: Db,
  actor: Actor,
  nodes: readonly IssueNode[],
  known?: Map<number, IssuePageFacts>,
): Promise<Map<number, IssueDetails>> {
  const [facts, switches] = await Promise.all([
    known ??
      issueDetailsRepository(db).pageFacts(
        nodes.map((n) => n.issue.id),
        actor.user?.id ?? null,
      ),
    featureSwitches(db),
  ]);
  // An epic's readability is asked once per epic, however many of the page's issues it holds.
  const readableEpic = new Map<number, Promise<boolean>>();
  const decided = await Promise.all(
    nodes.map(async (n) => {
      const f = facts.get(n.issue.id);
      const epic = f?.epic;
      let epicReadable: Promise<boolean> | undefined;
      if (epic) {
        epicReadable = readableEpic.get(epic.epic.id) ?? can(db, actor, 'readEpic', { type: 'Epic', ...epic });
        readableEpic.set(epic.epic.id, epicReadable);
      }
      return {
        epic: epicReadable ? await epicReadable : false,
        // Internal notes count for those who may read them (GitLab's user_notes_count).
        internal: (f?.internalNotes ?? 0) > 0 && (await can(db, actor, 'readInternalNote', { type: 'Issue', ...n })),
      };
    }),
  );
  return new Map(
    nodes.flatMap((n, index) => {
      const f = facts.get(n.issue.id);
      if (!f) return [];
      const userById = new Map(f.users.map((u) => [u.id, u]));
      const readable = decided[index];
      const epic = readable?.epic ? f.epic : null;
      const milestone = f.milestone;
      const milestonePath = !milestone
        ? null
        : milestone.groupId
          ? `/groups/${f.milestoneGroupPath ?? ''}/-/milestones/${milestone.iid}`
          : `/${n.project.fullPath}/-/milestones/${milestone.iid}`;
      const details: IssueDetails = {
        labels: f.labels,
        milestone,
        milestonePath,
        author: n.issue.authorId ? (userById.get(n.issue.authorId) ?? null) : null,
        closedBy: n.issue.closedById ? (userById.get(n.issue.closedById) ?? null) : null,
        assignees: n.assigneeIds.flatMap((id) => userById.get(id) ?? []),
        epic,
        epicIssue: epic ? f.relation : null,
        upvotes: f.upvotes,
        downvotes: f.downvotes,
        subscribed: f.subscribed,
        userNotesCount: f.publicNotes + (readable?.internal ? f.internalNotes : 0),
        totalTimeSpent: f.totalTimeSpent,
        iteration: f.iteration,
        iterationGroupPath: f.iteration ? f.iterationGroupPath : null,
        healthStatus: switches.healthStatus ? n.issue.healthStatus : null,
      };
      return [[n.issue.id, details] as const];
    }),
  );
}
