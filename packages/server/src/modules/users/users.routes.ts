import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { boolParam, paramsOf } from '../../http/grape-params.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { numericId, requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { userPrivate, userPublic } from './users.entity.ts';

export function usersRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  api.get('/user', async (request) => {
    requireUser(request.actor);
    return userPrivate(request.actor.user!, base);
  });

  api.get('/users', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const page = pageParams(query);
    const { rows, total } = await services.users.list(request.actor, {
      search: typeof query.search === 'string' ? query.search : undefined,
      username: typeof query.username === 'string' ? query.username : undefined,
      limit: page.limit,
      offset: page.offset,
    });
    setPaginationHeaders(request, reply, page, total, base);
    const admin = request.actor.user?.admin === true;
    return rows.map((u) => (admin ? userPrivate(u, base) : userPublic(u, base)));
  });

  api.get<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = await services.users.get(request.actor, numericId(request.params.id));
    const self = request.actor.user?.id === user.id || request.actor.user?.admin === true;
    return self ? userPrivate(user, base) : userPublic(user, base);
  });

  /** GitLab's admin `PUT /users/:id`: name, email, public_email, bio, admin, projects_limit, password. */
  api.put<{ Params: { id: string } }>('/users/:id', async (request) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    const user = await services.adminUsers.update(request.actor, numericId(request.params.id), {
      name: p.name,
      email: p.email,
      publicEmail: p.public_email,
      bio: p.bio,
      admin: p.admin,
      projectsLimit: p.projects_limit,
      password: p.password,
    });
    return userPrivate(user, base);
  });

  for (const event of ['block', 'unblock', 'deactivate', 'activate'] as const) {
    api.post<{ Params: { id: string } }>(`/users/:id/${event}`, async (request, reply) => {
      requireUser(request.actor, true);
      await services.adminUsers.changeState(request.actor, numericId(request.params.id), event);
      return reply.code(201).send(true);
    });
  }

  /** Deletes the user; their issues, epics and comments stay, by the Ghost User (GitLab's default). */
  api.delete<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    requireUser(request.actor, true);
    await services.adminUsers.remove(request.actor, numericId(request.params.id));
    return reply.code(204).send();
  });

  api.post('/users', async (request, reply) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    const user = await services.users.create(request.actor, { ...p, admin: boolParam(p, 'admin') ?? false });
    return reply.code(201).send(userPrivate(user, base));
  });
}

/** GitLab's admin area path `PUT /admin/users/:username/unlock` ('Unlock' on a locked user). */
export function usersAdminUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  ui.add('PUT', /^\/admin\/users\/(?<username>[^/]+)\/unlock$/, async (request, _reply, params) => {
    requireUser(request.actor, true);
    const user = await services.auth.unlockUser(request.actor, params.username ?? '');
    return { message: 'Successfully unlocked', user: userPrivate(user, config.externalUrl) };
  });
}
