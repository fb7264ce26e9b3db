import { isMemberAccessLevel, isVisibilityName } from '@milepost/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { GroupRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type Page, pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { bool, idOrPath, requireUser } from '../../http/params.ts';
import { presentProjects } from '../projects/projects.entity.ts';
import type { Services } from '../services.ts';
import { groupDetailEntity, groupEntity } from './groups.entity.ts';

// ---------------------------------------------------------------------------------------------
// Grape-style parameter helpers shared by the REST v4 routes (groups, projects, members, tokens).
// ---------------------------------------------------------------------------------------------

export type Params = Record<string, unknown>;

/** A Grape parameter failure, rendered 400 `{"error": "name is missing"}` by `restRoutes`. */
export class ParamError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** Messages of shared helpers and services that are parameter failures in Grape's words. */
const GRAPE_MESSAGE =
  /^[a-z_]+(\[\])?(, [a-z_]+)* (is missing|are missing|is invalid|does not have a valid value|has a value not allowed)/;

/**
 * Registers routes in a scope of their own whose error handler renders parameter failures as
 * GitLab's Grape does (`{"error": …}`); every other error goes on to the app's handler.
 */
export function restRoutes(api: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  api.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      if (
        error instanceof AppError &&
        error.status === 400 &&
        !error.fields &&
        (error instanceof ParamError || GRAPE_MESSAGE.test(error.message))
      ) {
        return reply.code(400).send({ error: error.message });
      }
      throw error;
    });
    register(scope);
  });
}

/** Grape's `params`: the query string and the (JSON or form) body together. */
export function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
  return { ...(request.query as Params), ...body };
}

export function stringParam(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ParamError(`${name} is invalid`);
  return v;
}

export function intParam(p: Params, name: string): number | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  throw new ParamError(`${name} is invalid`);
}

/** `ids[]=1&ids[]=2`, `ids=1,2` or a JSON array. */
export function intListParam(p: Params, name: string): number[] | undefined {
  const v = p[name];
  if (v === undefined || v === '') return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  return items.map((item) => {
    const n = intParam({ [name]: typeof item === 'string' ? item.trim() : item }, name);
    if (n === undefined) throw new ParamError(`${name} is invalid`);
    return n;
  });
}

export function boolParam(p: Params, name: string): boolean | undefined {
  try {
    return bool(p[name]);
  } catch {
    throw new ParamError(`${name} is invalid`);
  }
}

/** Grape's `values:` check for `visibility`. */
export function visibilityParam(p: Params): string | undefined {
  const v = p.visibility;
  if (v === undefined) return undefined;
  if (!isVisibilityName(v)) throw new ParamError('visibility does not have a valid value');
  return v;
}

/** Grape's `requires`: 'name is missing, path is missing'. */
export function requireParams(p: Params, ...names: string[]): void {
  const missing = names.filter((n) => p[n] === undefined || p[n] === null);
  if (missing.length) throw new ParamError(missing.map((n) => `${n} is missing`).join(', '));
}

/** Offset pagination with GitLab's refusals of `page`/`per_page` below 1. */
export function pageOf(query: Params): Page {
  for (const name of ['page', 'per_page']) {
    const v = query[name];
    if (typeof v !== 'string' || !/^-?\d+$/.test(v)) continue;
    if (name === 'per_page' && Number(v) === 0) throw new ParamError('per_page has a value not allowed');
    if (Number(v) < 1) throw new ParamError(`${name} does not have a valid value`);
  }
  return pageParams(query);
}

/** `:id` as a number or a URL-encoded full path; a malformed one simply finds nothing. */
export function resourceId(raw: string): number | string {
  try {
    return idOrPath(raw);
  } catch {
    return raw;
  }
}

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
      const p = paramsOf(request);
      const visibility = visibilityParam(p);
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      const updated = await services.groups.update(request.actor, group, {
        name: p.name,
        path: p.path,
        description: p.description,
        visibility,
      });
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
