/**
 * REST v4 issues (lib/api/issues.rb subset): lists under /issues, /groups/:id/issues and
 * /projects/:id/issues, and the single issue GET/PUT/DELETE; plus issue links and epic issues
 * (registered from their own files). Thin: parse params, call the services, shape entities.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import {
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  resourceId,
  restRoutes,
} from '../../http/grape-params.ts';
import { MAX_COUNTED, setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { subscriptionRoutes } from '../../http/subscription-routes.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { Services } from '../services.ts';
import { epicIssuesRoutes } from './epic-issues.routes.ts';
import { issueActionsUiRoutes } from './issue-actions-ui.routes.ts';
import type { IssueFilter } from './issue-filters.ts';
import type { IssueInput } from './issue-input.ts';
import { issueLinksRoutes } from './issue-links.routes.ts';
import { issueLinksUiRoutes } from './issue-links-ui.routes.ts';
import { issueListsRestRoutes, issueListsUiRoutes } from './issue-lists.routes.ts';
import { issuePageUiRoutes } from './issue-page.routes.ts';
import { issueFilterFromParams, issueInputFromParams, UPDATE_ATTRIBUTES } from './issue-params.ts';
import { presentIssues, projectIssue } from './issue-rest.ts';
import { issuesUiRoutes as registerUi } from './issues-ui.routes.ts';
import { timeTrackingRoutes } from './time-tracking.routes.ts';

type ProjectParams = { Params: { id: string } };
type IssueParams = { Params: { id: string; issue_iid: string } };

/** Resolves REST's `epic_iid` (an epic of the project's group) into `epicId`. */
async function withEpicIid(
  services: Services,
  actor: Actor,
  project: ProjectWithGroup,
  input: IssueInput & { epicIid?: number },
): Promise<IssueInput> {
  const { epicIid, ...rest } = input;
  if (epicIid === undefined || rest.epicId !== undefined) return rest;
  const epic = await services.issues.epicIssues.getEpic(actor, project.group, epicIid);
  return { ...rest, epicId: epic.epic.id };
}

export function issuesRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function sendList(
    request: FastifyRequest,
    reply: FastifyReply,
    where: (p: Params) => Promise<IssueFilter>,
    defaultScope: 'all' | 'created_by_me',
  ) {
    const q = request.query as Params;
    const page = pageOf(q);
    const { filter, scope, labelDetails } = issueFilterFromParams(q, defaultScope);
    if (scope !== 'all') requireUser(request.actor);
    const user = request.actor.user;
    const scoped: IssueFilter = {
      ...filter,
      ...(scope === 'created_by_me' && user ? { authorId: user.id } : {}),
      ...(scope === 'assigned_to_me' && user ? { assigneeId: user.id } : {}),
      ...(await where(q)),
    };
    const { rows, total, more, details } = await services.issues.list(request.actor, scoped, page, {
      countUpTo: MAX_COUNTED,
      details: true,
    });
    setPaginationHeaders(request, reply, page, total, base, more);
    return await presentIssues(services, request.actor, rows, base, { labelDetails, details });
  }

  restRoutes(api, (r) => {
    r.get('/issues', (request, reply) => sendList(request, reply, async () => ({}), 'created_by_me'));

    r.get<ProjectParams>('/groups/:id/issues', (request, reply) =>
      sendList(
        request,
        reply,
        async () => {
          const group = await services.groups.get(request.actor, resourceId(request.params.id));
          return { groupId: group.id, includeSubgroups: true };
        },
        'all',
      ),
    );

    r.get<ProjectParams>('/projects/:id/issues', (request, reply) =>
      sendList(
        request,
        reply,
        async () => {
          const project = await services.projects.get(request.actor, resourceId(request.params.id));
          return { projectId: project.project.id };
        },
        'all',
      ),
    );

    r.post<ProjectParams>('/projects/:id/issues', async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      requireParams(p, 'title');
      const input = issueInputFromParams(p);
      const project = await services.projects.get(request.actor, resourceId(request.params.id));
      const node = await services.issues.create(
        request.actor,
        project,
        await withEpicIid(services, request.actor, project, input),
      );
      const [entity] = await presentIssues(services, request.actor, [node], base);
      return reply.code(201).send(entity);
    });

    r.get<IssueParams>('/projects/:id/issues/:issue_iid', async (request) => {
      const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
      const [entity] = await presentIssues(services, request.actor, [node], base);
      return entity;
    });

    r.put<IssueParams>('/projects/:id/issues/:issue_iid', async (request) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      if (!UPDATE_ATTRIBUTES.some((name) => p[name] !== undefined)) {
        throw new ParamError(`${UPDATE_ATTRIBUTES.join(', ')} are missing, at least one parameter must be provided`);
      }
      const input = issueInputFromParams(p);
      const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
      const updated = await services.issues.update(
        request.actor,
        node,
        await withEpicIid(services, request.actor, node, input),
      );
      const [entity] = await presentIssues(services, request.actor, [updated], base);
      return entity;
    });

    r.delete<IssueParams>('/projects/:id/issues/:issue_iid', async (request, reply) => {
      requireUser(request.actor, true);
      const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
      await services.issues.remove(request.actor, node);
      return reply.code(204).send();
    });

    subscriptionRoutes<IssueParams>(r, '/projects/:id/issues/:issue_iid', async (request, subscribed) => {
      const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
      if (!(await services.issues.setSubscription(request.actor, node, subscribed))) return undefined;
      return (await presentIssues(services, request.actor, [node], base))[0];
    });

    issueLinksRoutes(r, services, config);
    issueListsRestRoutes(r, services, config);
    epicIssuesRoutes(r, services, config);
    timeTrackingRoutes(r, services);
  });
}

/** The web UI's JSON endpoints of the issues domain (issue page, epic page's issue list). */
export function issuesUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  issueListsUiRoutes(ui, services, config);
  registerUi(ui, services, config);
  issueActionsUiRoutes(ui, services, config);
  issuePageUiRoutes(ui, services, config);
  issueLinksUiRoutes(ui, services, config);
}
