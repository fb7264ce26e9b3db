/**
 * The issue page's action endpoints (GitLab's IssuesController), as JSON for the web app:
 * - `POST /<project>/-/issues/<iid>/mark_as_spam` — 'Submit as spam' (administrators): the issue
 *   is hidden; answers `{id, iid, hidden}`.
 * - `DELETE /<project>/-/issues/<iid>` with `destroy_confirm`, or `POST` to the same path with
 *   `_method=delete` (the form's method override) — deletes the issue; answers `{web_url}` of the
 *   project's issue list, where the page goes next.
 * Missing and hidden issues answer the same 404; a write without permission 403.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { boolParam, type Params, paramsOf } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

const ISSUE = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})$/;
const MARK_AS_SPAM = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})\/mark_as_spam$/;

/** 'destroy_confirm' is GitLab's guard against a stray request deleting an issue. */
export const DESTROY_CONFIRM_MISSING = 'destroy_confirm is missing';

export function issueActionsUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  async function issueOf(request: FastifyRequest, params: Record<string, string>) {
    const project = await services.projects.get(request.actor, params.project ?? '');
    return await services.issues.get(request.actor, project, Number(params.iid));
  }

  ui.add('POST', MARK_AS_SPAM, async (request, _reply, params) => {
    requireUser(request.actor, true);
    const node = await services.issues.markAsSpam(request.actor, await issueOf(request, params));
    return { id: node.issue.id, iid: node.issue.iid, hidden: node.issue.hidden };
  });

  const destroy = async (request: FastifyRequest, params: Record<string, string>, p: Params) => {
    requireUser(request.actor, true);
    const node = await issueOf(request, params);
    if (boolParam(p, 'destroy_confirm') !== true) throw new AppError(400, DESTROY_CONFIRM_MISSING);
    await services.issues.remove(request.actor, node);
    return { web_url: `${config.externalUrl}/${node.project.fullPath}/-/issues` };
  };

  ui.add('DELETE', ISSUE, (request, _reply, params) => destroy(request, params, paramsOf(request)));

  ui.add('POST', ISSUE, async (request, _reply, params) => {
    const p = paramsOf(request);
    if (typeof p._method !== 'string' || p._method.toLowerCase() !== 'delete') {
      throw new AppError(405, '405 Method Not Allowed');
    }
    return await destroy(request, params, p);
  });
}
