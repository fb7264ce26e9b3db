import multipart from '@fastify/multipart';
import { isMemberAccessLevel } from '@milepost/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { GroupRow } from '../../db/schema.ts';
import {
  boolParam,
  intParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  resourceId,
  restRoutes,
  stringParam,
  visibilityParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { presentProjects } from '../projects/projects.entity.ts';
import type { Services } from '../services.ts';
import { paramsWithAvatar } from '../uploads/multipart-params.ts';
import { groupDetailEntity, groupEntity } from './groups.entity.ts';

// ---------------------------------------------------------------------------------------------
// Groups: GitLab's `lib/api/groups.rb` subset.
// ---------------------------------------------------------------------------------------------

type IdParams = { Params: { id: string } };

export function groupsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function present(rows: GroupRow[]) {
    const names = await services.groups.fullNames(rows);
    return rows.map((g) => groupEntity(g, names.get(g.id) ?? g.name, base));
  }

  async function presentDetail(actor: Actor, group: GroupRow, withProjects = true) {
    const names = await services.groups.fullNames([group]);
    let projects: unknown[] | undefined;
    if (withProjects) {
      const { rows } = await services.projects.list(actor, { groupId: group.id, limit: 100, offset: 0 });
      projects = await presentProjects(services, rows, base);
    }
    return groupDetailEntity(group, names.get(group.id) ?? group.name, base, projects);
  }

  /** `GET /groups`, `/subgroups` and `/descendant_groups`: parameters first (as Grape), then the group. */
  async function sendList(
    request: FastifyRequest<IdParams>,
    reply: FastifyReply,
    scope?: (group: GroupRow) => { parentId: number } | { descendantOf: number },
  ) {
    const q = request.query as Params;
    const page = pageOf(q);
    const minAccessLevel = intParam(q, 'min_access_level');
    if (minAccessLevel !== undefined && !isMemberAccessLevel(minAccessLevel)) {
      throw new ParamError('min_access_level does not have a valid value');
    }
    const filter = {
      search: stringParam(q, 'search'),
      topLevelOnly: boolParam(q, 'top_level_only'),
      // Inside a group, every subgroup the caller may see is listed (not only their own).
      allAvailable: boolParam(q, 'all_available') ?? (scope ? true : undefined),
      owned: boolParam(q, 'owned'),
      minAccessLevel,
    };
    const within = scope ? scope(await services.groups.get(request.actor, resourceId(request.params.id))) : {};
    const { rows, total } = await services.groups.listAvailable(request.actor, {
      ...filter,
      ...within,
      limit: page.limit,
      offset: page.offset,
    });
    setPaginationHeaders(request, reply, page, total, base);
    return await present(rows);
  }

  restRoutes(api, (r) => {
    // `PUT …/:id` takes GitLab's `avatar` as a multipart file (a blank `avatar` removes it).
    r.register(multipart, { throwFileSizeLimit: true });
    r.get<IdParams>('/groups', (request, reply) => sendList(request, reply));

    r.post('/groups', async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      requireParams(p, 'name', 'path');
      const group = await services.groups.create(request.actor, {
        name: p.name,
        path: p.path,
        description: p.description,
        visibility: visibilityParam(p),
        parentId: intParam(p, 'parent_id') ?? null,
      });
      return reply.code(201).send(await presentDetail(request.actor, group));
    });

    r.get<IdParams>('/groups/:id', async (request) => {
      const withProjects = boolParam(request.query as Params, 'with_projects') ?? true;
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      return await presentDetail(request.actor, group, withProjects);
    });

    r.put<IdParams>('/groups/:id', async (request) => {
      requireUser(request.actor, true);
      const { params: p, avatar } = await paramsWithAvatar(request, services.avatars.maxBytes);
      const visibility = visibilityParam(p);
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      const input = { name: p.name, path: p.path, description: p.description, visibility };
      let updated = group;
      // Fields first (their errors change nothing), then the avatar.
      if (avatar === undefined || Object.values(input).some((v) => v !== undefined)) {
        updated = await services.groups.update(request.actor, group, input);
      }
      if (avatar !== undefined) {
        const avatarUrl = await services.avatars.setFor(request.actor, { type: 'Group', group: updated }, avatar);
        updated = { ...updated, avatarUrl };
      }
      return await presentDetail(request.actor, updated);
    });

    r.delete<IdParams>('/groups/:id', async (request, reply) => {
      requireUser(request.actor, true);
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      await services.groups.remove(request.actor, group);
      return reply.code(202).send({ message: '202 Accepted' });
    });

    r.get<IdParams>('/groups/:id/subgroups', (request, reply) =>
      sendList(request, reply, (group) => ({ parentId: group.id })),
    );

    r.get<IdParams>('/groups/:id/descendant_groups', (request, reply) =>
      sendList(request, reply, (group) => ({ descendantOf: group.id })),
    );

    r.get<IdParams>('/groups/:id/projects', async (request, reply) => {
      const q = request.query as Params;
      const page = pageOf(q);
      const search = stringParam(q, 'search');
      const simple = boolParam(q, 'simple') ?? false;
      const includeSubgroups = boolParam(q, 'include_subgroups') ?? false;
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      const { rows, total } = await services.projects.list(request.actor, {
        search,
        ...(includeSubgroups ? { underGroupId: group.id } : { groupId: group.id }),
        limit: page.limit,
        offset: page.offset,
      });
      setPaginationHeaders(request, reply, page, total, base);
      return await presentProjects(services, rows, base, { simple });
    });
  });
}
