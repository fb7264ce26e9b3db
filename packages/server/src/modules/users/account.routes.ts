/**
 * The account pages' JSON endpoints at GitLab's Rails paths:
 * - `PUT /-/profile` — name, public email, bio; a new email (with `current_password`) waits for the
 *   link sent to it;
 * - `POST /users/confirmation` — sends the link for your pending email again;
 *   `DELETE /-/profile/unconfirmed_email` drops the pending change;
 * - `PUT /users/confirmation` — `confirmation_token` (the emailed link's): the new email applies;
 * - `PUT /-/profile/password` — `current_password`, `password`, `password_confirmation`; every other
 *   session ends;
 * - `DELETE /-/profile/active_sessions/:id` — ends one of your other sessions;
 * - `POST /users/password` — 'Forgot your password?' (`email`): a reset link by email when SMTP is set
 *   up, else 422 saying the administrator resets passwords;
 * - `PUT /users/password` — `reset_password_token`, `password`, `password_confirmation`.
 * Fields are accepted flat or nested in Rails' `user[...]`. Signed-out posts carry the CSRF token too.
 */
import type { Config } from '../../config.ts';
import { ForbiddenError } from '../../errors.ts';
import { CSRF_MESSAGE, csrfValid } from '../../http/authenticate.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { userPrivate } from './users.entity.ts';

type Fields = Record<string, unknown>;

/** The body's fields, Rails' `user[...]` nesting flattened over the top level. */
function fieldsOf(body: unknown): Fields {
  const top = body && typeof body === 'object' && !Array.isArray(body) ? (body as Fields) : {};
  const user = top.user && typeof top.user === 'object' && !Array.isArray(top.user) ? (top.user as Fields) : {};
  return { ...top, ...user };
}

export function accountUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  ui.add('PUT', /^\/-\/profile$/, async (request) => {
    requireUser(request.actor, true);
    const f = fieldsOf(request.body);
    const { user, message } = await services.account.updateProfile(request.actor, {
      name: f.name,
      email: f.email,
      publicEmail: f.public_email,
      bio: f.bio,
      currentPassword: f.current_password,
    });
    return { message, user: userPrivate(user, config.externalUrl) };
  });

  ui.add('POST', /^\/users\/confirmation$/, async (request) => {
    requireUser(request.actor, true);
    return { message: await services.account.resendConfirmation(request.actor) };
  });

  ui.add('DELETE', /^\/-\/profile\/unconfirmed_email$/, async (request) => {
    requireUser(request.actor, true);
    const user = await services.account.cancelEmailChange(request.actor);
    return { message: 'The email change was canceled.', user: userPrivate(user, config.externalUrl) };
  });

  ui.add('PUT', /^\/users\/confirmation$/, async (request) => {
    if (request.actor.via === 'anonymous' && !csrfValid(request)) throw new ForbiddenError(CSRF_MESSAGE);
    const user = await services.account.confirmEmail(fieldsOf(request.body).confirmation_token);
    return { message: 'Your email address has been successfully confirmed.', email: user.email };
  });

  ui.add('PUT', /^\/-\/profile\/password$/, async (request) => {
    requireUser(request.actor, true);
    const f = fieldsOf(request.body);
    await services.account.changePassword(request.actor, request.actor.sessionId ?? null, {
      currentPassword: f.current_password,
      password: f.password ?? f.new_password,
      passwordConfirmation: f.password_confirmation,
    });
    return { message: 'Password was successfully updated. Your other sessions were signed out.' };
  });

  ui.add('DELETE', /^\/-\/profile\/active_sessions\/(?<id>[0-9a-f]{64})$/, async (request, reply, params) => {
    requireUser(request.actor, true);
    await services.account.revokeSession(request.actor, request.actor.sessionId ?? null, params.id ?? '');
    return reply.code(204).send();
  });

  ui.add('POST', /^\/users\/password$/, async (request) => {
    if (request.actor.via === 'anonymous' && !csrfValid(request)) throw new ForbiddenError(CSRF_MESSAGE);
    const message = await services.account.requestPasswordReset(fieldsOf(request.body).email);
    return { message };
  });

  ui.add('PUT', /^\/users\/password$/, async (request) => {
    if (request.actor.via === 'anonymous' && !csrfValid(request)) throw new ForbiddenError(CSRF_MESSAGE);
    const f = fieldsOf(request.body);
    await services.account.resetPassword({
      token: f.reset_password_token,
      password: f.password,
      passwordConfirmation: f.password_confirmation,
    });
    return { message: 'Your password has been changed successfully. Sign in with it.' };
  });
}
