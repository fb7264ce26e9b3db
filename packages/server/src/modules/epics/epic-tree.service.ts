/**
 * The epic tree: linking and unlinking child epics, and ordering children (child epics and the
 * epic's issue rows) with gap-based positions. Whatever the actor cannot read or administer is
 * reported as missing, and nothing is written.
 */

import { moveItem, positionAfterLast, rebalance } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { assertSubEpics } from '../application-settings/feature-switches.ts';
import { moveBetween } from '../relative-order.ts';
import { recomputeEpicDates } from './epic-dates.repository.ts';
import {
  assertCanHoldChild,
  assertValidParent,
  CANNOT_ADD_ITSELF,
  EPIC_NOT_FOUND_REFERENCE,
  EPICS_ALREADY_ASSIGNED,
} from './epic-hierarchy.ts';
import { epicTreeRepository, type Sibling } from './epic-tree.repository.ts';
import { type EpicWithGroup, epicsRepository } from './epics.repository.ts';

type Readable = (actor: Actor, found: EpicWithGroup | undefined) => Promise<EpicWithGroup | undefined>;

/** A node of the tree as epicTreeReorder names it: a child epic or an epic_issues row. */
export type TreeNodeId = { type: 'Epic' | 'EpicIssue'; id: number };

export type TreeReorderInput = {
  baseEpicId: number;
  moved: TreeNodeId;
  adjacent?: TreeNodeId;
  /** where the adjacent item sits relative to the moved one (GitLab's MoveType) */
  relativePosition?: 'before' | 'after';
  newParentId?: number;
};

export const MOVE_FAILED = 'Epic could not be moved!';

/** New positions for the moved item next to the adjacent one (or at the end), rebalancing when needed. */
function placement(siblings: Sibling[], movedId: number, adjacentId: number | undefined, goesBefore: boolean) {
  const list = siblings.some((s) => s.id === movedId) ? siblings : [...siblings, { id: movedId, position: null }];
  const updates =
    adjacentId === undefined
      ? moveItem(list, movedId, { place: 'end' })
      : moveItem(list, movedId, { adjacentId, place: goesBefore ? 'before' : 'after' });
  if (!updates) throw new AppError(422, MOVE_FAILED);
  return updates;
}

export function epicTreeService(db: Db, readable: Readable) {
  async function adminable(actor: Actor, found: EpicWithGroup | undefined): Promise<EpicWithGroup | undefined> {
    const r = await readable(actor, found);
    return r && (await can(db, actor, 'adminEpicRelation', { type: 'Epic', ...r })) ? r : undefined;
  }

  async function appendPosition(tx: Db, parentId: number): Promise<number | null> {
    const tree = epicTreeRepository(tx);
    const next = positionAfterLast(await tree.maxChildPosition(parentId));
    if (next !== null) return next;
    await tree.setChildPositions(rebalance(await tree.childPositions(parentId)));
    return positionAfterLast(await tree.maxChildPosition(parentId));
  }

  /** Re-parents `child` (validated), keeping path_ids and positions; returns the old parent's id. */
  async function moveUnder(tx: Db, child: EpicWithGroup, parent: EpicWithGroup | undefined): Promise<number | null> {
    const tree = epicTreeRepository(tx);
    const old = child.epic.parentId;
    if (parent) {
      await assertSubEpics(tx);
      await epicsRepository(tx).lock([parent.epic.id]);
      const fresh = (await epicsRepository(tx).findById(parent.epic.id)) ?? parent;
      await assertValidParent(tx, child, fresh);
      await tree.setParent(child.epic.id, fresh.epic.id, fresh.epic.pathIds);
      await tree.setChildPositions([{ id: child.epic.id, position: (await appendPosition(tx, fresh.epic.id)) ?? 0 }]);
    } else {
      await tree.setParent(child.epic.id, null, []);
    }
    return old;
  }

  return {
    appendPosition,
    moveUnder,

    /** Links an existing epic (by database id) as a child; 404 when the actor cannot read or admin it. */
    async addChild(actor: Actor, parent: EpicWithGroup, childId: number): Promise<EpicWithGroup> {
      const [child] = await this.addChildren(actor, parent, [childId]);
      if (!child) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
      return child;
    },

    /**
     * Links several existing epics as children, all or nothing: any one the actor cannot read or
     * admin → 404; all of them already children → 409; any rule broken → its error, nothing linked.
     */
    async addChildren(actor: Actor, parent: EpicWithGroup, childIds: readonly number[]): Promise<EpicWithGroup[]> {
      if (!(await adminable(actor, parent))) throw new NotFoundError('Epic Not Found');
      const children: EpicWithGroup[] = [];
      for (const id of new Set(childIds)) {
        const child = await adminable(actor, await epicsRepository(db).findById(id));
        if (!child) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
        children.push(child);
      }
      if (children.length === 0) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
      const fresh = children.filter((c) => c.epic.parentId !== parent.epic.id);
      if (fresh.length === 0) throw new AppError(409, EPICS_ALREADY_ASSIGNED);
      return await transaction(db, async (tx) => {
        // The parent and every child (and their hierarchy) in one statement, in one order.
        await epicsRepository(tx).lock([parent.epic.id, ...fresh.map((c) => c.epic.id)]);
        const linked: EpicWithGroup[] = [];
        for (const child of fresh) {
          const current = (await epicsRepository(tx).findById(child.epic.id)) ?? child;
          const old = await moveUnder(tx, current, parent);
          await recomputeEpicDates(tx, [child.epic.id, ...(old === null ? [] : [old])]);
          linked.push((await epicsRepository(tx).findById(child.epic.id)) ?? child);
        }
        return linked;
      });
    },

    /** Marks `source` as blocking `target` (both must be administrable by the actor). */
    async addBlockingLink(actor: Actor, source: EpicWithGroup, target: EpicWithGroup): Promise<void> {
      if (!(await adminable(actor, source)) || !(await adminable(actor, target))) {
        throw new NotFoundError('Epic Not Found');
      }
      if (source.epic.id === target.epic.id) throw new AppError(422, CANNOT_ADD_ITSELF);
      await epicTreeRepository(db).addBlockingLink(source.epic.id, target.epic.id);
    },

    /** Unlinks a child epic from its parent; the child becomes a top-level epic. */
    async removeChild(actor: Actor, parent: EpicWithGroup, childId: number): Promise<EpicWithGroup> {
      if (!(await adminable(actor, parent))) throw new NotFoundError('Epic Not Found');
      const child = await adminable(actor, await epicsRepository(db).findById(childId));
      if (!child || child.epic.parentId !== parent.epic.id) throw new NotFoundError('Epic Not Found');
      return await transaction(db, async (tx) => {
        await epicsRepository(tx).lock([parent.epic.id, child.epic.id]);
        await epicTreeRepository(tx).setParent(child.epic.id, null, []);
        await recomputeEpicDates(tx, [parent.epic.id, child.epic.id]);
        return (await epicsRepository(tx).findById(child.epic.id)) ?? child;
      });
    },

    /**
     * REST reorder: `moveBeforeId` is the sibling that will sit before the child, `moveAfterId`
     * the one after it (global epic ids, as GitLab's epic links API).
     */
    async reorderChild(
      actor: Actor,
      parent: EpicWithGroup,
      childId: number,
      to: { moveBeforeId?: number; moveAfterId?: number },
    ): Promise<void> {
      if (!(await adminable(actor, parent))) throw new NotFoundError('Epic Not Found');
      const child = await adminable(actor, await epicsRepository(db).findById(childId));
      if (!child || child.epic.parentId !== parent.epic.id) throw new NotFoundError('Epic Not Found');
      const adjacentId = to.moveAfterId ?? to.moveBeforeId;
      if (adjacentId !== undefined) {
        const adjacent = await readable(actor, await epicsRepository(db).findById(adjacentId));
        if (!adjacent || adjacent.epic.parentId !== parent.epic.id) throw new NotFoundError('Epic Not Found');
      }
      await transaction(db, async (tx) => {
        await epicsRepository(tx).lock([parent.epic.id]);
        const siblings = await epicTreeRepository(tx).childPositions(parent.epic.id);
        await epicTreeRepository(tx).setChildPositions(
          placement(siblings, childId, adjacentId, to.moveAfterId !== undefined),
        );
      });
    },

    /**
     * The epics list's manual order: moves `epic` between `moveBeforeId` (the epic that ends up
     * above it) and `moveAfterId` (the one below), whatever their parents, within its top-level
     * group's hierarchy — the same positions the trees order siblings by (decision 0029).
     */
    async reorderInList(
      actor: Actor,
      epic: EpicWithGroup,
      moveBeforeId: number | null,
      moveAfterId: number | null,
    ): Promise<void> {
      if (!(await adminable(actor, epic))) throw new NotFoundError('Epic Not Found');
      if (moveBeforeId === null && moveAfterId === null) {
        throw new AppError(422, 'move_before_id or move_after_id must be given');
      }
      const rootId = epic.group.traversalIds[0] ?? epic.group.id;
      for (const id of [moveBeforeId, moveAfterId]) {
        if (id === null) continue;
        const neighbour = await readable(actor, await epicsRepository(db).findById(id));
        if (!neighbour || id === epic.epic.id || (neighbour.group.traversalIds[0] ?? neighbour.group.id) !== rootId) {
          throw new NotFoundError('Epic Not Found');
        }
      }
      await transaction(db, async (tx) => {
        await epicsRepository(tx).lockHierarchy(rootId);
        await moveBetween(tx, 'epics', rootId, epic.epic.id, moveBeforeId, moveAfterId, MOVE_FAILED);
      });
    },

    /**
     * GitLab's epicTreeReorder: moves a child epic or an epic's issue row next to an adjacent item
     * (`relativePosition` = where the adjacent item sits: `after` → the moved item goes before it),
     * optionally under a new parent first. Everything must be inside the base epic's tree.
     */
    async treeReorder(actor: Actor, input: TreeReorderInput): Promise<void> {
      const repo = epicsRepository(db);
      const tree = epicTreeRepository(db);
      const base = await adminable(actor, await repo.findById(input.baseEpicId));
      if (!base) throw new NotFoundError('Epic Not Found');
      const inTree = (e: EpicWithGroup) => e.epic.pathIds.includes(base.epic.id);
      const epicIn = async (id: number) => {
        const e = await adminable(actor, await repo.findById(id));
        if (!e || !inTree(e)) throw new NotFoundError('Epic Not Found');
        return e;
      };
      const issueRowIn = async (id: number) => {
        const row = await tree.findEpicIssue(id);
        if (!row) throw new NotFoundError('Epic Not Found');
        await epicIn(row.epicId);
        return row;
      };
      if (input.adjacent && input.adjacent.type !== input.moved.type) {
        throw new AppError(422, 'Relative position is not valid.');
      }
      const newParent = input.newParentId !== undefined ? await epicIn(input.newParentId) : undefined;
      const goesBefore = input.relativePosition !== 'before';
      // Who may move what is checked here, before the transaction; inside it only `tx` is used (a
      // transaction waiting for the tree's lock must never need a second pooled connection), and
      // the rows are read again under that lock so the checks of the tree's shape see what is current.
      const movedEpic = input.moved.type === 'Epic' ? await epicIn(input.moved.id) : undefined;
      const movedRow = input.moved.type === 'EpicIssue' ? await issueRowIn(input.moved.id) : undefined;
      const adjacentEpic = input.adjacent && movedEpic ? await epicIn(input.adjacent.id) : undefined;
      const adjacentRow = input.adjacent && movedRow ? await issueRowIn(input.adjacent.id) : undefined;
      await transaction(db, async (tx) => {
        const txRepo = epicsRepository(tx);
        const txTree = epicTreeRepository(tx);
        // Sibling positions and ancestors' dates change: the tree's lock before any row.
        await txRepo.lock([base.epic.id]);
        const current = async (id: number) => {
          const fresh = await txRepo.findById(id);
          if (!fresh || !inTree(fresh)) throw new NotFoundError('Epic Not Found');
          return fresh;
        };
        const currentRow = async (id: number) => {
          const row = await txTree.findEpicIssue(id);
          if (!row) throw new NotFoundError('Epic Not Found');
          await current(row.epicId);
          return row;
        };
        const parent = newParent && (await current(newParent.epic.id));
        if (movedEpic) {
          const moved = await current(movedEpic.epic.id);
          if (moved.epic.id === base.epic.id) throw new AppError(422, MOVE_FAILED);
          let parentId = moved.epic.parentId;
          if (parent && parent.epic.id !== parentId) {
            await txRepo.lock([moved.epic.id]);
            const old = await moveUnder(tx, moved, parent);
            await recomputeEpicDates(tx, [moved.epic.id, ...(old === null ? [] : [old])]);
            parentId = parent.epic.id;
          }
          if (parentId === null) throw new AppError(422, MOVE_FAILED);
          let adjacentId: number | undefined;
          if (adjacentEpic) {
            const adjacent = await current(adjacentEpic.epic.id);
            if (adjacent.epic.parentId !== parentId) throw new AppError(422, MOVE_FAILED);
            adjacentId = adjacent.epic.id;
          }
          const siblings = await txTree.childPositions(parentId);
          await txTree.setChildPositions(placement(siblings, moved.epic.id, adjacentId, goesBefore));
        } else if (movedRow) {
          const moved = await currentRow(movedRow.id);
          let epicId = moved.epicId;
          if (parent && parent.epic.id !== epicId) {
            assertCanHoldChild(parent.epic, { confidential: moved.confidential }, 'issue');
            await txTree.moveEpicIssue(moved.id, parent.epic.id, null);
            await recomputeEpicDates(tx, [epicId, parent.epic.id]);
            epicId = parent.epic.id;
          }
          let adjacentId: number | undefined;
          if (adjacentRow) {
            const adjacent = await currentRow(adjacentRow.id);
            if (adjacent.epicId !== epicId) throw new AppError(422, MOVE_FAILED);
            adjacentId = adjacent.id;
          }
          const siblings = await txTree.issuePositions(epicId);
          await txTree.setIssuePositions(placement(siblings, moved.id, adjacentId, goesBefore));
        }
      });
    },
  };
}
