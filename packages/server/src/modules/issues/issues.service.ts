/**
 * Issues: project-owned, `iid` per project. Rules and transactions live here; SQL in the
 * repositories; access in the policy. Hidden issues look exactly like missing ones.
 *
 * Metadata (assignees, labels, milestone, weight, due date, health status, lock, confidentiality on
 * update) is set only by actors who may administer the project's issues (Reporter+); for others it
 * is dropped, as GitLab does. Unknown labels and milestones of other containers are ignored.
 */

import type { Actor } from '../../authz/actor.ts';
import { userActor } from '../../authz/actor.ts';
import { can, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { nextIid } from '../../db/internal-ids.ts';
import type { IssueRow, LabelRow } from '../../db/schema.ts';
import { together, transaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { checkHealthStatus, scopedLabelRule } from '../application-settings/feature-switches.ts';
import { recordIssueEvent, stateAction } from '../events/event-log.ts';
import { labelsService } from '../labels/labels.service.ts';
import { trackIssue } from '../notes/system-notes.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { subscriptionsRepository } from '../subscriptions/subscriptions.repository.ts';
import { withTaskToggled } from '../task-lists/task-toggle.ts';
import { createTodos } from '../todos/todo-triggers.ts';
import { usersRepository } from '../users/users.repository.ts';
import { FieldErrors } from '../validation.ts';
import { workItemLinksRepository } from '../work-items/work-item-links.repository.ts';
import { epicIssuesRepository } from './epic-issues.repository.ts';
import { epicIssuesService, linkIssueToEpic, unlinkIssue } from './epic-issues.service.ts';
import { type IssueDetails, issueDetails } from './issue-details.ts';
import type { IssueFilter } from './issue-filters.ts';
import { type IssueInput, metadataKeys, STALE_ISSUE_MESSAGE, validateIssueInput } from './issue-input.ts';
import { issueLinksService } from './issue-links.service.ts';
import { issueListsService } from './issue-lists.service.ts';
import { issueModeration } from './issue-moderation.ts';
import { issueNodes } from './issue-nodes.ts';
import { issuePromotion } from './issue-promote.ts';
import {
  assertCanHoldIssue,
  findMilestoneForIssue,
  findReadableEpic,
  loadEpics,
  lockEpicTreesOf,
  recomputeDates,
  resolveLabels,
} from './issues.adapters.ts';
import { type IssueChanges, issuesRepository } from './issues.repository.ts';
import type { IssueNode } from './issues.types.ts';

export type Page = { limit: number; offset: number };

/** A stand-in issue of the project, to ask the policy what the actor may do with issues there. */
function draftIssue(project: ProjectWithGroup): IssueNode {
  const now = new Date();
  const issue: IssueRow = {
    id: 0,
    projectId: project.project.id,
    iid: 0,
    issueType: 'issue',
    title: '',
    description: '',
    state: 'opened',
    reopenedAt: null,
    closedAt: null,
    closedById: null,
    confidential: false,
    authorId: null,
    milestoneId: null,
    weight: null,
    dueDate: null,
    healthStatus: null,
    timeEstimate: 0,
    discussionLocked: false,
    lockVersion: 0,
    relativePosition: null,
    duplicatedToId: null,
    movedToId: null,
    promotedToEpicId: null,
    hidden: false,
    importedFrom: 'none',
    createdAt: now,
    updatedAt: now,
    lastEditedAt: null,
    lastEditedById: null,
  };
  return { issue, ...project, assigneeIds: [] };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

async function labelIdsOf(tx: Db, issueId: number): Promise<number[]> {
  return ((await issuesRepository(tx).labelsOf([issueId])).get(issueId) ?? []).map((l) => l.id);
}

/**
 * GitLab's `has_changes?`: the actor changed the title, description, state, assignees or milestone
 * (labels are compared by the caller) — their own pending to-dos on the issue are then done.
 */
function actedOn(
  before: IssueRow,
  after: IssueRow,
  assigneesBefore: readonly number[],
  assigneesAfter: readonly number[],
): boolean {
  return (
    before.title !== after.title ||
    before.description !== after.description ||
    before.state !== after.state ||
    before.milestoneId !== after.milestoneId ||
    !sameIds(assigneesBefore, assigneesAfter)
  );
}

export function issuesService(db: Db) {
  const repo = issuesRepository(db);
  const labelService = labelsService(db);

  async function readable(actor: Actor, node: IssueNode | undefined): Promise<IssueNode | undefined> {
    if (!node) return undefined;
    return (await can(db, actor, 'readIssue', { type: 'Issue', ...node })) ? node : undefined;
  }

  /** Users (active, existing) among `ids` who could read the issue once assigned. */
  /** Reads through `tx` (the caller's transaction): it never waits for a second pooled connection. */
  async function assignableUsers(tx: Db, node: IssueNode, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)].slice(0, 200);
    const users = await usersRepository(tx).findByIds(unique);
    const readers = await together(
      tx,
      ...users.map((user) => async () => {
        if (user.state !== 'active') return undefined;
        const subject = { type: 'Issue' as const, ...node, assigneeIds: [...node.assigneeIds, user.id] };
        return (await can(tx, userActor(user), 'readIssue', subject)) ? user.id : undefined;
      }),
    );
    return unique.filter((id) => readers.includes(id));
  }

  /** The label set after an update: replace, then add, then remove; one label per scope. */
  async function nextLabels(tx: Db, node: IssueNode, input: IssueInput): Promise<number[] | undefined> {
    const replace = input.labelIds !== undefined || input.labelTitles !== undefined;
    const add = input.addLabelIds?.length || input.addLabelTitles?.length;
    const remove = input.removeLabelIds?.length || input.removeLabelTitles?.length;
    if (!replace && !add && !remove) return undefined;
    const resolve = (ids?: number[], titles?: string[]) =>
      ids?.length || titles?.length
        ? resolveLabels(tx, node.project, node.group, { ids, titles })
        : Promise.resolve([]);
    let current: LabelRow[] = replace
      ? await resolve(input.labelIds, input.labelTitles)
      : ((await issuesRepository(tx).labelsOf([node.issue.id])).get(node.issue.id) ?? []);
    const added = await resolve(input.addLabelIds, input.addLabelTitles);
    current = [...current.filter((l) => !added.some((a) => a.id === l.id)), ...added];
    const removed = new Set((await resolve(input.removeLabelIds, input.removeLabelTitles)).map((l) => l.id));
    const onePerScope = await scopedLabelRule(tx);
    return onePerScope(current.filter((l) => !removed.has(l.id))).map((l) => l.id);
  }

  const service = {
    /** The issue of the project with this iid, if the actor may read it. */
    async find(actor: Actor, project: ProjectWithGroup, iid: number): Promise<IssueNode | undefined> {
      const row = await repo.findByIid(project.project.id, iid);
      if (!row) return undefined;
      const assignees = await repo.assigneeIds([row.id]);
      return await readable(actor, { issue: row, ...project, assigneeIds: assignees.get(row.id) ?? [] });
    },

    async get(actor: Actor, project: ProjectWithGroup, iid: number): Promise<IssueNode> {
      const found = await this.find(actor, project, iid);
      if (!found) throw new NotFoundError('Issue Not Found');
      return found;
    },

    /** By global id, if readable. */
    async findById(actor: Actor, id: number): Promise<IssueNode | undefined> {
      const [node] = await issueNodes(db, [id]);
      return await readable(actor, node);
    },

    /** Readable issues among these ids (order kept). */
    async findByIds(actor: Actor, ids: readonly number[]): Promise<IssueNode[]> {
      const nodes = await issueNodes(db, ids);
      const out: IssueNode[] = [];
      for (const node of nodes) if (await readable(actor, node)) out.push(node);
      return out;
    },

    /**
     * One page of issues the actor may read, their number and whether more follow. `countUpTo`
     * bounds the counting (REST's headers: GitLab counts at most 10,000); the total is then at most
     * `countUpTo + 1`. With `details`, the page comes with what the entities show beside each issue,
     * read in the page's own statement (`presentIssues` takes them).
     */
    async list(
      actor: Actor,
      filter: IssueFilter,
      page: Page,
      opts: { countUpTo?: number; details?: boolean } = {},
    ): Promise<{ rows: IssueNode[]; total: number; more: boolean; details?: Map<number, IssueDetails> }> {
      const visible = await visibleIssuesSql(db, actor);
      const f = { ...filter, reactionUserId: actor.user?.id };
      const { rows, facts, total, more } = await repo.list(visible, f, page, {
        countUpTo: opts.countUpTo,
        factsFor: opts.details ? { viewerId: actor.user?.id ?? null } : undefined,
      });
      return { rows, total, more, details: facts && (await issueDetails(db, actor, rows, facts)) };
    },

    async create(actor: Actor, project: ProjectWithGroup, input: IssueInput): Promise<IssueNode> {
      if (!actor.user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'createIssue', { type: 'Project', ...project }))) throw new ForbiddenError();
      const admin = await can(db, actor, 'adminIssue', { type: 'Issue', ...draftIssue(project) });
      const errors = new FieldErrors();
      const given = admin ? input : { ...input, ...Object.fromEntries(metadataKeys(input).map((k) => [k, undefined])) };
      const scalars = validateIssueInput(given, true, errors);
      await checkHealthStatus(db, given.healthStatus, errors);
      if (errors.any) throw new ValidationError(errors.fields);
      // An incident without `createIncident` opens as an issue (GitLab drops the type it may not set).
      if (
        scalars.issueType === 'incident' &&
        !(await can(db, actor, 'createIncident', { type: 'Project', ...project }))
      ) {
        delete scalars.issueType;
      }
      await labelService.createMissing(actor, { type: 'Project', ...project }, given.labelTitles);
      const author = actor.user;
      return await transaction(db, async (tx) => {
        const r = issuesRepository(tx);
        // Lookups that do not depend on each other are asked together (one round trip in the first
        // start's whole unit, whose connection pipelines); the writes keep their order.
        const [milestone, iid] = await together(
          tx,
          async () =>
            given.milestoneId != null
              ? await findMilestoneForIssue(tx, project.project, project.group, given.milestoneId)
              : undefined,
          () => nextIid(tx, 'issues', project.project.id),
        );
        const row = await r.insert({
          ...scalars,
          title: scalars.title ?? '',
          projectId: project.project.id,
          iid,
          authorId: author.id,
          milestoneId: milestone?.id ?? null,
        });
        let node: IssueNode = { issue: row, ...project, assigneeIds: [] };
        const [assignees, labels, epic] = await together(
          tx,
          async () => (given.assigneeIds?.length ? await assignableUsers(tx, node, given.assigneeIds) : undefined),
          () => nextLabels(tx, node, { labelIds: given.labelIds, labelTitles: given.labelTitles }),
          async () => (given.epicId != null ? await findReadableEpic(tx, actor, given.epicId) : undefined),
        );
        if (assignees) {
          await r.addAssignees(row.id, assignees);
          node = { ...node, assigneeIds: assignees };
        }
        if (labels?.length) await r.addLabels(row.id, labels);
        if (given.epicId != null) {
          if (!epic) throw new NotFoundError('Epic Not Found');
          await linkIssueToEpic(tx, actor, epic, node, 'keep');
        }
        if (given.workItemParentId !== undefined) {
          const links = workItemLinksRepository(tx);
          await links.lockParent(given.workItemParentId);
          await links.setParent(row.id, given.workItemParentId);
        }
        await createTodos(tx, actor, { type: 'Issue', node }, { assigned: node.assigneeIds, text: row.description });
        await recordIssueEvent(tx, actor, row, 'created');
        return node;
      });
    },

    async update(actor: Actor, node: IssueNode, requested: IssueInput): Promise<IssueNode> {
      const subject = { type: 'Issue' as const, ...node };
      if (!(await can(db, actor, 'updateIssue', subject))) throw new ForbiddenError();
      const input = withTaskToggled(requested, node.issue.description, STALE_ISSUE_MESSAGE);
      if (input.lockVersion !== undefined && input.lockVersion !== node.issue.lockVersion) {
        throw new ConflictError(STALE_ISSUE_MESSAGE);
      }
      const admin = await can(db, actor, 'adminIssue', subject);
      const dropped = admin ? [] : [...metadataKeys(input), 'confidential' as const];
      const given: IssueInput = { ...input, ...Object.fromEntries(dropped.map((k) => [k, undefined])) };
      const errors = new FieldErrors();
      const changes: IssueChanges = validateIssueInput(given, false, errors);
      await checkHealthStatus(db, given.healthStatus, errors);
      if (errors.any) throw new ValidationError(errors.fields);
      // Turning an issue into an incident needs `createIncident` (GitLab drops the type otherwise).
      if (
        changes.issueType === 'incident' &&
        node.issue.issueType !== 'incident' &&
        !(await can(db, actor, 'createIncident', { type: 'Project', project: node.project, group: node.group }))
      ) {
        delete changes.issueType;
      }
      await labelService.createMissing(actor, { type: 'Project', project: node.project, group: node.group }, [
        ...(given.labelTitles ?? []),
        ...(given.addLabelTitles ?? []),
      ]);
      if (changes.title !== undefined || changes.description !== undefined) {
        Object.assign(changes, { lastEditedAt: new Date(), lastEditedById: actor.user?.id ?? null });
      }
      return await transaction(db, async (tx) => {
        // A change that can reach an epic (its epic, milestone or confidentiality) queues with the
        // epic tree's other writes before it locks the issue: the one global lock order.
        const reachesEpic =
          given.epicId !== undefined || given.milestoneId !== undefined || changes.confidential !== undefined;
        if (reachesEpic) await lockEpicTreesOf(tx, node.group);
        const r = issuesRepository(tx);
        // The issue as it is now, locked: a write that ended since `node` was read (the same person's
        // previous sidebar field, still saving) is the base of this one, not a conflict. Only an edit
        // based on a version (`lockVersion`) or on the text (a task toggled) conflicts with it.
        // Lookups that do not depend on each other are asked with it (one round trip in the first
        // start's whole unit, whose connection pipelines: PostgreSQL runs them after the lock, in the
        // order sent); the writes keep their order.
        const [issue, history, milestone] = await together(
          tx,
          () => r.findForUpdate(node.issue.id),
          () => trackIssue(tx, actor, node.issue.id),
          async () =>
            given.milestoneId == null
              ? given.milestoneId
              : await findMilestoneForIssue(tx, node.project, node.group, given.milestoneId),
        );
        if (!issue) throw new NotFoundError('Issue Not Found');
        if (input.lockVersion !== undefined && input.lockVersion !== issue.lockVersion) {
          throw new ConflictError(STALE_ISSUE_MESSAGE);
        }
        if (requested.taskToggle && issue.description !== node.issue.description) {
          changes.description = withTaskToggled(requested, issue.description, STALE_ISSUE_MESSAGE)
            .description as string;
        }
        if (given.stateEvent === 'close' && issue.state === 'opened') {
          Object.assign(changes, { state: 'closed', closedAt: new Date(), closedById: actor.user?.id ?? null });
        }
        if (given.stateEvent === 'reopen' && issue.state === 'closed') {
          Object.assign(changes, { state: 'opened', closedAt: null, closedById: null, reopenedAt: new Date() });
        }
        if (given.milestoneId !== undefined && milestone !== undefined) changes.milestoneId = milestone?.id ?? null;
        const row = await r.update(issue.id, changes);
        if (!row) throw new NotFoundError('Issue Not Found');
        let next: IssueNode = { ...node, issue: row };
        const [assignees, labels, relation, epic] = await together(
          tx,
          async () =>
            given.assigneeIds !== undefined ? await assignableUsers(tx, next, given.assigneeIds) : undefined,
          () => nextLabels(tx, next, given),
          () => epicIssuesRepository(tx).findByIssueId(row.id),
          async () => (given.epicId != null ? await findReadableEpic(tx, actor, given.epicId) : undefined),
        );
        if (assignees) {
          await r.setAssignees(row.id, assignees);
          next = { ...next, assigneeIds: assignees };
        }
        const labelsChanged = labels !== undefined && !sameIds(await labelIdsOf(tx, row.id), labels);
        if (labels) await r.setLabels(row.id, labels);
        if (given.epicId === null && relation) await unlinkIssue(tx, actor, next);
        else if (given.epicId != null) {
          if (!epic) throw new NotFoundError('Epic Not Found');
          await linkIssueToEpic(tx, actor, epic, next, 'keep');
        } else if (relation && changes.confidential === false) {
          const [current] = await loadEpics(tx, [relation.epicId]);
          if (current) assertCanHoldIssue(current.epic, row);
        }
        if (relation && row.milestoneId !== issue.milestoneId) await recomputeDates(tx, [relation.epicId]);
        await history.record();
        await createTodos(
          tx,
          actor,
          { type: 'Issue', node: next },
          {
            assigned:
              given.assigneeIds === undefined ? [] : next.assigneeIds.filter((id) => !node.assigneeIds.includes(id)),
            unassigned: node.assigneeIds.filter((id) => !next.assigneeIds.includes(id)),
            text: changes.description === undefined ? undefined : row.description,
            previousText: issue.description,
            acted: labelsChanged || actedOn(issue, row, node.assigneeIds, next.assigneeIds),
          },
        );
        await recordIssueEvent(tx, actor, row, stateAction(issue.state, row.state));
        return next;
      });
    },

    /** Sets (or clears, with null) the issue's epic: GraphQL `issueSetEpic`. */
    async setEpic(actor: Actor, node: IssueNode, epicId: number | null): Promise<IssueNode> {
      await transaction(db, async (tx) => {
        await lockEpicTreesOf(tx, node.group);
        if (epicId === null) return await unlinkIssue(tx, actor, node);
        const epic = await findReadableEpic(tx, actor, epicId);
        if (!epic) throw new NotFoundError('Epic Not Found');
        await linkIssueToEpic(tx, actor, epic, node, 'keep');
      });
      return node;
    },

    /** Deletes the issue; `ability` is what the caller asks of the actor (work items: `deleteWorkItem`). */
    async remove(
      actor: Actor,
      node: IssueNode,
      ability: 'destroyIssue' | 'deleteWorkItem' = 'destroyIssue',
    ): Promise<void> {
      if (!(await can(db, actor, ability, { type: 'Issue', ...node }))) throw new ForbiddenError();
      await transaction(db, async (tx) => {
        await lockEpicTreesOf(tx, node.group);
        const relation = await epicIssuesRepository(tx).deleteForIssue(node.issue.id);
        await issuesRepository(tx).delete(node.issue.id);
        if (relation) await recomputeDates(tx, [relation.epicId]);
      });
    },
  };

  const subscriptions = {
    /**
     * Subscribes the actor to a readable issue's notifications, or unsubscribes; false when the
     * actor already was in that state (as author or assignee too), which REST answers 304.
     */
    async setSubscription(actor: Actor, node: IssueNode, subscribed: boolean): Promise<boolean> {
      const user = actor.user;
      if (!user) throw new UnauthorizedError();
      if ((await repo.subscribedIds(user.id, [node.issue.id])).has(node.issue.id) === subscribed) return false;
      await subscriptionsRepository(db).set('Issue', node.issue.id, user.id, subscribed);
      return true;
    },
  };

  return {
    ...service,
    ...subscriptions,
    /** The lists' counts, bulk edit, manual order and exports. */
    lists: issueListsService(db, { ...service, ...subscriptions }),

    /** Labels, milestone, users, epic, votes and subscription of a page of issues (for REST/UI entities). */
    details: (actor: Actor, nodes: readonly IssueNode[]) => issueDetails(db, actor, nodes),
    ...issuePromotion(db),
    ...issueModeration(db),
    epicIssues: epicIssuesService(db),
    links: issueLinksService(db),
  };
}
