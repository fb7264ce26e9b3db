/**
 * The web UI's JSON endpoints of epics (GitLab's Rails controller paths): the epic JSON and its
 * state toggle, the list page's create and manual reorder, and the child-epic links of the related-items tree.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, fullMessages, NotFoundError } from '../../errors.ts';
import { capped, intParam, type Params, paramsOf } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { taskToggleParam } from '../task-lists/task-toggle-params.ts';
import { EPIC_NOT_FOUND_REFERENCE } from './epic-hierarchy.ts';
import { epicInputOf } from './epic-rest.ts';
import { linkedItemEntity, uiEpicEntity } from './epics.entity.ts';
import type { EpicWithGroup } from './epics.service.ts';

const GROUP = '/groups/(?<group>[^?#]+?)/-/epics';

function bodyOf(request: FastifyRequest): Params {
  return request.body && typeof request.body === 'object' ? (request.body as Params) : {};
}

/** `epic[...]` from the query string and the JSON body together (Rails' params). */
function epicParams(request: FastifyRequest): Params {
  const q = (request.query as Params).epic;
  const b = bodyOf(request).epic;
  return { ...(q && typeof q === 'object' ? q : {}), ...(b && typeof b === 'object' ? b : {}) } as Params;
}

/** Sends a service failure the way GitLab's controllers do: `{errors: [...]}` or `{message}`. */
function sendError(reply: FastifyReply, error: unknown, shape: 'errors' | 'message') {
  if (!(error instanceof AppError)) throw error;
  const messages = error.fields ? fullMessages(error.fields) : [error.message];
  if (error.status === 404) return reply.code(404).send({ message: error.message });
  const status = error.status === 400 ? 422 : error.status;
  return reply.code(status).send(shape === 'errors' ? { errors: messages } : { message: messages.join(', ') });
}

/** `&5`, `group/path&5` or an epic URL → the epic's database id (undefined when nothing matches). */
export async function resolveReference(
  services: Services,
  request: FastifyRequest,
  parent: EpicWithGroup,
  ref: string,
) {
  const text = ref.trim();
  const m =
    /^&(?<iid>\d+)$/.exec(text) ??
    /^(?<path>[\w.\-/]+)&(?<iid>\d+)$/.exec(text) ??
    /^https?:\/\/[^/]+\/groups\/(?<path>.+?)\/-\/epics\/(?<iid>\d+)\/?$/.exec(text);
  if (!m?.groups) return undefined;
  const group = m.groups.path ? await services.groups.find(request.actor, m.groups.path) : parent.group;
  if (!group) return undefined;
  return (await services.epics.find(request.actor, group, Number(m.groups.iid)))?.epic.id;
}

export function epicsUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  const epics = services.epics;

  async function epicOf(request: FastifyRequest, params: Record<string, string>) {
    const group = await services.groups.find(request.actor, params.group ?? '');
    const found = group && (await epics.find(request.actor, group, Number(params.iid)));
    if (!found) throw new NotFoundError();
    return found;
  }

  async function present(request: FastifyRequest, e: EpicWithGroup) {
    const subject = { type: 'Epic' as const, ...e };
    const [labels, names, canUpdate, canCreateNote] = await Promise.all([
      epics.labelsOf([e.epic.id]),
      services.groups.fullNames([e.group]),
      epics.can(request.actor, 'updateEpic', subject),
      epics.can(request.actor, 'createNote', subject),
    ]);
    return uiEpicEntity(e, {
      labels: labels.get(e.epic.id) ?? [],
      groupFullName: names.get(e.group.id) ?? e.group.name,
      canUpdate,
      canCreateNote,
    });
  }

  async function children(request: FastifyRequest, parent: EpicWithGroup) {
    const rows = await epics.listAll(request.actor, { parentId: parent.epic.id, sort: 'relative_position' });
    const ids = rows.map((r) => r.epic.id);
    const [counts, withIssues] = await Promise.all([
      epics.childCounts(request.actor, ids),
      epics.withIssues(request.actor, ids),
    ]);
    return await Promise.all(
      rows.map(async (r) =>
        linkedItemEntity(r, parent, {
          hasChildren: (counts.get(r.epic.id) ?? 0) > 0,
          hasIssues: withIssues.has(r.epic.id),
          canAdmin: await epics.can(request.actor, 'adminEpicRelation', { type: 'Epic', ...r }),
        }),
      ),
    );
  }

  // The epic filter token's list (`epics.json?include_ancestor_groups=&include_descendant_groups=&search=`).
  ui.add('GET', new RegExp(`^${GROUP}\\.json$`), async (request, _reply, params) => {
    const group = await services.groups.find(request.actor, params.group ?? '');
    if (!group) throw new NotFoundError();
    const q = request.query as Params;
    const flag = (v: unknown, fallback: boolean) => (v === 'true' ? true : v === 'false' ? false : fallback);
    const { rows } = await epics.list(
      request.actor,
      {
        group,
        includeAncestorGroups: flag(q.include_ancestor_groups, false),
        includeDescendantGroups: flag(q.include_descendant_groups, true),
        search: typeof q.search === 'string' && q.search !== '' ? q.search : undefined,
        state: q.state === 'opened' || q.state === 'closed' ? q.state : undefined,
        sort: 'title_asc',
      },
      { limit: 20, offset: 0 },
    );
    return rows.map((r) => ({
      id: r.epic.id,
      iid: r.epic.iid,
      title: r.epic.title,
      state: r.epic.state,
      confidential: r.epic.confidential,
      group_id: r.group.id,
      group_full_path: r.group.fullPath,
      reference: `${r.group.fullPath}&${r.epic.iid}`,
      web_url: `/groups/${r.group.fullPath}/-/epics/${r.epic.iid}`,
      start_date: r.epic.startDate,
      due_date: r.epic.dueDate,
    }));
  });

  ui.add('GET', new RegExp(`^${GROUP}/(?<iid>\\d+)\\.json$`), async (request, _reply, params) =>
    present(request, await epicOf(request, params)),
  );

  ui.add('PUT', new RegExp(`^${GROUP}/(?<iid>\\d+)(\\.json)?$`), async (request, reply, params) => {
    const found = await epicOf(request, params);
    try {
      requireUser(request.actor, true);
      const p = epicParams(request);
      const input = { ...epicInputOf(p), taskToggle: taskToggleParam(p) };
      const lock = p.lock_version;
      if (lock !== undefined && lock !== null && lock !== '') input.lockVersion = Number(lock);
      return await present(request, await epics.update(request.actor, found, input));
    } catch (error) {
      if (error instanceof AppError && error.status === 403) return reply.code(404).send({ message: '404 Not found' });
      return sendError(reply, error, 'errors');
    }
  });

  ui.add('POST', new RegExp(`^${GROUP}(\\.json)?$`), async (request, reply, params) => {
    const group = await services.groups.find(request.actor, params.group ?? '');
    if (!group) throw new NotFoundError();
    requireUser(request.actor, true);
    const body = bodyOf(request);
    const p = (body.epic && typeof body.epic === 'object' ? body.epic : body) as Params;
    try {
      const created = await epics.create(request.actor, group, {
        title: p.title,
        confidential: p.confidential ?? false,
      });
      return { web_url: `/groups/${created.group.fullPath}/-/epics/${created.epic.iid}` };
    } catch (error) {
      if (error instanceof AppError && error.status === 403) return reply.code(404).send({ message: '404 Not found' });
      if (error instanceof AppError) return reply.code(422).send();
      throw error;
    }
  });

  // The epics list's manual order (as the issue list's `…/-/issues/<iid>/reorder`): the epic that
  // ends up above the moved one (`move_before_id`) and the one below (`move_after_id`), by id.
  ui.add('PUT', new RegExp(`^${GROUP}/(?<iid>\\d+)/reorder$`), async (request, reply, params) => {
    requireUser(request.actor, true);
    const epic = await epicOf(request, params);
    const p = paramsOf(request);
    const neighbour = (name: string) =>
      p[name] === undefined || p[name] === null || p[name] === '' ? null : (intParam(p, name) ?? null);
    try {
      await epics.reorderInList(request.actor, epic, neighbour('move_before_id'), neighbour('move_after_id'));
      return { message: null };
    } catch (error) {
      return sendError(reply, error, 'message');
    }
  });

  const LINKS = new RegExp(`^${GROUP}/(?<iid>\\d+)/links$`);
  const LINK = new RegExp(`^${GROUP}/(?<iid>\\d+)/links/(?<childId>\\d+)$`);

  ui.add('GET', LINKS, async (request, _reply, params) => children(request, await epicOf(request, params)));

  ui.add('POST', LINKS, async (request, reply, params) => {
    const parent = await epicOf(request, params);
    requireUser(request.actor, true);
    const refs = bodyOf(request).issuable_references;
    const list = Array.isArray(refs)
      ? capped(refs, 'issuable_references').filter((r): r is string => typeof r === 'string')
      : [];
    try {
      const ids: number[] = [];
      for (const ref of list) {
        const id = await resolveReference(services, request, parent, ref);
        if (id === undefined) throw new AppError(404, EPIC_NOT_FOUND_REFERENCE);
        ids.push(id);
      }
      await epics.addChildren(request.actor, parent, ids);
      return { message: null, issuables: await children(request, parent) };
    } catch (error) {
      if (error instanceof NotFoundError) return reply.code(404).send({ message: EPIC_NOT_FOUND_REFERENCE });
      return sendError(reply, error, 'message');
    }
  });

  ui.add('PUT', LINK, async (request, reply, params) => {
    const parent = await epicOf(request, params);
    requireUser(request.actor, true);
    const p = epicParams(request);
    const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
    try {
      await epics.reorderChild(request.actor, parent, Number(params.childId), {
        moveBeforeId: num(p.move_before_id),
        moveAfterId: num(p.move_after_id),
      });
      return { message: null };
    } catch (error) {
      return sendError(reply, error, 'message');
    }
  });

  ui.add('DELETE', LINK, async (request, reply, params) => {
    const parent = await epicOf(request, params);
    requireUser(request.actor, true);
    try {
      await epics.removeChild(request.actor, parent, Number(params.childId));
      return { issuables: await children(request, parent) };
    } catch (error) {
      return sendError(reply, error, 'message');
    }
  });
}
