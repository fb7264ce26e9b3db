import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { PersonalAccessTokenRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import {
  boolParam,
  capped,
  intParam,
  ParamError,
  type Params,
  pageOf,
  paramsOf,
  requireParams,
  restRoutes,
  stringParam,
} from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { numericId, requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { personalTokenActive } from './auth.service.ts';

/** GitLab's `PersonalAccessToken` entity. */
export function personalTokenEntity(row: PersonalAccessTokenRow) {
  return {
    id: row.id,
    name: row.name,
    revoked: row.revoked,
    created_at: row.createdAt.toISOString(),
    description: null,
    scopes: row.scopes,
    user_id: row.userId,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    active: personalTokenActive(row),
    expires_at: row.expiresAt,
  };
}

/** `scopes[]=api&scopes[]=read_api`, `scopes=api,read_api` or a JSON array. */
function scopesParam(p: Params): unknown {
  if (typeof p.scopes === 'string') return capped(p.scopes.split(','), 'scopes').map((s) => s.trim());
  return Array.isArray(p.scopes) ? capped(p.scopes, 'scopes') : p.scopes;
}

/** The secret this request authenticated with (the same places `http/authenticate.ts` reads). */
function requestSecret(request: FastifyRequest): string | undefined {
  const query = request.query as Params;
  const header = request.headers['private-token'];
  if (typeof header === 'string') return header;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (bearer) return bearer[1];
  if (typeof query.private_token === 'string') return query.private_token;
  return typeof query.access_token === 'string' ? query.access_token : undefined;
}

type IdParams = { Params: { id: string } };

/** GitLab's personal access token endpoints (`lib/api/personal_access_tokens.rb`, `users.rb`). */
export function tokensRoutes(api: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function create(request: FastifyRequest, userId: number, asAdmin: boolean) {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    requireParams(p, 'name', 'scopes');
    const input = { name: p.name, scopes: scopesParam(p), expiresAt: p.expires_at };
    const { token, row } = await services.auth.createPersonalToken(request.actor, userId, input, { asAdmin });
    return { ...personalTokenEntity(row), token };
  }

  async function current(request: FastifyRequest): Promise<PersonalAccessTokenRow> {
    requireUser(request.actor);
    const secret = requestSecret(request);
    const row = secret ? await services.auth.currentPersonalToken(request.actor, secret) : undefined;
    if (!row) throw new NotFoundError();
    return row;
  }

  restRoutes(api, (r) => {
    r.post<{ Params: { user_id: string } }>('/users/:user_id/personal_access_tokens', async (request, reply) => {
      const userId = numericId(request.params.user_id, 'user_id');
      return reply.code(201).send(await create(request, userId, true));
    });

    r.post('/user/personal_access_tokens', async (request, reply) => {
      requireUser(request.actor, true);
      return reply.code(201).send(await create(request, request.actor.user!.id, false));
    });

    r.get('/personal_access_tokens', async (request, reply) => {
      requireUser(request.actor);
      const q = request.query as Params;
      const page = pageOf(q);
      const state = stringParam(q, 'state');
      if (state !== undefined && state !== 'active' && state !== 'inactive') {
        throw new ParamError('state does not have a valid value');
      }
      const rows = await services.auth.listPersonalTokens(request.actor, {
        userId: intParam(q, 'user_id'),
        state,
        revoked: boolParam(q, 'revoked'),
        search: stringParam(q, 'search'),
      });
      setPaginationHeaders(request, reply, page, rows.length, base);
      return rows.slice(page.offset, page.offset + page.limit).map(personalTokenEntity);
    });

    r.get('/personal_access_tokens/self', async (request) => personalTokenEntity(await current(request)));

    r.delete('/personal_access_tokens/self', async (request, reply) => {
      const row = await current(request);
      await services.auth.revokePersonalToken(request.actor, row.id);
      return reply.code(204).send();
    });

    r.get<IdParams>('/personal_access_tokens/:id', async (request) => {
      requireUser(request.actor);
      const row = await services.auth.getPersonalToken(request.actor, numericId(request.params.id));
      return personalTokenEntity(row);
    });

    r.delete<IdParams>('/personal_access_tokens/:id', async (request, reply) => {
      requireUser(request.actor, true);
      await services.auth.revokePersonalToken(request.actor, numericId(request.params.id));
      return reply.code(204).send();
    });
  });
}
