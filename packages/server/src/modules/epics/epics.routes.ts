/**
 * REST v4 epics (GitLab's ee/lib/api/epics.rb and epic_links.rb): `/groups/:id/epics` (also under
 * `/groups/:id/-/epics`), one epic, and its child epics at both `/epics/:iid/epics` (GitLab) and
 * `/epics/:iid/links` (gitbeaker's EpicLinks).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
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
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { subscriptionRoutes } from '../../http/subscription-routes.ts';
import type { Services } from '../services.ts';
import { hasEpicAttributes } from './epic-input.ts';
import { epicInputOf, listInputOf, presentEpics } from './epic-rest.ts';
import { linkedEpicEntity } from './epics.entity.ts';

export { epicsUiRoutes } from './epic-ui.routes.ts';

type GroupParams = { Params: { id: string } };
type EpicParams = { Params: { id: string; epic_iid: string } };
type ChildParams = { Params: { id: string; epic_iid: string; child_epic_id: string } };

const UPDATE_ATTRIBUTES = [
  'add_labels',
  'color',
  'confidential',
  'description',
  'due_date_fixed',
  'due_date_is_fixed',
  'labels',
  'parent_id',
  'remove_labels',
  'start_date_fixed',
  'start_date_is_fixed',
  'state_event',
  'title',
  'start_date',
  'end_date',
];

function iidOf(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new ParamError('epic_iid is invalid');
  return Number(raw);
}

function childIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ParamError('child_epic_id is invalid');
  return Number(raw);
}

export function epicsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;
  const epics = services.epics;

  async function groupOf(request: FastifyRequest<GroupParams>) {
    return await services.groups.get(request.actor, resourceId(request.params.id));
  }

  async function epicOf(request: FastifyRequest<EpicParams>) {
    const iid = iidOf(request.params.epic_iid);
    return await epics.get(request.actor, await groupOf(request), iid);
  }

  restRoutes(api, (r) => {
    for (const prefix of ['/groups/:id/epics', '/groups/:id/-/epics']) {
      r.get<GroupParams>(prefix, async (request, reply) => {
        const q = request.query as Params;
        const page = pageOf(q);
        const input = listInputOf(q);
        const withLabelsDetails = boolParam(q, 'with_labels_details') ?? false;
        const group = await groupOf(request);
        const { rows, total } = await epics.list(request.actor, { ...input, group }, page);
        setPaginationHeaders(request, reply, page, total, base);
        return await presentEpics(services, request.actor, rows, base, { withLabelsDetails });
      });

      r.post<GroupParams>(prefix, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'title');
        const input = epicInputOf(p);
        const created = await epics.create(request.actor, await groupOf(request), input);
        const [entity] = await presentEpics(services, request.actor, [created], base);
        return reply.code(201).send(entity);
      });

      r.get<EpicParams>(`${prefix}/:epic_iid`, async (request) => {
        const found = await epicOf(request);
        const [entity] = await presentEpics(services, request.actor, [found], base, { withSubscribed: true });
        return entity;
      });

      r.put<EpicParams>(`${prefix}/:epic_iid`, async (request) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        const input = epicInputOf(p);
        if (!UPDATE_ATTRIBUTES.some((k) => p[k] !== undefined) || !hasEpicAttributes(input)) {
          throw new ParamError(`${UPDATE_ATTRIBUTES.join(', ')} are missing, at least one parameter must be provided`);
        }
        const updated = await epics.update(request.actor, await epicOf(request), input);
        const [entity] = await presentEpics(services, request.actor, [updated], base, { withSubscribed: true });
        return entity;
      });

      r.delete<EpicParams>(`${prefix}/:epic_iid`, async (request, reply) => {
        requireUser(request.actor, true);
        await epics.remove(request.actor, await epicOf(request));
        return reply.code(204).send();
      });

      subscriptionRoutes<EpicParams>(r, `${prefix}/:epic_iid`, async (request, subscribed) => {
        const found = await epicOf(request);
        if ((await epics.subscribedOf(request.actor, [found.epic.id])).has(found.epic.id) === subscribed)
          return undefined;
        await epics.setSubscription(request.actor, found, subscribed);
        return (await presentEpics(services, request.actor, [found], base, { withSubscribed: true }))[0];
      });

      for (const children of ['epics', 'links']) {
        const path = `${prefix}/:epic_iid/${children}`;

        r.get<EpicParams>(path, async (request) => {
          const parent = await epicOf(request);
          const rows = await epics.listAll(request.actor, { parentId: parent.epic.id, sort: 'relative_position' });
          return await presentEpics(services, request.actor, rows, base);
        });

        r.post<ChildParams>(`${path}/:child_epic_id`, async (request, reply) => {
          requireUser(request.actor, true);
          const childId = childIdOf(request.params.child_epic_id);
          const parent = await epicOf(request);
          const child = await epics.addChild(request.actor, parent, childId);
          const [entity] = await presentEpics(services, request.actor, [child], base);
          return reply.code(201).send(entity);
        });

        r.post<EpicParams>(path, async (request, reply) => {
          requireUser(request.actor, true);
          const p = paramsOf(request);
          requireParams(p, 'title');
          const parent = await epicOf(request);
          const confidential = boolParam(p, 'confidential') ?? parent.epic.confidential;
          const child = await epics.create(request.actor, parent.group, {
            title: stringParam(p, 'title'),
            confidential,
            parentId: parent.epic.id,
          });
          return reply.code(201).send(linkedEpicEntity(child, parent, { hasChildren: false, hasIssues: false }, base));
        });

        r.put<ChildParams>(`${path}/:child_epic_id`, async (request) => {
          requireUser(request.actor, true);
          const p = paramsOf(request);
          const childId = childIdOf(request.params.child_epic_id);
          const moveBeforeId = intParam(p, 'move_before_id');
          const moveAfterId = intParam(p, 'move_after_id');
          const parent = await epicOf(request);
          await epics.reorderChild(request.actor, parent, childId, { moveBeforeId, moveAfterId });
          const rows = await epics.listAll(request.actor, { parentId: parent.epic.id, sort: 'relative_position' });
          return await presentEpics(services, request.actor, rows, base);
        });

        r.delete<ChildParams>(`${path}/:child_epic_id`, async (request) => {
          requireUser(request.actor, true);
          const childId = childIdOf(request.params.child_epic_id);
          const parent = await epicOf(request);
          const child = await epics.removeChild(request.actor, parent, childId);
          const [entity] = await presentEpics(services, request.actor, [child], base);
          return entity;
        });
      }
    }
  });
}
