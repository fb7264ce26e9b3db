/**
 * Records events (the activity feed, migration 0024) from the services that act, inside the
 * transaction of the change: an issue or epic opened, closed or reopened; a comment; a milestone
 * created, closed or reactivated. The first start's demo (one whole unit) writes them all in one
 * statement at its end.
 */
import type { Actor } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import type { IssueRow, MilestoneRow, NoteRow } from '../../db/schema.ts';
import { deferToUnitEnd } from '../../db/transaction.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import { eventsRepository } from './events.repository.ts';
import type { EventAction, NewEvent } from './events.types.ts';

async function insertEvents(db: Db, list: NewEvent[]): Promise<void> {
  await eventsRepository(db).insertMany(list);
}

async function record(tx: Db, event: NewEvent): Promise<void> {
  if (!deferToUnitEnd(tx, insertEvents, [event])) await insertEvents(tx, [event]);
}

/** The action of a state change, or null when the state did not change. */
export function stateAction(before: string, after: string): EventAction | null {
  if (before === after) return null;
  return after === 'closed' ? 'closed' : 'reopened';
}

/** An issue opened (`created`, at its creation time), closed or reopened. */
export async function recordIssueEvent(tx: Db, actor: Actor, issue: IssueRow, action: EventAction | null) {
  if (!actor.user || !action) return;
  await record(tx, {
    authorId: actor.user.id,
    action,
    targetType: 'Issue',
    issueId: issue.id,
    projectId: issue.projectId,
    createdAt: action === 'created' ? issue.createdAt : undefined,
  });
}

/** An epic opened, closed or reopened. */
export async function recordEpicEvent(tx: Db, actor: Actor, node: EpicNode, action: EventAction | null) {
  if (!actor.user || !action) return;
  await record(tx, {
    authorId: actor.user.id,
    action,
    targetType: 'Epic',
    epicId: node.epic.id,
    groupId: node.group.id,
    createdAt: action === 'created' ? node.epic.createdAt : undefined,
  });
}

/** A comment (not a system note) on an issue or an epic. */
export async function recordNoteEvent(
  tx: Db,
  actor: Actor,
  note: NoteRow,
  on: { issueId: number; projectId: number } | { epicId: number; groupId: number },
) {
  if (!actor.user || note.system) return;
  await record(tx, {
    authorId: actor.user.id,
    action: 'commented',
    targetType: 'Note',
    noteId: note.id,
    internal: note.internal,
    createdAt: note.createdAt,
    ...on,
  });
}

/** A milestone created, closed or reactivated. */
export async function recordMilestoneEvent(tx: Db, actor: Actor, milestone: MilestoneRow, action: EventAction | null) {
  if (!actor.user || !action) return;
  await record(tx, {
    authorId: actor.user.id,
    action,
    targetType: 'Milestone',
    milestoneId: milestone.id,
    projectId: milestone.projectId,
    groupId: milestone.groupId,
    createdAt: action === 'created' ? milestone.createdAt : undefined,
  });
}
