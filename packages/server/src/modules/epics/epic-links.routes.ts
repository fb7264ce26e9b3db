/**
 * Related epics: GitLab's Linked epics API (`/groups/:id/epics/:epic_iid/related_epics`,
 * `/groups/:id/related_epic_links`) and the epic page's UI JSON path
 * (`/groups/<path>/-/epics/<iid>/related_epic_links`, decision 0009). Thin: parse, call
 * services.epicLinks, shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import {
  capped,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  resourceId,
  restRoutes,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { type EpicLink, isLinkType, LINK_TYPES, type LinkType, type RelatedEpic } from './epic-links.service.ts';
import { presentEpics } from './epic-rest.ts';
import { resolveReference } from './epic-ui.routes.ts';
import { epicPath } from './epics.entity.ts';
import type { EpicWithGroup } from './epics.service.ts';

type EpicParams = { Params: { id: string; epic_iid: string } };
type LinkParams = { Params: { id: string; epic_iid: string; related_epic_link_id: string } };
type GroupParams = { Params: { id: string } };

function numberOf(raw: string, name: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ParamError(`${name} is invalid`);
  return Number(raw);
}

function linkTypeOf(value: unknown): LinkType {
  if (value === undefined || value === null || value === '') return 'relates_to';
  if (!isLinkType(value)) throw new ParamError('link_type does not have a valid value');
  return value;
}

function dateParam(p: Params, name: string): Date | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  const d = typeof v === 'string' ? new Date(v) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) throw new ParamError(`${name} is invalid`);
  return d;
}

/** `&5` within the epic's own group, `full/path&5` elsewhere (GitLab's relative reference). */
function referenceFrom(e: EpicWithGroup, from: EpicWithGroup): string {
  return e.group.id === from.group.id ? `&${e.epic.iid}` : `${e.group.fullPath}&${e.epic.iid}`;
}

export function epicLinksRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;
  const links = services.epicLinks;

  async function epicOf(request: FastifyRequest<EpicParams>) {
    const group = await services.groups.get(request.actor, resourceId(request.params.id));
    return await services.epics.get(request.actor, group, numberOf(request.params.epic_iid, 'epic_iid'));
  }

  async function presentLinks(request: FastifyRequest, rows: readonly EpicLink[]) {
    const epics = await presentEpics(
      services,
      request.actor,
      rows.flatMap((r) => [r.source, r.target]),
      base,
    );
    return rows.map((r, i) => ({
      id: r.link.id,
      source_epic: epics[2 * i],
      target_epic: epics[2 * i + 1],
      link_type: r.link.linkType,
      created_at: r.link.createdAt.toISOString(),
      updated_at: r.link.updatedAt.toISOString(),
    }));
  }

  /** GitLab's `{source_epic, target_epic, link_type}` answer of create and delete. */
  async function presentLink(request: FastifyRequest, row: EpicLink) {
    const [entity] = await presentLinks(request, [row]);
    return { source_epic: entity?.source_epic, target_epic: entity?.target_epic, link_type: entity?.link_type };
  }

  restRoutes(api, (r) => {
    for (const prefix of ['/groups/:id/epics', '/groups/:id/-/epics']) {
      const path = `${prefix}/:epic_iid/related_epics`;

      r.get<EpicParams>(path, async (request) => {
        const related = await links.related(request.actor, await epicOf(request));
        const entities = await presentEpics(
          services,
          request.actor,
          related.map((x) => x.epic),
          base,
        );
        return related.map((x, i) => ({
          ...entities[i],
          related_epic_link_id: x.link.id,
          link_type: x.linkType,
          link_created_at: x.link.createdAt.toISOString(),
          link_updated_at: x.link.updatedAt.toISOString(),
        }));
      });

      r.post<EpicParams>(path, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'target_group_id', 'target_epic_iid');
        const linkType = linkTypeOf(p.link_type);
        const source = await epicOf(request);
        const targetGroup = await services.groups.find(request.actor, resourceId(String(p.target_group_id)));
        const iid = Number(p.target_epic_iid);
        const target =
          targetGroup && Number.isSafeInteger(iid)
            ? await services.epics.find(request.actor, targetGroup, iid)
            : undefined;
        const created = await links.create(request.actor, source, target, linkType);
        return reply.code(201).send(await presentLink(request, created));
      });

      r.delete<LinkParams>(`${path}/:related_epic_link_id`, async (request) => {
        requireUser(request.actor, true);
        const linkId = numberOf(request.params.related_epic_link_id, 'related_epic_link_id');
        const removed = await links.remove(request.actor, await epicOf(request), linkId);
        return await presentLink(request, removed);
      });
    }

    r.get<GroupParams>('/groups/:id/related_epic_links', async (request, reply) => {
      const q = request.query as Params;
      const page = pageOf(q);
      const group = await services.groups.get(request.actor, resourceId(request.params.id));
      const filter = {
        createdAfter: dateParam(q, 'created_after'),
        createdBefore: dateParam(q, 'created_before'),
        updatedAfter: dateParam(q, 'updated_after'),
        updatedBefore: dateParam(q, 'updated_before'),
      };
      const { rows, total } = await links.ofGroup(request.actor, group, filter, page);
      setPaginationHeaders(request, reply, page, total, base);
      return await presentLinks(request, rows);
    });
  });
}

const GROUP = '/groups/(?<group>[^?#]+?)/-/epics';
const LINKS = new RegExp(`^${GROUP}/(?<iid>\\d+)/related_epic_links$`);
const LINK = new RegExp(`^${GROUP}/(?<iid>\\d+)/related_epic_links/(?<linkId>\\d+)$`);

/** The UI's related-epic item: `relation_path` only when the user may remove the link. */
function relatedItem(x: RelatedEpic, from: EpicWithGroup, canAdmin: boolean) {
  const e = x.epic;
  return {
    id: e.epic.id,
    iid: e.epic.iid,
    title: e.epic.title,
    state: e.epic.state,
    confidential: e.epic.confidential,
    created_at: e.epic.createdAt.toISOString(),
    closed_at: e.epic.closedAt?.toISOString() ?? null,
    reference: referenceFrom(e, from),
    path: epicPath(e),
    relation_path: canAdmin ? `${epicPath(from)}/related_epic_links/${x.link.id}` : null,
    related_epic_link_id: x.link.id,
    link_type: x.linkType,
    link_created_at: x.link.createdAt.toISOString(),
  };
}

function bodyOf(request: FastifyRequest): Params {
  return request.body && typeof request.body === 'object' ? (request.body as Params) : {};
}

/** A service failure as GitLab's IssuableLinks controllers send it: `{message}` with the status. */
function sendError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  if (error.status === 403) return reply.code(403).send({ message: "You don't have permission to link epics." });
  return reply.code(error.status === 400 ? 422 : error.status).send({ message: error.message });
}

export function epicLinksUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  const links = services.epicLinks;

  async function epicOf(request: FastifyRequest, params: Record<string, string>) {
    const group = await services.groups.find(request.actor, params.group ?? '');
    const found = group && (await services.epics.find(request.actor, group, Number(params.iid)));
    if (!found) throw new NotFoundError();
    return found;
  }

  async function items(request: FastifyRequest, epic: EpicWithGroup) {
    const [related, canAdmin] = await Promise.all([
      links.related(request.actor, epic),
      links.canAdmin(request.actor, epic),
    ]);
    return related.map((x) => relatedItem(x, epic, canAdmin));
  }

  ui.add('GET', LINKS, async (request, _reply, params) => items(request, await epicOf(request, params)));

  ui.add('POST', LINKS, async (request, reply, params) => {
    const epic = await epicOf(request, params);
    requireUser(request.actor, true);
    const body = bodyOf(request);
    const refs = Array.isArray(body.issuable_references) ? capped(body.issuable_references, 'issuable_references') : [];
    const list = [...new Set(refs.filter((r): r is string => typeof r === 'string' && r.trim() !== ''))];
    try {
      if (!isLinkType(body.link_type ?? 'relates_to')) {
        throw new AppError(422, `Link type must be one of: ${LINK_TYPES.join(', ')}`);
      }
      const targets = await Promise.all(
        list.map(async (ref) => {
          const id = await resolveReference(services, request, epic, ref);
          return id === undefined ? undefined : await services.epics.findById(request.actor, id);
        }),
      );
      await links.createMany(request.actor, epic, targets, linkTypeOf(body.link_type));
      return { message: null, issuables: await items(request, epic) };
    } catch (error) {
      return sendError(reply, error);
    }
  });

  ui.add('DELETE', LINK, async (request, reply, params) => {
    const epic = await epicOf(request, params);
    requireUser(request.actor, true);
    try {
      await links.remove(request.actor, epic, Number(params.linkId));
      return { issuables: await items(request, epic) };
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
