import type { IterationStateFilter } from '@milepost/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import {
  boolParam,
  listParam,
  ParamError,
  type Params,
  pageOf,
  stringParam,
  timeParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { type ContainerOfRequest, containerRestRoutes } from '../containers/container-rest.ts';
import type { Services } from '../services.ts';
import { iterationEntity } from './iterations.entity.ts';

type IdParams = { Params: { id: string } };
const STATES = ['opened', 'upcoming', 'current', 'started', 'closed', 'all'] as const;

/** REST v4 `GET /groups/:id/iterations` and `GET /projects/:id/iterations` (the project's groups'), GitLab's params. */
export function iterationsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  async function list(container: ContainerOfRequest, request: FastifyRequest<IdParams>, reply: FastifyReply) {
    const c = await container(request);
    const q = request.query as Params;
    const page = pageOf(q);
    const state = stringParam(q, 'state');
    if (state !== undefined && state !== '' && !(STATES as readonly string[]).includes(state)) {
      throw new ParamError('state does not have a valid value');
    }
    const inFields = listParam(q, 'in');
    if (inFields?.some((f) => f !== 'title' && f !== 'cadence_title')) {
      throw new ParamError('in does not have a valid value');
    }
    const updatedBefore = timeParam(q, 'updated_before');
    const updatedAfter = timeParam(q, 'updated_after');
    const { rows, total } = await services.iterations.listForGroup(request.actor, c.group, {
      state: (state === 'started' ? 'current' : state || 'all') as IterationStateFilter,
      search: stringParam(q, 'search') || undefined,
      searchIn: inFields as ('title' | 'cadence_title')[] | undefined,
      includeAncestors: c.type === 'Project' ? true : (boolParam(q, 'include_ancestors') ?? true),
      includeDescendants: c.type === 'Group' ? (boolParam(q, 'include_descendants') ?? false) : false,
      updatedBefore: updatedBefore ? new Date(updatedBefore) : undefined,
      updatedAfter: updatedAfter ? new Date(updatedAfter) : undefined,
      limit: page.limit,
      offset: page.offset,
    });
    setPaginationHeaders(request, reply, page, total, config.externalUrl);
    const paths = await services.iterations.groupPaths(rows);
    return rows.map((it) => iterationEntity(it, paths.get(it.groupId) ?? '', config.externalUrl));
  }

  containerRestRoutes(api, services, (r, kind, container) => {
    r.get<IdParams>(`/${kind}/:id/iterations`, async (request, reply) => list(container, request, reply));
  });
}
