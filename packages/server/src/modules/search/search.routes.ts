/**
 * REST v4 search (GitLab's `lib/api/search.rb`): `GET /search`, `/groups/:id/search` and
 * `/projects/:id/search` with `search`, `scope`, `state`, `confidential`, `order_by=created_at`,
 * `sort` and pages; each scope answers GitLab's entity of its kind. Without `order_by` the matches
 * come ranked. GitLab's scopes of things Milepost does not hold (merge requests, code…) answer `[]`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import {
  boolParam,
  oneOfParam,
  type Params,
  pageOf,
  requireParams,
  resourceId,
  restRoutes,
  stringParam,
} from '../../http/grape-params.ts';
import { MAX_COUNTED, setPaginationHeaders } from '../../http/pagination.ts';
import { presentEpics } from '../epics/epic-rest.ts';
import { groupEntity } from '../groups/groups.entity.ts';
import { presentIssues } from '../issues/issue-rest.ts';
import { milestoneEntity } from '../milestones/milestones.entity.ts';
import { presentProjects } from '../projects/projects.entity.ts';
import type { Services } from '../services.ts';
import { userBasic } from '../users/users.entity.ts';
import {
  EMPTY_GITLAB_SCOPES,
  SCOPES_WITHIN,
  type SearchResults,
  type SearchScope,
  type SearchWhere,
} from './search.service.ts';

type IdParams = { Params: { id: string } };

export function searchRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function present(request: FastifyRequest, results: SearchResults): Promise<unknown[]> {
    switch (results.scope) {
      case 'issues':
        return await presentIssues(services, request.actor, results.rows, base);
      case 'epics':
        return await presentEpics(services, request.actor, results.rows, base);
      case 'milestones': {
        const info = await services.milestones.containerInfo(results.rows.map((m) => m.id));
        return results.rows.map((m) => milestoneEntity(m, info.get(m.id), base));
      }
      case 'groups': {
        const names = await services.groups.fullNames(results.rows);
        return results.rows.map((g) => groupEntity(g, names.get(g.id) ?? g.name, base));
      }
      case 'projects':
        return await presentProjects(
          services,
          results.rows.map((r) => r.project),
          base,
        );
      case 'users':
        return results.rows.map((u) => userBasic(u, base));
    }
  }

  async function send(request: FastifyRequest, reply: FastifyReply, where: () => Promise<SearchWhere>) {
    const q = request.query as Params;
    requireParams(q, 'search', 'scope');
    const search = stringParam(q, 'search');
    const scopes = [...SCOPES_WITHIN.global, ...EMPTY_GITLAB_SCOPES];
    const scope = oneOfParam(q, 'scope', scopes);
    const state = oneOfParam(q, 'state', ['opened', 'closed', 'all'] as const);
    const confidential = boolParam(q, 'confidential');
    const orderBy = oneOfParam(q, 'order_by', ['created_at'] as const);
    const sort = oneOfParam(q, 'sort', ['asc', 'desc'] as const);
    const page = pageOf(q);
    const place = await where();
    if ((EMPTY_GITLAB_SCOPES as readonly string[]).includes(scope ?? '')) {
      setPaginationHeaders(request, reply, page, 0, base);
      return [];
    }
    const results = await services.search.search(request.actor, {
      search: search ?? '',
      scope: scope as SearchScope,
      where: place,
      state: state === 'all' ? undefined : state,
      confidential,
      order: orderBy || sort ? (sort === 'asc' ? 'created_asc' : 'created_desc') : 'relevance',
      limit: page.limit,
      offset: page.offset,
      countUpTo: MAX_COUNTED,
    });
    setPaginationHeaders(request, reply, page, results.total, base, results.total > page.offset + page.limit);
    return await present(request, results);
  }

  restRoutes(api, (r) => {
    r.get('/search', (request, reply) => send(request, reply, async () => ({ kind: 'global' })));
    r.get<IdParams>('/groups/:id/search', (request, reply) =>
      send(request, reply, async () => ({
        kind: 'group',
        group: await services.groups.get(request.actor, resourceId(request.params.id)),
      })),
    );
    r.get<IdParams>('/projects/:id/search', (request, reply) =>
      send(request, reply, async () => ({
        kind: 'project',
        project: await services.projects.get(request.actor, resourceId(request.params.id)),
      })),
    );
  });
}
