import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { CSRF_MESSAGE, csrfValid, isSecure, SESSION_COOKIE, setCsrfCookie } from '../../http/authenticate.ts';
import type { Services } from '../services.ts';

type Body = Record<string, unknown> | undefined;

/** Accepts `{login, password}`, `{username, password}` or Rails-style `user[login]` fields. */
function credentials(body: Body): { login: unknown; password: unknown } {
  const user = (body?.user as Record<string, unknown> | undefined) ?? {};
  return {
    login: body?.login ?? body?.username ?? user.login ?? body?.['user[login]'],
    password: body?.password ?? user.password ?? body?.['user[password]'],
  };
}

export function authRoutes(app: FastifyInstance, services: Services, opts: { sessionDays: number }) {
  /** Opens a session for `login` and sets its cookies; answers the user. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, login: unknown, password: unknown) {
    const { user, sessionToken, csrfToken } = await services.auth.signIn(login, password, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    if (request.sessionToken) await services.auth.signOut(request.sessionToken);
    reply.setCookie(SESSION_COOKIE, sessionToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(request),
      maxAge: opts.sessionDays * 24 * 3600,
    });
    setCsrfCookie(request, reply, csrfToken);
    return { user: { id: user.id, username: user.username, name: user.name, avatar_url: user.avatarUrl } };
  }

  app.post('/users/sign_in', async (request, reply) => {
    // No session yet: the double-submitted CSRF cookie and our origin prove the form is ours.
    if (!csrfValid(request)) return reply.code(403).send({ message: CSRF_MESSAGE });
    const { login, password } = credentials(request.body as Body);
    try {
      return await startSession(request, reply, login, password);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return reply.code(401).send({ message: error.message });
      throw error;
    }
  });

  /**
   * Sign-up (GitLab's `POST /users`, Rails' `user[...]` fields or flat): creates the account while
   * Admin › Settings allows sign-up, and signs the new user in.
   */
  app.post('/users', async (request, reply) => {
    if (!csrfValid(request)) return reply.code(403).send({ message: CSRF_MESSAGE });
    const body = (request.body as Body) ?? {};
    const fields = { ...body, ...((body.user as Record<string, unknown> | undefined) ?? {}) };
    const user = await services.users.register({
      username: fields.username,
      name: fields.name,
      email: fields.email,
      password: fields.password,
    });
    reply.code(201);
    return await startSession(request, reply, user.username, fields.password);
  });

  app.post('/users/sign_out', async (request, reply) => {
    if (request.actor.via === 'anonymous' && !csrfValid(request))
      return reply.code(403).send({ message: CSRF_MESSAGE });
    if (request.sessionToken) await services.auth.signOut(request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  /** OAuth 2 password grant, as GitLab's `POST /oauth/token` (JSON or form body). */
  app.post('/oauth/token', async (request, reply) => {
    const body = (request.body as Body) ?? {};
    if (body.grant_type !== 'password') {
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        error_description: 'The authorization grant type is not supported by the authorization server.',
      });
    }
    try {
      return await services.auth.passwordGrant(body.username, body.password, body.scope);
    } catch (error) {
      if (error instanceof AppError && error.message === 'invalid_scope') {
        return reply.code(400).send({
          error: 'invalid_scope',
          error_description: 'The requested scope is invalid, unknown, or malformed.',
        });
      }
      if (error instanceof AppError && error.status === 401) {
        return reply.code(400).send({
          error: 'invalid_grant',
          error_description:
            'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
        });
      }
      throw error;
    }
  });
}
