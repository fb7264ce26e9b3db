/**
 * REST v4 award emoji (GitLab's lib/api/award_emoji.rb) on issues and epics:
 * `/projects/:id/issues/:issue_iid/award_emoji` and `/groups/:id/epics/:epic_iid/award_emoji`
 * (list, get, create, delete); plus the web UI's "my reaction" suggestions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../errors.ts';
import {
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
import { projectIssue } from '../issues/issue-rest.ts';
import { awardEntity } from '../notes/notes.entity.ts';
import type { Services } from '../services.ts';
import type { Awardable } from './awards.service.ts';

type AwardableParams = { Params: { id: string; issue_iid?: string; epic_iid?: string } };
type AwardParams = { Params: { id: string; issue_iid?: string; epic_iid?: string; award_id: string } };

function awardIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ParamError('award_id is invalid');
  return Number(raw);
}

/** REST v4 routes of the awards domain (mounted under /api/v4). */
export function awardsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  /** Each awardable's path and how a request finds it (hidden and missing answer the same 404). */
  const awardables: { path: string; find: (request: FastifyRequest<AwardableParams>) => Promise<Awardable> }[] = [
    {
      path: '/projects/:id/issues/:issue_iid/award_emoji',
      find: async (request) => ({
        type: 'Issue',
        node: await projectIssue(services, request.actor, request.params.id, request.params.issue_iid ?? ''),
      }),
    },
    {
      path: '/groups/:id/epics/:epic_iid/award_emoji',
      find: async (request) => {
        const iid = request.params.epic_iid ?? '';
        if (!/^\d{1,9}$/.test(iid)) throw new ParamError('epic_iid is invalid');
        const group = await services.groups.get(request.actor, resourceId(request.params.id));
        return { type: 'Epic', node: await services.epics.get(request.actor, group, Number(iid)) };
      },
    },
  ];

  /** The award `:award_id` of the awardable, with its user; 404 'Award Emoji Not Found' otherwise. */
  async function awardOf(awardable: Awardable, raw: string) {
    const row = await services.awards.find(awardable, awardIdOf(raw));
    const [found] = row ? await services.awards.withUsers([row]) : [];
    if (!found) throw new NotFoundError('Award Emoji Not Found');
    return found;
  }

  restRoutes(api, (r) => {
    for (const { path, find } of awardables) {
      r.get<AwardableParams>(path, async (request, reply) => {
        const page = pageOf(request.query as Params);
        const { rows, total } = await services.awards.page(await find(request), page);
        setPaginationHeaders(request, reply, page, total, base);
        return rows.map(({ award, user }) => awardEntity(award, user, base));
      });

      r.get<AwardParams>(`${path}/:award_id`, async (request) => {
        const { award, user } = await awardOf(await find(request), request.params.award_id);
        return awardEntity(award, user, base);
      });

      r.post<AwardableParams>(path, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        requireParams(p, 'name');
        const award = await services.awards.add(request.actor, await find(request), p.name);
        return reply.code(201).send(awardEntity(award, request.actor.user ?? undefined, base));
      });

      r.delete<AwardParams>(`${path}/:award_id`, async (request, reply) => {
        requireUser(request.actor, true);
        const { award } = await awardOf(await find(request), request.params.award_id);
        await services.awards.remove(request.actor, award);
        return reply.code(204).send();
      });
    }
  });
}

/** The web UI's JSON endpoints: the filter bar's "my reaction" suggestions. */
export function awardsUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  // GitLab's `GET /-/autocomplete/award_emojis`: the user's most used names, [] when signed out.
  ui.add('GET', /^\/-\/autocomplete\/award_emojis(?:\.json)?$/, async (request) =>
    (await services.awards.mostUsed(request.actor)).map((name) => ({ name })),
  );
}
