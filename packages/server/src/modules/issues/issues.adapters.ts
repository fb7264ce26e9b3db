/**
 * The issues module's calls into other modules (epics, labels, milestones), one small function
 * each, so each can be switched to the owning module's service in one line.
 */
import { DEFAULT_EPIC_COLOR } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { nextIid } from '../../db/internal-ids.ts';
import type { EpicRow, GroupRow, LabelRow, MilestoneRow, ProjectRow } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import { recomputeEpicDates } from '../epics/epic-dates.repository.ts';
import { epicTreeRepository } from '../epics/epic-tree.repository.ts';
import { epicsRepository, lockEpicHierarchies } from '../epics/epics.repository.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { epicIssuesRepository } from './epic-issues.repository.ts';
import { issuesRepository } from './issues.repository.ts';

export const CONFIDENTIAL_EPIC_MESSAGE =
  'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again';

/** Recomputes inherited dates of these epics and their ancestors (inside the caller's transaction). */
export async function recomputeDates(tx: Db, epicIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(epicIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length) await recomputeEpicDates(tx, ids);
}

/**
 * Takes the epic's hierarchy lock first in a transaction that changes its issues, so these writes
 * queue with every other write to the same epic tree (see `lockEpicHierarchies`).
 */
export async function lockEpicTree(tx: Db, epicIds: readonly number[]): Promise<void> {
  await lockEpicHierarchies(tx, epicIds);
}

/** The same lock for every epic tree of the group's top-level group (before the epic is known). */
export async function lockEpicTreesOf(tx: Db, group: GroupRow): Promise<void> {
  await epicsRepository(tx).lockHierarchy(group.traversalIds[0] ?? group.id);
}

/** A confidential epic holds confidential issues only (GitLab's rule for children of an epic). */
export function assertCanHoldIssue(epic: EpicRow, issue: { confidential: boolean }): void {
  if (epic.confidential && !issue.confidential) throw new ValidationError({ base: [CONFIDENTIAL_EPIC_MESSAGE] }, 422);
}

/** The epic with its group if the actor may read it; hidden and missing look the same. */
export async function findReadableEpic(db: Db, actor: Actor, epicId: number): Promise<EpicNode | undefined> {
  const found = await epicIssuesRepository(db).findEpic(epicId);
  if (!found) return undefined;
  return (await can(db, actor, 'readEpic', { type: 'Epic', ...found })) ? found : undefined;
}

export async function findReadableEpicByIid(
  db: Db,
  actor: Actor,
  group: GroupRow,
  iid: number,
): Promise<EpicNode | undefined> {
  const found = await epicIssuesRepository(db).findEpicByIid(group.id, iid);
  if (!found) return undefined;
  return (await can(db, actor, 'readEpic', { type: 'Epic', ...found })) ? found : undefined;
}

/** Epics by id with their groups (no access decision: callers check `readEpic`). */
export async function loadEpics(db: Db, ids: readonly number[]): Promise<EpicNode[]> {
  return await epicIssuesRepository(db).findEpics(ids);
}

/** Labels of the project or its groups, by id or title; unknown ones are left out (GitLab's behaviour). */
export async function resolveLabels(
  db: Db,
  project: ProjectRow,
  group: GroupRow,
  by: { ids?: readonly number[]; titles?: readonly string[] },
): Promise<LabelRow[]> {
  return await issuesRepository(db).availableLabels(project, group, by);
}

/** A milestone of the project or of one of its groups; undefined when there is no such one. */
export async function findMilestoneForIssue(
  db: Db,
  project: ProjectRow,
  group: GroupRow,
  milestoneId: number,
): Promise<MilestoneRow | undefined> {
  return await issuesRepository(db).availableMilestone(project, group, milestoneId);
}

/**
 * Creates the epic an issue is promoted to (inside the caller's transaction), through the epics
 * module's repositories: copies title, description, confidentiality and the group labels whose
 * titles match the issue's labels.
 */
export async function createEpicForPromotion(
  tx: Db,
  group: GroupRow,
  attrs: { title: string; description: string; confidential: boolean; authorId: number; labelTitles: string[] },
): Promise<EpicNode> {
  const epics = epicsRepository(tx);
  const epic = await epics.insert({
    groupId: group.id,
    iid: await nextIid(tx, 'epics', group.id),
    title: attrs.title,
    description: attrs.description,
    confidential: attrs.confidential,
    authorId: attrs.authorId,
    color: DEFAULT_EPIC_COLOR,
    parentId: null,
    relativePosition: null,
    startDateIsFixed: false,
    startDateFixed: null,
    dueDateIsFixed: false,
    dueDateFixed: null,
  });
  await epicTreeRepository(tx).initPath(epic.id, []);
  const labels = await epics.groupLabels(group, { titles: attrs.labelTitles });
  const byTitle = new Map<string, number>();
  for (const l of labels) if (!byTitle.has(l.title.toLowerCase())) byTitle.set(l.title.toLowerCase(), l.id);
  if (byTitle.size) await epics.setLabels(epic.id, [...byTitle.values()]);
  const found = await epics.findById(epic.id);
  if (!found) throw new Error('the promoted epic vanished');
  return found;
}
