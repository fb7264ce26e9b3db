/**
 * REST v4 `GET /events` (GitLab's lib/api/events.rb): the signed-in user's events, or with
 * `scope=all` every event in their groups and projects — only on things they may read. Filters
 * `action`, `target_type`, `before`, `after` (days, exclusive), `sort` (`desc` by default);
 * GitLab's pagination headers. GitLab's actions and target types Milepost has no source for (push,
 * merge requests, wiki…) are accepted and find nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import {
  oneOfParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  restRoutes,
  stringParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { userBasic } from '../users/users.entity.ts';
import type { EventQuery } from './events.service.ts';
import type { EventAction, EventRow, EventTargetType } from './events.types.ts';

const ACTIONS = [
  'approved',
  'closed',
  'commented',
  'created',
  'destroyed',
  'expired',
  'joined',
  'left',
  'merged',
  'pushed',
  'reopened',
  'updated',
] as const;
const TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user', 'epic'] as const;
const OWN_TARGETS: Partial<Record<(typeof TARGET_TYPES)[number], EventTargetType>> = {
  issue: 'Issue',
  milestone: 'Milestone',
  note: 'Note',
  epic: 'Epic',
};

function dayParam(p: Params, name: string): string | undefined {
  const value = stringParam(p, name);
  if (value === undefined || value === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new ParamError(`${name} is invalid`);
  return value;
}

/** The query, or undefined when a filter names something Milepost never records. */
function queryOf(p: Params): Omit<EventQuery, 'authorId' | 'memberOf'> | undefined {
  const action = oneOfParam(p, 'action', ACTIONS);
  const targetType = oneOfParam(p, 'target_type', TARGET_TYPES);
  const sort = oneOfParam(p, 'sort', ['asc', 'desc'] as const);
  const after = dayParam(p, 'after');
  const before = dayParam(p, 'before');
  const own = targetType === undefined ? undefined : OWN_TARGETS[targetType];
  if (targetType !== undefined && own === undefined) return undefined;
  if (action !== undefined && !['created', 'closed', 'reopened', 'commented'].includes(action)) return undefined;
  return {
    filter: 'all',
    actions: action === undefined ? undefined : [action as EventAction],
    targetTypes: own === undefined ? undefined : [own],
    after,
    before,
    ascending: sort === 'asc',
  };
}

/** GitLab's action names: 'opened' (created and reopened), 'closed', 'commented on'. */
function actionName(e: EventRow): string {
  if (e.action === 'closed') return 'closed';
  if (e.action === 'commented') return 'commented on';
  return 'opened';
}

export function eventsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;
  restRoutes(api, (r) => {
    r.get('/events', async (request, reply) => {
      requireUser(request.actor);
      const p = paramsOf(request);
      const page = pageOf(p);
      const scope = oneOfParam(p, 'scope', ['all'] as const);
      const query = queryOf(p);
      if (!query) {
        setPaginationHeaders(request, reply, page, 0, base);
        return [];
      }
      const { rows, total } = await services.events.page(
        request.actor,
        scope === 'all' ? 'memberships' : 'own',
        query,
        page,
      );
      const authors = await services.events.authors(rows);
      setPaginationHeaders(request, reply, page, total, base, rows.length === page.limit);
      return rows.map((e) => {
        const author = authors.get(e.authorId);
        const targetId = e.noteId ?? e.issueId ?? e.epicId ?? e.milestoneId;
        return {
          id: e.id,
          project_id: e.projectId,
          ...(e.groupId !== null ? { group_id: e.groupId } : {}),
          action_name: actionName(e),
          target_id: targetId,
          target_iid: e.noteId !== null ? targetId : e.targetIid,
          target_type: e.noteId !== null ? 'Note' : e.targetType,
          author_id: e.authorId,
          target_title: e.targetTitle,
          created_at: e.createdAt.toISOString(),
          ...(e.noteId !== null
            ? {
                note: {
                  id: e.noteId,
                  body: e.noteBody ?? '',
                  noteable_type: e.epicId !== null ? 'Epic' : 'Issue',
                  noteable_iid: e.targetIid,
                },
              }
            : {}),
          author: author ? userBasic(author, base) : null,
          author_username: author?.username ?? null,
          imported: false,
          imported_from: 'none',
        };
      });
    });
  });
}
