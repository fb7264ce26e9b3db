/**
 * The REST and UI JSON routes of things that live in a group or a project (labels, milestones):
 * GitLab mounts the same routes under `/groups/:id/…` and `/projects/:id/…`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import { resourceId, restRoutes } from '../../http/grape-params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import type { Container } from './container.ts';

export type ContainerKind = 'groups' | 'projects';

/** The group or project of a route (404 Group/Project Not Found when missing or hidden). */
export async function containerOf(
  services: Services,
  actor: Actor,
  kind: ContainerKind,
  id: number | string,
): Promise<Container> {
  if (kind === 'groups') return { type: 'Group', group: await services.groups.get(actor, id) };
  return { type: 'Project', ...(await services.projects.get(actor, id)) };
}

/** Resolves the `:id` of a route under `/groups/:id` or `/projects/:id` to its container. */
export type ContainerOfRequest = (request: FastifyRequest<{ Params: { id: string } }>) => Promise<Container>;

/**
 * Registers `register`'s routes once for groups and once for projects (REST v4 error handling,
 * see `restRoutes`), each with its kind and the resolver of its `:id`.
 */
export function containerRestRoutes(
  api: FastifyInstance,
  services: Services,
  register: (scope: FastifyInstance, kind: ContainerKind, container: ContainerOfRequest) => void,
): void {
  for (const kind of ['groups', 'projects'] as const) {
    restRoutes(api, (scope) =>
      register(scope, kind, (request) => containerOf(services, request.actor, kind, resourceId(request.params.id))),
    );
  }
}

/**
 * A web UI JSON endpoint of a group's or project's `resource`, for both:
 * `/groups/<path>/-/<resource>.json` and `/<project-path>/-/<resource>.json`.
 */
export function containerUiRoute(
  ui: UiRouter,
  services: Services,
  method: 'GET' | 'POST',
  resource: string,
  handle: (request: FastifyRequest, reply: FastifyReply, c: Container) => Promise<unknown>,
): void {
  // The group's pattern first: a project's would also match `groups/<path>`.
  const patterns = [
    ['groups', new RegExp(`^/groups/(?<path>.+?)/-/${resource}\\.json$`)],
    ['projects', new RegExp(`^/(?<path>.+?)/-/${resource}\\.json$`)],
  ] as const;
  for (const [kind, pattern] of patterns) {
    ui.add(method, pattern, async (request, reply, params) =>
      handle(request, reply, await containerOf(services, request.actor, kind, params.path as string)),
    );
  }
}
