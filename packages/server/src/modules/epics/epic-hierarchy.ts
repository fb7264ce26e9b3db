/**
 * The rules of the epic tree (GitLab's texts): depth ≤ 7, at most 100 direct children, no cycles,
 * the parent in the same group or an ancestor group, and a confidential parent holding only
 * confidential children. Each check runs inside the caller's transaction.
 */

import type { Db } from '../../db/client.ts';
import type { EpicRow } from '../../db/schema.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { epicTreeRepository } from './epic-tree.repository.ts';
import type { EpicWithGroup } from './epics.repository.ts';

export const MAX_HIERARCHY_DEPTH = 7;
export const MAX_CHILDREN = 100;

export const HIERARCHY_TOO_DEEP = 'Epic hierarchy level too deep';
export const TOO_MANY_CHILDREN = 'You cannot add any more epics. This epic already has maximum number of child epics.';
export const CANNOT_ADD_ITSELF = 'This epic cannot be added. An epic cannot be added to itself.';
export const ALREADY_ANCESTOR = 'This epic cannot be added. It is already an ancestor of the parent epic.';
export const WRONG_GROUP =
  'This epic cannot be added. An epic must belong to the same group or subgroup as its parent epic.';
export const CONFIDENTIAL_PARENT_EPIC = 'A non-confidential epic cannot be assigned to a confidential parent epic';
export const CONFIDENTIAL_PARENT_ISSUE =
  'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again';
export const PUBLIC_CHILD_EPICS = 'Cannot make the epic confidential if it contains non-confidential child epics';
export const PUBLIC_CHILD_ISSUES = 'Cannot make the epic confidential if it contains non-confidential issues';
export const EPIC_NOT_FOUND_REFERENCE = 'No matching epic found. Make sure that you are adding a valid epic URL.';
export const EPICS_ALREADY_ASSIGNED = 'Epic(s) already assigned';

/**
 * A confidential parent holds only confidential children — epics and issues alike (the issues
 * module calls this before putting an issue into an epic). Throws a 422 with GitLab's message.
 */
export function assertCanHoldChild(
  parent: Pick<EpicRow, 'confidential'>,
  child: { confidential: boolean },
  kind: 'epic' | 'issue',
): void {
  if (parent.confidential && !child.confidential) {
    throw new AppError(422, kind === 'epic' ? CONFIDENTIAL_PARENT_EPIC : CONFIDENTIAL_PARENT_ISSUE);
  }
}

/** Every check for making `parent` the parent of `child` (existing or, with `newChild`, about to be). */
export async function assertValidParent(
  db: Db,
  child: EpicWithGroup | { new: true; groupTraversalIds: readonly number[]; confidential: boolean },
  parent: EpicWithGroup,
): Promise<void> {
  const tree = epicTreeRepository(db);
  const existing = 'new' in child ? undefined : child;
  const childId = existing?.epic.id ?? null;
  const childGroupPath = existing
    ? existing.group.traversalIds
    : (child as { groupTraversalIds: readonly number[] }).groupTraversalIds;
  const confidential = existing ? existing.epic.confidential : (child as { confidential: boolean }).confidential;
  if (childId !== null && childId === parent.epic.id) throw new AppError(422, CANNOT_ADD_ITSELF);
  if (childId !== null && parent.epic.pathIds.includes(childId)) throw new AppError(422, ALREADY_ANCESTOR);
  if (!childGroupPath.includes(parent.group.id)) throw new AppError(422, WRONG_GROUP);
  assertCanHoldChild(parent.epic, { confidential }, 'epic');
  const parentDepth = parent.epic.pathIds.length || 1;
  const height = existing ? await tree.subtreeHeight(existing.epic.id, existing.epic.pathIds.length || 1) : 1;
  if (parentDepth + height > MAX_HIERARCHY_DEPTH) throw new AppError(409, HIERARCHY_TOO_DEEP);
  if (existing?.epic.parentId !== parent.epic.id && (await tree.childCount(parent.epic.id)) >= MAX_CHILDREN) {
    throw new AppError(409, TOO_MANY_CHILDREN);
  }
}

/** Checks a change of the epic's own confidentiality against its parent and its children. */
export async function assertConfidentialityChange(
  db: Db,
  epic: EpicRow,
  confidential: boolean,
  parent: EpicRow | undefined,
): Promise<void> {
  if (confidential === epic.confidential) return;
  if (!confidential && parent?.confidential) throw new ValidationError({ base: [CONFIDENTIAL_PARENT_EPIC] }, 422);
  if (confidential) {
    const open = await epicTreeRepository(db).hasPublicChildren(epic.id);
    if (open.issues) throw new ValidationError({ base: [PUBLIC_CHILD_ISSUES] }, 422);
    if (open.epics) throw new ValidationError({ base: [PUBLIC_CHILD_EPICS] }, 422);
  }
}
