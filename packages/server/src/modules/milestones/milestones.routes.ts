import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { MilestoneRow } from '../../db/schema.ts';
import { AppError, NotFoundError, ValidationError } from '../../errors.ts';
import {
  boolParam,
  intListParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  stringParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import { containerRestRoutes, containerUiRoute } from '../containers/container-rest.ts';
import { presentIssues } from '../issues/issue-rest.ts';
import type { Services } from '../services.ts';
import { milestoneEntity, milestoneUiEntity } from './milestones.entity.ts';
import type { MilestoneContainer } from './milestones.service.ts';

type IdParams = { Params: { id: string } };
type MilestoneParams = { Params: { id: string; milestone_id: string } };

const STATES = ['active', 'closed', 'all'] as const;
const UI_LIMIT = 1000;

function stateParam(p: Params): 'active' | 'closed' | 'all' | undefined {
  const v = stringParam(p, 'state');
  if (v === undefined || v === '') return undefined;
  if (!(STATES as readonly string[]).includes(v)) throw new ParamError('state does not have a valid value');
  return v as 'active' | 'closed' | 'all';
}

function timeParam(p: Params, name: string): Date | undefined {
  const v = stringParam(p, name);
  if (v === undefined || v === '') return undefined;
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new ParamError(`${name} is invalid`);
  return new Date(t);
}

/** Ruby's `Hash#inspect` of validation messages, as in GitLab's "Failed to create milestone {…}". */
function rubyHash(fields: Record<string, string[]>): string {
  const entries = Object.entries(fields).map(([k, v]) => `:${k}=>[${v.map((m) => JSON.stringify(m)).join(', ')}]`);
  return `{${entries.join(', ')}}`;
}

/** REST v4 routes of the milestones domain (mounted under /api/v4). */
export function milestonesRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function present(rows: MilestoneRow[]) {
    const info = await services.milestones.containerInfo(rows.map((m) => m.id));
    return rows.map((m) => milestoneEntity(m, info.get(m.id), base));
  }

  async function list(c: MilestoneContainer, request: FastifyRequest<IdParams>, reply: FastifyReply) {
    const q = request.query as Params;
    const page = pageOf(q);
    const opts = {
      state: stateParam(q),
      iids: intListParam(q, 'iids'),
      title: stringParam(q, 'title'),
      search: stringParam(q, 'search'),
      includeAncestors: boolParam(q, 'include_ancestors') ?? boolParam(q, 'include_parent_milestones') ?? false,
      includeDescendants: c.type === 'Group' ? (boolParam(q, 'include_descendants') ?? false) : false,
      updatedBefore: timeParam(q, 'updated_before'),
      updatedAfter: timeParam(q, 'updated_after'),
      sort: 'due_date_asc' as const,
      limit: page.limit,
      offset: page.offset,
    };
    const { rows, total } = await services.milestones.listIn(request.actor, c, opts);
    setPaginationHeaders(request, reply, page, total, base);
    return await present(rows);
  }

  async function findMilestone(c: MilestoneContainer, request: FastifyRequest<MilestoneParams>) {
    const raw = request.params.milestone_id;
    if (!/^\d{1,15}$/.test(raw)) throw new ParamError('milestone_id is invalid');
    const row = await services.milestones.find(request.actor, c, Number(raw));
    if (!row) throw new NotFoundError('Milestone Not Found');
    return row;
  }

  containerRestRoutes(api, services, (r, kind, container) => {
    r.get<IdParams>(`/${kind}/:id/milestones`, async (request, reply) =>
      list(await container(request), request, reply),
    );

    r.post<IdParams>(`/${kind}/:id/milestones`, async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      requireParams(p, 'title');
      const c = await container(request);
      try {
        const row = await services.milestones.create(request.actor, c, {
          title: p.title,
          description: p.description,
          startDate: p.start_date,
          dueDate: p.due_date,
        });
        return reply.code(201).send((await present([row]))[0]);
      } catch (error) {
        if (error instanceof ValidationError && error.fields) {
          throw new AppError(400, `Failed to create milestone ${rubyHash(error.fields)}`);
        }
        throw error;
      }
    });

    r.get<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id`, async (request) => {
      const c = await container(request);
      return (await present([await findMilestone(c, request)]))[0];
    });

    // GitLab's milestone issues (lib/api/milestone_responses.rb): the issues of the milestone the
    // actor may read, by label priority as `Milestone#sorted_issues`, paginated.
    r.get<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id/issues`, async (request, reply) => {
      const page = pageOf(request.query as Params);
      const milestone = await findMilestone(await container(request), request);
      const { rows, total, details } = await services.issues.list(
        request.actor,
        { milestoneId: milestone.id, state: 'all', sort: 'LABEL_PRIORITY_ASC' },
        page,
        { details: true },
      );
      setPaginationHeaders(request, reply, page, total, base);
      return await presentIssues(services, request.actor, rows, base, { details });
    });

    r.put<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id`, async (request) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      const names = ['title', 'description', 'due_date', 'start_date', 'state_event'];
      if (names.every((n) => p[n] === undefined)) {
        throw new ParamError(`${names.join(', ')} are missing, at least one parameter must be provided`);
      }
      const stateEvent = stringParam(p, 'state_event');
      if (stateEvent !== undefined && stateEvent !== 'close' && stateEvent !== 'activate') {
        throw new ParamError('state_event does not have a valid value');
      }
      const c = await container(request);
      const row = await findMilestone(c, request);
      const updated = await services.milestones.update(request.actor, c, row, {
        title: p.title,
        description: p.description,
        startDate: p.start_date,
        dueDate: p.due_date,
        stateEvent,
      });
      return (await present([updated]))[0];
    });

    // GitLab's burndown chart data: issues' created / closed events with their weight.
    r.get<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id/burndown_events`, async (request) => {
      const milestone = await findMilestone(await container(request), request);
      return await services.milestones.burndownEvents(request.actor, milestone);
    });

    r.post<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id/promote`, async (request) => {
      requireUser(request.actor, true);
      const c = await container(request);
      const row = await findMilestone(c, request);
      try {
        return (await present([await services.milestones.promote(request.actor, c, row)]))[0];
      } catch (error) {
        if (error instanceof ValidationError && error.fields) {
          throw new AppError(
            400,
            `Promotion failed - ${Object.entries(error.fields)
              .map(([k, v]) => `${k === 'title' ? 'Title' : k} ${v.join(', ')}`)
              .join('; ')}`,
          );
        }
        throw error;
      }
    });

    r.delete<MilestoneParams>(`/${kind}/:id/milestones/:milestone_id`, async (request, reply) => {
      requireUser(request.actor, true);
      const c = await container(request);
      await services.milestones.remove(request.actor, c, await findMilestone(c, request));
      return reply.code(204).send();
    });
  });
}

/** The web UI's JSON endpoints of the milestones domain. */
export function milestonesUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  async function uiList(request: FastifyRequest, c: MilestoneContainer) {
    const q = request.query as Params;
    // As the Rails controllers: a group's dropdown holds its hierarchy's milestones, a project's its own and its groups'.
    const opts = {
      search: stringParam(q, 'search') || undefined,
      state: stateParam(q),
      includeAncestors: true,
      includeDescendants: c.type === 'Group',
      limit: UI_LIMIT,
      offset: 0,
    };
    const { rows } = await services.milestones.listIn(request.actor, c, opts);
    const info = await services.milestones.containerInfo(rows.map((m) => m.id));
    return rows.map((m) => milestoneUiEntity(m, info.get(m.id), config.externalUrl));
  }

  containerUiRoute(ui, services, 'GET', 'milestones', (request, _reply, c) => uiList(request, c));
}
