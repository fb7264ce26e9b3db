import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { MemberRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import {
  intListParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  resourceId,
  restRoutes,
  stringParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { numericId, requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { memberEntity } from './members.entity.ts';
import type { MemberSource } from './members.service.ts';

type IdParams = { Params: { id: string } };
type MemberParams = { Params: { id: string; user_id: string } };

/**
 * GitLab's `lib/api/members.rb`, for `/groups/:id/members` and `/projects/:id/members`. As GitLab,
 * every endpoint needs a signed-in user; `…/members` lists direct members, `…/members/all` adds
 * those inherited from ancestor groups.
 */
export function membersRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function present<M extends MemberRow>(rows: readonly M[]) {
    const found = await services.members.withUsers(rows);
    return found.map((f) => memberEntity(f.member, f.user, f.createdBy, base));
  }

  async function presentOne(row: MemberRow) {
    const [shaped] = await present([row]);
    if (!shaped) throw new NotFoundError();
    return shaped;
  }

  for (const kind of ['groups', 'projects'] as const) {
    const source = async (actor: Actor, raw: string): Promise<MemberSource> =>
      kind === 'groups'
        ? { type: 'Group', group: await services.groups.get(actor, resourceId(raw)) }
        : { type: 'Project', ...(await services.projects.get(actor, resourceId(raw))) };

    /** The direct member (or, with `all`, the effective one) or 404 `Not found`. */
    const findMember = async (actor: Actor, raw: string, userId: number, all: boolean) => {
      const { rows } = await services.members.list(actor, await source(actor, raw), {
        direct: true,
        inherited: all,
        userIds: [userId],
        limit: 1,
        offset: 0,
      });
      if (!rows[0]) throw new NotFoundError();
      return rows[0];
    };

    const directMember = async (from: MemberSource, userId: number) => {
      const member = await services.members.findDirect(from, userId);
      if (!member) throw new NotFoundError();
      return member;
    };

    restRoutes(api, (r) => {
      for (const all of [false, true]) {
        const path = `/${kind}/:id/members${all ? '/all' : ''}`;

        r.get<IdParams>(path, async (request, reply) => {
          requireUser(request.actor);
          const q = request.query as Params;
          const page = pageOf(q);
          const filter = { search: stringParam(q, 'query'), userIds: intListParam(q, 'user_ids') };
          const from = await source(request.actor, request.params.id);
          const { rows, total } = await services.members.list(request.actor, from, {
            direct: true,
            inherited: all,
            ...filter,
            limit: page.limit,
            offset: page.offset,
          });
          setPaginationHeaders(request, reply, page, total, base);
          return await present(rows);
        });

        r.get<MemberParams>(`${path}/:user_id`, async (request) => {
          requireUser(request.actor);
          const userId = numericId(request.params.user_id, 'user_id');
          return await presentOne(await findMember(request.actor, request.params.id, userId, all));
        });
      }

      r.post<IdParams>(`/${kind}/:id/members`, async (request, reply) => {
        requireUser(request.actor, true);
        const p = paramsOf(request);
        const missing = ['access_level', 'user_id'].filter((n) => p[n] === undefined || p[n] === '');
        if (missing.length) throw new ParamError(missing.map((n) => `${n} is missing`).join(', '));
        const from = await source(request.actor, request.params.id);
        const member = await services.members.add(request.actor, from, {
          userId: p.user_id,
          accessLevel: p.access_level,
          expiresAt: p.expires_at,
        });
        return reply.code(201).send(await presentOne(member));
      });

      r.put<MemberParams>(`/${kind}/:id/members/:user_id`, async (request) => {
        requireUser(request.actor, true);
        const userId = numericId(request.params.user_id, 'user_id');
        const p = paramsOf(request);
        if (p.access_level === undefined || p.access_level === '') throw new ParamError('access_level is missing');
        const from = await source(request.actor, request.params.id);
        const member = await directMember(from, userId);
        const updated = await services.members.update(request.actor, from, member, {
          accessLevel: p.access_level,
          expiresAt: p.expires_at,
        });
        return await presentOne(updated);
      });

      r.delete<MemberParams>(`/${kind}/:id/members/:user_id`, async (request, reply) => {
        requireUser(request.actor, true);
        const userId = numericId(request.params.user_id, 'user_id');
        const from = await source(request.actor, request.params.id);
        await services.members.remove(request.actor, from, await directMember(from, userId));
        return reply.code(204).send();
      });
    });
  }
}
