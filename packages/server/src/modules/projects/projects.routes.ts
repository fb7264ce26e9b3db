import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import {
  boolParam,
  intParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  resourceId,
  restRoutes,
  stringParam,
  visibilityParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { paramsWithAvatar } from '../uploads/multipart-params.ts';
import { presentProject, presentProjects } from './projects.entity.ts';

type IdParams = { Params: { id: string } };

/** GitLab's `lib/api/projects.rb` subset. */
export function projectsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  restRoutes(api, (r) => {
    // `PUT …/:id` takes GitLab's `avatar` as a multipart file (a blank `avatar` removes it).
    r.register(multipart, { throwFileSizeLimit: true });
    r.get('/projects', async (request, reply) => {
      const q = request.query as Params;
      const page = pageOf(q);
      const search = stringParam(q, 'search');
      const membership = boolParam(q, 'membership') ?? false;
      // As GitLab: signed-out visitors always get the simple entity.
      const simple = (boolParam(q, 'simple') ?? false) || !request.actor.user;
      const { rows, total } = await services.projects.list(request.actor, {
        search,
        membership,
        limit: page.limit,
        offset: page.offset,
      });
      setPaginationHeaders(request, reply, page, total, base);
      return await presentProjects(services, rows, base, { simple });
    });

    r.post('/projects', async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      if (p.name === undefined && p.path === undefined) {
        throw new ParamError('name, path are missing, at least one parameter must be provided');
      }
      const found = await services.projects.create(request.actor, {
        name: p.name,
        path: p.path,
        description: p.description,
        visibility: visibilityParam(p),
        groupId: intParam(p, 'namespace_id'),
      });
      return reply.code(201).send(await presentProject(services, found, base));
    });

    r.get<IdParams>('/projects/:id', async (request) => {
      const found = await services.projects.get(request.actor, resourceId(request.params.id));
      return await presentProject(services, found, base);
    });

    r.put<IdParams>('/projects/:id', async (request) => {
      requireUser(request.actor, true);
      const { params: p, avatar } = await paramsWithAvatar(request, services.avatars.maxBytes);
      const visibility = visibilityParam(p);
      const found = await services.projects.get(request.actor, resourceId(request.params.id));
      const input = { name: p.name, path: p.path, description: p.description, visibility };
      let updated = found;
      // Fields first (their errors change nothing), then the avatar.
      if (avatar === undefined || Object.values(input).some((v) => v !== undefined)) {
        updated = await services.projects.update(request.actor, found, input);
      }
      if (avatar !== undefined) {
        const avatarUrl = await services.avatars.setFor(request.actor, { type: 'Project', ...updated }, avatar);
        updated = { ...updated, project: { ...updated.project, avatarUrl } };
      }
      return await presentProject(services, updated, base);
    });

    r.delete<IdParams>('/projects/:id', async (request, reply) => {
      requireUser(request.actor, true);
      const found = await services.projects.get(request.actor, resourceId(request.params.id));
      await services.projects.remove(request.actor, found);
      return reply.code(202).send({ message: '202 Accepted' });
    });
  });
}
