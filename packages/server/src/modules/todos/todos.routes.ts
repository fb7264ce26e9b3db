/**
 * REST v4 to-dos (GitLab's lib/api/todos.rb and its EE epic route):
 * - `GET /todos` — the user's to-dos (pending unless `state=done`), newest first, paginated;
 *   filters `action`, `author_id`, `project_id`, `group_id`, `state`, `type`;
 * - `POST /todos/:id/mark_as_done` — 201 with the to-do; `POST /todos/mark_as_done` — 204;
 * - `POST /projects/:id/issues/:issue_iid/todo`, `POST /groups/:id/epics/:epic_iid/todo` (and
 *   gitbeaker's `…/todos`) — 201 with the new to-do, 304 when the user already has a pending one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { TodoAction, TodoRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import {
  intParam,
  oneOfParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  resourceId,
  restRoutes,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { projectIssue } from '../issues/issue-rest.ts';
import type { Services } from '../services.ts';
import { presentTodos } from './todos.entity.ts';
import type { TodoFilter } from './todos.service.ts';
import type { TodoNode } from './todos.types.ts';

/** GitLab's `action` values (Milepost makes the first four; the others find nothing). */
const ACTIONS = [
  'assigned',
  'mentioned',
  'marked',
  'directly_addressed',
  'build_failed',
  'approval_required',
  'unmergeable',
  'merge_train_removed',
  'review_requested',
  'member_access_requested',
  'review_submitted',
] as const;
/** GitLab's `type` values (Milepost has to-dos on issues and epics only). */
const TYPES = [
  'Issue',
  'Epic',
  'MergeRequest',
  'Commit',
  'DesignManagement::Design',
  'AlertManagement::Alert',
  'Namespace',
  'Project',
  'Key',
  'WikiPage::Meta',
] as const;

function filterOf(p: Params): TodoFilter | undefined {
  const action = oneOfParam(p, 'action', ACTIONS);
  const type = oneOfParam(p, 'type', TYPES);
  const state = oneOfParam(p, 'state', ['pending', 'done'] as const);
  const one = (name: string) => {
    const id = intParam(p, name);
    return id === undefined ? undefined : [id];
  };
  if (type !== undefined && type !== 'Issue' && type !== 'Epic') return undefined;
  return {
    states: [state ?? 'pending'],
    actions: action === undefined ? undefined : [action as TodoAction],
    authorIds: one('author_id'),
    projectIds: one('project_id'),
    groupIds: one('group_id'),
    types: type === undefined ? undefined : [type],
  };
}

/** REST v4 routes of the to-dos domain (mounted under /api/v4). */
export function todosRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function present(request: { actor: Actor }, nodes: TodoNode[]) {
    return await presentTodos(services, request.actor, nodes, base);
  }

  async function nodeOf(row: TodoRow): Promise<TodoNode> {
    const target = (await services.todos.targetsOf([row])).get(row.id);
    if (!target) throw new NotFoundError('Todo Not Found');
    return { todo: row, target };
  }

  restRoutes(api, (r) => {
    r.get('/todos', async (request, reply) => {
      requireUser(request.actor);
      const p = paramsOf(request);
      const page = pageOf(p);
      const filter = filterOf(p);
      if (!filter) {
        setPaginationHeaders(request, reply, page, 0, base);
        return [];
      }
      const { rows, total } = await services.todos.page(request.actor, filter, page);
      const targets = await services.todos.targetsOf(rows);
      const nodes = rows.flatMap((todo) => {
        const target = targets.get(todo.id);
        return target ? [{ todo, target }] : [];
      });
      setPaginationHeaders(request, reply, page, total, base, rows.length === page.limit);
      return await present(request, nodes);
    });

    r.post('/todos/mark_as_done', async (request, reply) => {
      requireUser(request.actor, true);
      await services.todos.markAllDone(request.actor);
      return reply.code(204).send();
    });

    r.post<{ Params: { id: string } }>('/todos/:id/mark_as_done', async (request, reply) => {
      requireUser(request.actor, true);
      if (!/^\d+$/.test(request.params.id)) throw new ParamError('id is invalid');
      const row = await services.todos.markDone(request.actor, Number(request.params.id));
      const [entity] = await present(request, [await nodeOf(row)]);
      return reply.code(201).send(entity);
    });

    /** 'Add a to-do': 201 with it, or 304 when the user already has a pending one there. */
    async function create(request: { actor: Actor }, target: TodoNode['target'], reply: FastifyReply) {
      const { todo, created } = await services.todos.create(request.actor, target);
      if (!created) return reply.code(304).send();
      const [entity] = await present(request, [{ todo, target }]);
      return reply.code(201).send(entity);
    }

    r.post<{ Params: { id: string; issue_iid: string } }>(
      '/projects/:id/issues/:issue_iid/todo',
      async (request, reply) => {
        requireUser(request.actor, true);
        const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
        return await create(request, { type: 'Issue', node }, reply);
      },
    );

    for (const path of ['/groups/:id/epics/:epic_iid/todo', '/groups/:id/epics/:epic_iid/todos']) {
      r.post<{ Params: { id: string; epic_iid: string } }>(path, async (request, reply) => {
        requireUser(request.actor, true);
        if (!/^\d{1,9}$/.test(request.params.epic_iid)) throw new NotFoundError('Epic Not Found');
        const group = await services.groups.get(request.actor, resourceId(request.params.id));
        const node = await services.epics.get(request.actor, group, Number(request.params.epic_iid));
        return await create(request, { type: 'Epic', node }, reply);
      });
    }
  });
}
