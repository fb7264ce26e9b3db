/**
 * The changes that make to-dos (GitLab's TodoService), called by the issues, epics and notes
 * services inside the transaction of the change, so a change and its to-dos are saved together:
 * - assigning users to an issue: `assigned` for each newly assigned user;
 * - a description or comment that mentions users: `directly_addressed` for those it addresses at
 *   the start of a line, `mentioned` for the others — only mentions the text did not have before.
 * A user gets one only if they may read the issue or epic (and the comment, when internal), is
 * active, and has no pending to-do there yet (GitLab's one pending to-do per target).
 *
 * Acting on the target marks the actor's own pending to-dos on it done first (GitLab's
 * `resolve_todos_for_target`): commenting, closing or reopening, editing the title or description,
 * changing the assignees, milestone or labels, reacting with an emoji. Someone else's action leaves
 * them pending. Users removed from the assignees lose their pending `assigned` to-dos there (done).
 */
import type { Actor } from '../../authz/actor.ts';
import { userActor } from '../../authz/actor.ts';
import { can, type Subject } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { NoteRow, TodoAction, TodoState, UserRow } from '../../db/schema.ts';
import { deferToUnitEnd } from '../../db/transaction.ts';
import { notesRepository } from '../notes/notes.repository.ts';
import { mentionsIn } from './mentions.ts';
import { type NewTodo, type TodoTargetKey, todosRepository } from './todos.repository.ts';
import type { TodoTarget } from './todos.types.ts';

/** The target's key columns. */
export function targetKey(target: TodoTarget): TodoTargetKey {
  return target.type === 'Issue'
    ? { type: 'Issue', issueId: target.node.issue.id, projectId: target.node.project.id }
    : { type: 'Epic', epicId: target.node.epic.id, groupId: target.node.group.id };
}

export function targetSubject(target: TodoTarget): Subject {
  return target.type === 'Issue' ? { type: 'Issue', ...target.node } : { type: 'Epic', ...target.node };
}

export type TodoChange = {
  /** Users newly assigned to the issue (the issues service checked they can read it). */
  assigned?: readonly number[];
  /** The description or comment now, and before the change (mentions already there make none). */
  text?: string;
  previousText?: string;
  /** The comment whose text this is. */
  note?: NoteRow;
  /** The actor acted on the target (see above): their pending to-dos on it are done. */
  acted?: boolean;
  /** Users removed from the issue's assignees: their pending `assigned` to-dos there are done. */
  unassigned?: readonly number[];
};

/** Whether `user` may read the target (and the comment, if it is internal). */
async function canRead(tx: Db, user: UserRow, target: TodoTarget, note: NoteRow | undefined): Promise<boolean> {
  if (user.state !== 'active' || user.userType !== 'human') return false;
  const reader = userActor(user);
  const subject = targetSubject(target);
  const ability = target.type === 'Issue' ? 'readIssue' : 'readEpic';
  if (!(await can(tx, reader, ability, subject))) return false;
  return !note?.internal || (await can(tx, reader, 'readInternalNote', subject));
}

/** Saves the to-dos `change` makes and marks done those it settles (through `tx`, the caller's transaction). */
export async function createTodos(tx: Db, actor: Actor, target: TodoTarget, change: TodoChange): Promise<void> {
  const author = actor.user;
  if (!author) return;
  const key = targetKey(target);
  if (change.acted) await resolve(tx, { target: key, userIds: [author.id] });
  if (change.unassigned?.length) await resolve(tx, { target: key, userIds: change.unassigned, action: 'assigned' });
  const todo = (userId: number, action: NewTodo['action']): NewTodo => ({
    userId,
    authorId: author.id,
    target: key,
    action,
    noteId: change.note?.id ?? null,
  });
  const assigned = [...new Set(change.assigned ?? [])];
  const list: NewTodo[] = assigned.map((id) => ({ ...todo(id, 'assigned'), noteId: null }));

  if (change.text?.includes('@')) {
    const now = mentionsIn(change.text);
    const before = change.previousText ? new Set(mentionsIn(change.previousText).all) : new Set<string>();
    const fresh = now.all.filter((name) => !before.has(name));
    if (fresh.length > 0) {
      const direct = new Set(now.direct);
      const users = await notesRepository(tx).usersByUsernames(fresh);
      const addressed: NewTodo[] = [];
      const mentioned: NewTodo[] = [];
      for (const user of users) {
        if (assigned.includes(user.id) || !(await canRead(tx, user, target, change.note))) continue;
        if (direct.has(user.username.toLowerCase())) addressed.push(todo(user.id, 'directly_addressed'));
        else mentioned.push(todo(user.id, 'mentioned'));
      }
      list.push(...addressed, ...mentioned);
    }
  }
  if (list.length === 0) return;
  // The first start's demo (one whole unit) makes every to-do in one statement at its end.
  if (!deferToUnitEnd(tx, replayTodoWork, [{ insert: list }])) await todosRepository(tx).insertUnlessPending(list);
}

/** Pending to-dos of these users on the target (of one action, if given) to mark done. */
type Resolution = { target: TodoTargetKey; userIds: readonly number[]; action?: TodoAction };
/** What a change does to to-dos, kept in order inside a whole unit. */
type TodoWork = { insert: NewTodo[] } | { resolve: Resolution };

async function resolve(tx: Db, resolution: Resolution): Promise<void> {
  if (deferToUnitEnd(tx, replayTodoWork, [{ resolve: resolution }])) return;
  await todosRepository(tx).resolveOnTarget(resolution.target, resolution.userIds, resolution.action);
}

/** The actor acted on the target without a change that makes to-dos (an emoji reaction): their pending to-dos there are done. */
export async function resolveTodosOfActor(tx: Db, actor: Actor, target: TodoTarget): Promise<void> {
  if (actor.user) await resolve(tx, { target: targetKey(target), userIds: [actor.user.id] });
}

const sameTarget = (a: TodoTargetKey, b: TodoTargetKey) =>
  a.type === 'Issue' ? b.type === 'Issue' && a.issueId === b.issueId : b.type === 'Epic' && a.epicId === b.epicId;

/**
 * The end of a whole unit (the first start, on an empty database): replays its to-do work in order
 * in memory — one pending to-do per user and target, resolutions marking pending ones done — and
 * saves the outcome in one statement, exactly the rows the same changes made one by one would leave.
 */
async function replayTodoWork(db: Db, work: TodoWork[]): Promise<void> {
  const made: (NewTodo & { state: TodoState })[] = [];
  for (const step of work) {
    if ('resolve' in step) {
      const { target, userIds, action } = step.resolve;
      for (const todo of made) {
        const settled = userIds.includes(todo.userId) && sameTarget(todo.target, target);
        if (todo.state === 'pending' && settled && (!action || todo.action === action)) todo.state = 'done';
      }
      continue;
    }
    for (const todo of step.insert) {
      const pending = made.some(
        (t) => t.state === 'pending' && t.userId === todo.userId && sameTarget(t.target, todo.target),
      );
      if (!pending) made.push({ ...todo, state: 'pending' });
    }
  }
  await todosRepository(db).insertWithStates(made);
}
