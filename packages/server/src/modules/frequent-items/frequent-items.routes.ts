/**
 * The web app's visit tracking (GitLab's `POST /-/track_namespace_visits`, body `{type, id}` with
 * `type` `projects` or `groups`): 200 with an empty body; 400 when either is missing or wrong;
 * 404 for a project or group the user cannot read; 401 signed out.
 */
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { paramsOf } from '../../http/grape-params.ts';
import { numericId, requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

export function frequentItemsUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  ui.add('POST', /^\/-\/track_namespace_visits$/, async (request, reply) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    if (p.type !== 'projects' && p.type !== 'groups') throw new AppError(400, 'type is missing or invalid');
    if (p.id === undefined || p.id === null || p.id === '') throw new AppError(400, 'id is missing');
    const id = numericId(String(p.id));
    if (p.type === 'projects') {
      await services.frequentItems.track(request.actor, {
        type: 'projects',
        project: await services.projects.get(request.actor, id),
      });
    } else {
      await services.frequentItems.track(request.actor, {
        type: 'groups',
        group: await services.groups.get(request.actor, id),
      });
    }
    return reply.code(200).send();
  });
}
