/**
 * The issues module's calls into other modules (epics, labels, milestones), one small function
 * each, so each can be switched to the owning module's service in one line.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { EpicRow, GroupRow, LabelRow, MilestoneRow, ProjectRow } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import type { EpicNode } from '../../graphql/refs.ts';
import { recomputeEpicDates } from '../epics/epic-dates.repository.ts';
import { epicIssuesRepository } from './epic-issues.repository.ts';
import { issuesRepository } from './issues.repository.ts';

export const CONFIDENTIAL_EPIC_MESSAGE =
  'Cannot assign a confidential epic to a non-confidential issue. Make the issue confidential and try again';

/** Recomputes inherited dates of these epics and their ancestors (inside the caller's transaction). */
export async function recomputeDates(tx: Db, epicIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(epicIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length) await recomputeEpicDates(tx, ids);
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
