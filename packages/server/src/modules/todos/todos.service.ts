/**
 * To-dos (GitLab's To-Do List): a user's list of issues and epics to act on. They are made by the
 * changes that concern someone (see todo-triggers.ts) or by the user ('Add a to-do'); the user
 * marks them done, all at once, or undoes that. Every read and change is the user's own, and only
 * over to-dos whose issue or epic the user may still read (the policy's SQL), so a to-do on
 * something that became hidden disappears and answers as missing.
 */
import { sql } from 'drizzle-orm';
import type { Actor } from '../../authz/actor.ts';
import { can, visibleEpicsSql, visibleIssuesSql } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { TodoRow, TodoState } from '../../db/schema.ts';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { issueNodes } from '../issues/issue-nodes.ts';
import { loadEpics } from '../issues/issues.adapters.ts';
import { targetKey, targetSubject } from './todo-triggers.ts';
import { type TodoFilter, type TodoVisibility, todosRepository } from './todos.repository.ts';
import type { TodoTarget } from './todos.types.ts';

export type { TodoFilter } from './todos.repository.ts';

export const TODO_NOT_FOUND = 'Todo Not Found';

export function todosService(db: Db) {
  const repo = todosRepository(db);

  /** The policy's read rules for the actor, as conditions over the to-do's issue and epic. */
  async function visibility(actor: Actor): Promise<TodoVisibility> {
    const [issue, epic] = await Promise.all([
      visibleIssuesSql(db, actor, sql.raw('vis_i')),
      visibleEpicsSql(db, actor, sql.raw('vis_e'), sql.raw('vis_eg')),
    ]);
    return { issue, epic };
  }

  function userOf(actor: Actor) {
    if (!actor.user) throw new UnauthorizedError();
    return actor.user;
  }

  async function own(actor: Actor, id: number): Promise<TodoRow> {
    const user = userOf(actor);
    const row = Number.isSafeInteger(id) ? await repo.findOwn(user.id, id, await visibility(actor)) : undefined;
    if (!row) throw new NotFoundError(TODO_NOT_FOUND);
    return row;
  }

  return {
    /** One page of the actor's to-dos (pending unless `states` says otherwise). */
    async page(actor: Actor, filter: TodoFilter, page: { limit: number; offset: number; total?: number }) {
      const user = userOf(actor);
      return await repo.page(user.id, filter, await visibility(actor), page);
    },

    /** The issue or epic a to-do may be added on, if the actor may read it; hidden and missing look the same. */
    async findTarget(actor: Actor, type: 'Issue' | 'Epic', id: number): Promise<TodoTarget | undefined> {
      if (!Number.isSafeInteger(id)) return undefined;
      if (type === 'Issue') {
        const [node] = await issueNodes(db, [id]);
        return node && (await can(db, actor, 'readIssue', { type: 'Issue', ...node })) ? { type, node } : undefined;
      }
      const [node] = await loadEpics(db, [id]);
      return node && (await can(db, actor, 'readEpic', { type: 'Epic', ...node })) ? { type, node } : undefined;
    },

    /** The targets of to-dos (readable ones: the lists are filtered already), by to-do id. */
    async targetsOf(rows: readonly TodoRow[]): Promise<Map<number, TodoTarget>> {
      const issueIds = [...new Set(rows.flatMap((r) => (r.issueId === null ? [] : [r.issueId])))];
      const epicIds = [...new Set(rows.flatMap((r) => (r.epicId === null ? [] : [r.epicId])))];
      const [issues, epics] = await Promise.all([issueNodes(db, issueIds), loadEpics(db, epicIds)]);
      const issueById = new Map(issues.map((n) => [n.issue.id, n]));
      const epicById = new Map(epics.map((n) => [n.epic.id, n]));
      const out = new Map<number, TodoTarget>();
      for (const r of rows) {
        const issue = r.issueId === null ? undefined : issueById.get(r.issueId);
        const epic = r.epicId === null ? undefined : epicById.get(r.epicId);
        if (issue) out.set(r.id, { type: 'Issue', node: issue });
        else if (epic) out.set(r.id, { type: 'Epic', node: epic });
      }
      return out;
    },

    /**
     * 'Add a to-do': a `marked` to-do of the actor on the target. `created` is false when the actor
     * already has a pending one there (REST answers 304); that one is returned.
     */
    async create(actor: Actor, target: TodoTarget): Promise<{ todo: TodoRow; created: boolean }> {
      const user = userOf(actor);
      const readAbility = target.type === 'Issue' ? 'readIssue' : 'readEpic';
      if (!(await can(db, actor, readAbility, targetSubject(target)))) throw new NotFoundError();
      const key = targetKey(target);
      const [created] = await repo.insertUnlessPending([
        { userId: user.id, authorId: user.id, target: key, action: 'marked' },
      ]);
      if (created) return { todo: created, created: true };
      const targetId = key.type === 'Issue' ? key.issueId : key.epicId;
      const [pending] = await repo.ofTargets(user.id, key.type, [targetId], ['pending']);
      if (!pending) throw new NotFoundError(TODO_NOT_FOUND);
      return { todo: pending, created: false };
    },

    /** Marks one of the actor's to-dos done (one already done stays done). */
    async markDone(actor: Actor, id: number): Promise<TodoRow> {
      const row = await own(actor, id);
      if (row.state === 'done') return row;
      const [done] = await repo.markDone(row.userId, {}, await visibility(actor), [row.id]);
      return done ?? row;
    },

    /** 'Mark all as done': every pending to-do of the actor (on `target` only, when given). */
    async markAllDone(actor: Actor, target?: TodoTarget): Promise<TodoRow[]> {
      const user = userOf(actor);
      return await repo.markDone(user.id, target ? { target: targetKey(target) } : {}, await visibility(actor));
    },

    /** Undo: makes one of the actor's done to-dos pending again. */
    async restore(actor: Actor, id: number): Promise<TodoRow> {
      const row = await own(actor, id);
      if (row.state === 'pending') return row;
      const [restored] = await repo.restore(row.userId, [row.id], await visibility(actor));
      return restored ?? row;
    },

    /** Undo of 'Mark all as done': these done to-dos of the actor become pending again (others are skipped). */
    async restoreMany(actor: Actor, ids: readonly number[]): Promise<TodoRow[]> {
      const user = userOf(actor);
      return await repo.restore(user.id, ids.filter(Number.isSafeInteger), await visibility(actor));
    },

    /** The actor's to-dos on these issues or epics (callers read them), by target id. */
    async ofTargets(
      actor: Actor,
      type: 'Issue' | 'Epic',
      targetIds: readonly number[],
      states: readonly TodoState[],
    ): Promise<Map<number, TodoRow[]>> {
      const out = new Map<number, TodoRow[]>(targetIds.map((id) => [id, []]));
      if (!actor.user) return out;
      for (const row of await repo.ofTargets(actor.user.id, type, targetIds, states)) {
        const id = (type === 'Issue' ? row.issueId : row.epicId) ?? 0;
        out.get(id)?.push(row);
      }
      return out;
    },
  };
}

export type TodosService = ReturnType<typeof todosService>;
