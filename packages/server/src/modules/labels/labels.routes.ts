import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { LabelRow } from '../../db/schema.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  boolParam,
  intListParam,
  intParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  stringParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import { subscriptionRoutes } from '../../http/subscription-routes.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import { containerRestRoutes, containerUiRoute } from '../containers/container-rest.ts';
import type { Services } from '../services.ts';
import { labelAppearance, labelEntity } from './labels.entity.ts';
import { LABEL_EXISTS, type LabelContainer } from './labels.service.ts';

type IdParams = { Params: { id: string } };
type LabelParams = { Params: { id: string; label_id: string } };

const UI_LIMIT = 1000;

/** REST v4 routes of the labels domain (mounted under /api/v4). */
export function labelsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  async function list(c: LabelContainer, request: FastifyRequest<IdParams>, reply: FastifyReply) {
    const q = request.query as Params;
    const page = pageOf(q);
    const includeAncestorGroups = boolParam(q, 'include_ancestor_groups') ?? true;
    const includeDescendantGroups = boolParam(q, 'include_descendant_groups') ?? false;
    const onlyGroupLabels = boolParam(q, 'only_group_labels') ?? true;
    const withCounts = boolParam(q, 'with_counts') ?? false;
    const search = stringParam(q, 'search') || undefined;
    const { rows, total } = await services.labels.listIn(request.actor, c, {
      search,
      includeAncestorGroups,
      includeDescendantGroups,
      onlyGroupLabels,
      limit: page.limit,
      offset: page.offset,
    });
    setPaginationHeaders(request, reply, page, total, config.externalUrl);
    return await present(request.actor, c, rows, withCounts);
  }

  async function present(actor: Actor, c: LabelContainer, rows: LabelRow[], withCounts: boolean) {
    const ids = rows.map((l) => l.id);
    const counts = withCounts ? await services.labels.issueCounts(actor, ids) : undefined;
    const subscribed = await services.labels.subscribedIds(actor, ids);
    const priorities = await services.labels.prioritiesIn(c, ids);
    return rows.map((l) => ({
      ...labelEntity(l, subscribed.has(l.id), priorities.get(l.id) ?? null),
      ...(counts
        ? {
            open_issues_count: counts.get(l.id)?.opened ?? 0,
            closed_issues_count: counts.get(l.id)?.closed ?? 0,
            open_merge_requests_count: 0,
          }
        : {}),
    }));
  }

  async function findLabel(c: LabelContainer, actor: Actor, idOrName: string, includeAncestors: boolean) {
    const label = await services.labels.find(actor, c, idOrName, { includeAncestors });
    if (!label) throw new NotFoundError('Label Not Found');
    return label;
  }

  function changes(p: Params) {
    return {
      title: p.new_name === undefined ? undefined : p.new_name,
      color: p.color === undefined ? undefined : p.color,
      description: p.description === undefined ? undefined : p.description,
    };
  }

  function requireOneChange(p: Params) {
    if (p.new_name === undefined && p.color === undefined && p.description === undefined && p.priority === undefined) {
      throw new ParamError(
        'new_name, color, description, priority are missing, at least one parameter must be provided',
      );
    }
  }

  /** REST's `priority`: a non-negative integer, or empty/null to remove it; undefined when not sent. */
  function priorityOf(p: Params): number | null | undefined {
    if (p.priority === undefined) return undefined;
    if (p.priority === null || p.priority === '') return null;
    const n = intParam(p, 'priority');
    if (n === undefined || n < 0) throw new ParamError('priority is invalid');
    return n;
  }

  /** PUT's changes: the label's attributes, then its priority in the project. */
  async function applyChanges(actor: Actor, c: LabelContainer, label: LabelRow, p: Params) {
    const priority = priorityOf(p);
    const updated =
      p.new_name === undefined && p.color === undefined && p.description === undefined
        ? label
        : await services.labels.update(actor, c, label, changes(p));
    if (priority !== undefined) await services.labels.setPriority(actor, c, updated, priority);
    return (await present(actor, c, [updated], false))[0];
  }

  containerRestRoutes(api, services, (r, kind, container) => {
    r.get<IdParams>(`/${kind}/:id/labels`, async (request, reply) => list(await container(request), request, reply));

    r.post<IdParams>(`/${kind}/:id/labels`, async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      requireParams(p, 'name', 'color');
      const priority = priorityOf(p);
      const c = await container(request);
      const label = await services.labels.create(request.actor, c, {
        title: p.name,
        color: p.color,
        description: p.description,
      });
      if (priority !== undefined && priority !== null)
        await services.labels.setPriority(request.actor, c, label, priority);
      return reply.code(201).send((await present(request.actor, c, [label], false))[0]);
    });

    r.get<LabelParams>(`/${kind}/:id/labels/:label_id`, async (request) => {
      const q = request.query as Params;
      const includeAncestors = boolParam(q, 'include_ancestor_groups') ?? true;
      const c = await container(request);
      return (
        await present(
          request.actor,
          c,
          [await findLabel(c, request.actor, request.params.label_id, includeAncestors)],
          false,
        )
      )[0];
    });

    r.put<LabelParams>(`/${kind}/:id/labels/:label_id`, async (request) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      requireOneChange(p);
      const c = await container(request);
      // A project may rank its groups' labels too: `priority` alone finds those as well.
      const onlyPriority = p.new_name === undefined && p.color === undefined && p.description === undefined;
      const label = await findLabel(c, request.actor, request.params.label_id, onlyPriority);
      return await applyChanges(request.actor, c, label, p);
    });

    r.put<LabelParams>(`/${kind}/:id/labels/:label_id/promote`, async (request) => {
      requireUser(request.actor, true);
      const c = await container(request);
      const label = await findLabel(c, request.actor, request.params.label_id, false);
      return labelEntity(await services.labels.promote(request.actor, c, label));
    });

    r.delete<LabelParams>(`/${kind}/:id/labels/:label_id`, async (request, reply) => {
      requireUser(request.actor, true);
      const c = await container(request);
      const label = await findLabel(c, request.actor, request.params.label_id, false);
      await services.labels.remove(request.actor, c, label);
      return reply.code(204).send();
    });

    subscriptionRoutes<LabelParams>(r, `/${kind}/:id/labels/:label_id`, async (request, subscribed) => {
      const c = await container(request);
      const label = await findLabel(c, request.actor, request.params.label_id, true);
      if (!(await services.labels.setSubscription(request.actor, c, label, subscribed))) return undefined;
      return (await present(request.actor, c, [label], false))[0];
    });

    // Deprecated forms: the label named by `name` or `label_id` in the parameters.
    const deprecatedTarget = (p: Params) => {
      const byId = intParam(p, 'label_id');
      const name = stringParam(p, 'name');
      if (byId === undefined && name === undefined)
        throw new ParamError('label_id, name are missing, exactly one parameter must be provided');
      if (byId !== undefined && name !== undefined) throw new ParamError('label_id, name are mutually exclusive');
      return byId !== undefined ? String(byId) : (name as string);
    };

    r.put<IdParams>(`/${kind}/:id/labels`, async (request) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      const target = deprecatedTarget(p);
      requireOneChange(p);
      const c = await container(request);
      const label = await findLabel(c, request.actor, target, false);
      return await applyChanges(request.actor, c, label, p);
    });

    r.delete<IdParams>(`/${kind}/:id/labels`, async (request, reply) => {
      requireUser(request.actor, true);
      const target = deprecatedTarget(paramsOf(request));
      const c = await container(request);
      await services.labels.remove(request.actor, c, await findLabel(c, request.actor, target, false));
      return reply.code(204).send();
    });
  });
}

/** The web UI's JSON endpoints of the labels domain. */
export function labelsUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  async function uiList(request: FastifyRequest, c: LabelContainer) {
    const q = request.query as Params;
    // As GitLab's controllers: a project's list always holds its groups' labels; a group's includes
    // its ancestors' unless `include_ancestor_groups=false`; only_group_labels narrows a group's list.
    const { rows } = await services.labels.listIn(request.actor, c, {
      search: stringParam(q, 'search') || undefined,
      includeAncestorGroups: c.type === 'Group' ? (boolParam(q, 'include_ancestor_groups') ?? true) : true,
      includeDescendantGroups: boolParam(q, 'include_descendant_groups') ?? false,
      onlyGroupLabels: boolParam(q, 'only_group_labels') ?? false,
      limit: UI_LIMIT,
      offset: 0,
    });
    return rows.map(labelAppearance);
  }

  async function uiCreate(request: FastifyRequest, reply: FastifyReply, c: LabelContainer) {
    requireUser(request.actor, true);
    const body = paramsOf(request);
    const input = (body.label && typeof body.label === 'object' ? body.label : body) as Params;
    try {
      const label = await services.labels.create(request.actor, c, {
        title: input.title,
        color: input.color,
        description: input.description,
      });
      return reply.code(200).send(labelAppearance(label));
    } catch (error) {
      // The Rails controller answers 400 with the model's messages.
      if (error instanceof ConflictError && error.message === LABEL_EXISTS) {
        throw new ValidationError({ title: ['has already been taken'] });
      }
      throw error;
    }
  }

  containerUiRoute(ui, services, 'GET', 'labels', (request, _reply, c) => uiList(request, c));
  containerUiRoute(ui, services, 'POST', 'labels', uiCreate);
  // GitLab's `POST /<project>/-/labels/set_priorities` (`label_ids[]` in the new order): the
  // 'Prioritized labels' list's drag and drop.
  containerUiRoute(ui, services, 'POST', 'labels/set_priorities', async (request, reply, c) => {
    requireUser(request.actor, true);
    const ids = intListParam(paramsOf(request), 'label_ids');
    if (!ids?.length) throw new ParamError('label_ids is missing');
    await services.labels.reorderPriorities(request.actor, c, ids);
    return reply.code(200).send({ message: 'success' });
  });
}
