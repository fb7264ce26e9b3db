/**
 * The epic ↔ issue relation: an issue belongs to at most one epic, with a relative position among
 * the epic's issues. Linking needs `adminEpicRelation` on the epic and `adminIssueRelation` on the
 * issue; anything the actor cannot read or administer is reported as not found, and nothing is written.
 */
import type { Actor } from '../../authz/actor.ts';
import { can, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { EpicIssueRow, GroupRow } from '../../db/schema.ts';
import { together, transaction } from '../../db/transaction.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { recordEpicIssue } from '../notes/system-notes.ts';
import { epicIssuesRepository, POSITION_GAP } from './epic-issues.repository.ts';
import { issueNodes } from './issue-nodes.ts';
import { assertCanHoldIssue, findReadableEpicByIid, lockEpicTree, recomputeDates } from './issues.adapters.ts';
import type { EpicIssueNode, IssueNode } from './issues.types.ts';

export const NO_MATCHING_ISSUE = 'No matching issue found. Make sure that you are adding a valid issue URL.';
export const ALREADY_ASSIGNED = 'Issue(s) already assigned';

/** GitLab's answer when nothing the actor may link was found (hidden and missing alike). */
export class NoMatchingIssueError extends AppError {
  constructor() {
    super(404, NO_MATCHING_ISSUE);
  }
}

export class IssueNotMovedError extends AppError {
  constructor() {
    super(400, 'Issue could not be moved!');
  }
}

/** Throws not found unless the actor may change the epic's issue list (hidden or read-only alike). */
export async function assertCanAdminEpicRelation(db: Db, actor: Actor, epic: EpicNode): Promise<void> {
  if (!(await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...epic }))) throw new NoMatchingIssueError();
}

/**
 * Links the issue to the epic inside `tx` (moving it out of any other epic), at the top of the list.
 * `already` decides what happens when it is already there: throw 409 or keep the link.
 */
export async function linkIssueToEpic(
  tx: Db,
  actor: Actor,
  epic: EpicNode,
  issue: IssueNode,
  already: 'conflict' | 'keep' = 'conflict',
): Promise<EpicIssueRow> {
  await assertCanAdminEpicRelation(tx, actor, epic);
  if (!(await can(tx, actor, 'adminIssueRelation', { type: 'Issue', ...issue }))) throw new NoMatchingIssueError();
  const repo = epicIssuesRepository(tx);
  // Asked together, and the link written beside its notes: one round trip each in the first start's
  // whole unit, whose connection pipelines; the writes keep their order.
  const [previous, min] = await together(
    tx,
    () => repo.findByIssueId(issue.issue.id),
    () => repo.minPosition(epic.epic.id),
  );
  if (previous?.epicId === epic.epic.id && already === 'conflict') throw new ConflictError(ALREADY_ASSIGNED);
  assertCanHoldIssue(epic.epic, issue.issue);
  if (previous?.epicId === epic.epic.id) return previous;
  const [row] = await together(
    tx,
    () => repo.upsert(epic.epic.id, issue.issue.id, min === null ? 0 : min - POSITION_GAP),
    () => recordEpicIssue(tx, actor, issue.issue.id, previous?.epicId ?? null, epic.epic.id),
  );
  await recomputeDates(tx, [previous?.epicId, epic.epic.id]);
  return row;
}

/** Removes the issue from its epic inside `tx` (needs `adminIssueRelation` on the issue). */
export async function unlinkIssue(tx: Db, actor: Actor, issue: IssueNode): Promise<void> {
  if (!(await can(tx, actor, 'adminIssueRelation', { type: 'Issue', ...issue }))) {
    throw new NotFoundError('Not found');
  }
  const removed = await epicIssuesRepository(tx).deleteForIssue(issue.issue.id);
  if (removed) await recomputeDates(tx, [removed.epicId]);
  if (removed) await recordEpicIssue(tx, actor, issue.issue.id, removed.epicId, null);
}

export function epicIssuesService(db: Db) {
  const repo = epicIssuesRepository(db);

  /** The relation row, if it belongs to this epic and its issue is readable. */
  async function findVisible(actor: Actor, epic: EpicNode, epicIssueId: number) {
    const row = await repo.findById(epicIssueId);
    if (!row || row.epicId !== epic.epic.id) return undefined;
    const [node] = await issueNodes(db, [row.issueId]);
    if (!node || !(await can(db, actor, 'readIssue', { type: 'Issue', ...node }))) return undefined;
    return { epicIssue: row, ...node } satisfies EpicIssueNode;
  }

  return {
    /** The epic of the group with this iid, if the actor may read it. */
    async findEpic(actor: Actor, group: GroupRow, iid: number): Promise<EpicNode | undefined> {
      if (!Number.isSafeInteger(iid)) return undefined;
      return await findReadableEpicByIid(db, actor, group, iid);
    },

    async getEpic(actor: Actor, group: GroupRow, iid: number): Promise<EpicNode> {
      const found = await this.findEpic(actor, group, iid);
      if (!found) throw new NotFoundError('Epic Not Found');
      return found;
    },

    /** The epic's issues the actor may read, in position order. */
    async list(
      actor: Actor,
      epic: EpicNode,
      page: { limit: number; offset: number },
    ): Promise<{ rows: EpicIssueNode[]; total: number }> {
      const visible = await visibleIssuesSql(db, actor);
      const { rows, total } = await repo.listForEpic(epic.epic.id, visible, page);
      const nodes = await issueNodes(
        db,
        rows.map((r) => r.issue.id),
        rows.map((r) => r.issue),
      );
      const byId = new Map(nodes.map((n) => [n.issue.id, n]));
      return {
        rows: rows.flatMap((r) => {
          const node = byId.get(r.issue.id);
          return node ? [{ ...node, epicIssue: r.epicIssue }] : [];
        }),
        total,
      };
    },

    findVisible,

    /** Adds one issue (GraphQL `epicAddIssue`, REST POST by global issue id). */
    async assign(actor: Actor, epic: EpicNode, issue: IssueNode): Promise<EpicIssueNode> {
      const row = await transaction(db, async (tx) => {
        await lockEpicTree(tx, [epic.epic.id]);
        return await linkIssueToEpic(tx, actor, epic, issue);
      });
      return { ...issue, epicIssue: row };
    },

    /**
     * Adds several issues at once (the epic page's "add existing issues by reference"): issues the
     * actor cannot read or link count as missing; none linkable → 404, all already there → 409.
     */
    async assignMany(actor: Actor, epic: EpicNode, issues: IssueNode[]): Promise<EpicIssueNode[]> {
      await assertCanAdminEpicRelation(db, actor, epic);
      const linkable: IssueNode[] = [];
      for (const issue of issues) {
        if (await can(db, actor, 'adminIssueRelation', { type: 'Issue', ...issue })) linkable.push(issue);
      }
      if (linkable.length === 0) throw new NoMatchingIssueError();
      const existing = await repo.findByIssueIds(linkable.map((i) => i.issue.id));
      const fresh = linkable.filter(
        (i) => !existing.some((e) => e.issueId === i.issue.id && e.epicId === epic.epic.id),
      );
      if (fresh.length === 0) throw new ConflictError(ALREADY_ASSIGNED);
      return await transaction(db, async (tx) => {
        await lockEpicTree(tx, [epic.epic.id]);
        const out: EpicIssueNode[] = [];
        for (const issue of fresh) out.push({ ...issue, epicIssue: await linkIssueToEpic(tx, actor, epic, issue) });
        return out;
      });
    },

    /**
     * Moves a relation next to others of the same epic: `beforeId` is the relation that should end up
     * before it, `afterId` the one after it (GitLab's move_before_id / move_after_id).
     */
    async move(
      actor: Actor,
      epic: EpicNode,
      epicIssueId: number,
      to: { beforeId?: number; afterId?: number },
    ): Promise<void> {
      const moved = await findVisible(actor, epic, epicIssueId);
      if (!moved || !(await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...epic }))) {
        throw new NotFoundError('Not found');
      }
      for (const id of [to.beforeId, to.afterId]) {
        if (id !== undefined && !(await findVisible(actor, epic, id))) throw new IssueNotMovedError();
      }
      await transaction(db, async (tx) => {
        await lockEpicTree(tx, [epic.epic.id]);
        const order = (await epicIssuesRepository(tx).orderedIds(epic.epic.id)).filter((id) => id !== epicIssueId);
        let index: number;
        if (to.beforeId !== undefined) index = order.indexOf(to.beforeId) + 1;
        else if (to.afterId !== undefined) index = order.indexOf(to.afterId);
        else throw new IssueNotMovedError();
        if (to.beforeId !== undefined && to.afterId !== undefined && order.indexOf(to.afterId) !== index) {
          throw new IssueNotMovedError();
        }
        order.splice(index, 0, epicIssueId);
        await epicIssuesRepository(tx).writeOrder(order);
      });
    },

    /** Removes a relation; returns what it was. */
    async remove(actor: Actor, epic: EpicNode, epicIssueId: number): Promise<EpicIssueNode> {
      const found = await findVisible(actor, epic, epicIssueId);
      if (!found || !(await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...epic }))) {
        throw new NotFoundError('Not found');
      }
      await transaction(db, async (tx) => {
        await lockEpicTree(tx, [epic.epic.id]);
        await epicIssuesRepository(tx).delete(epicIssueId);
        await recomputeDates(tx, [epic.epic.id]);
      });
      return found;
    },

    /** The epic of each issue (relation rows), for a page of issues. */
    async relationsOf(issueIds: readonly number[]): Promise<EpicIssueRow[]> {
      return await repo.findByIssueIds(issueIds);
    },
  };
}
