import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { boolParam, intParam, type Params, stringParam } from '../../http/grape-params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

/** GitLab's UserSerializer as the autocomplete JSON sends it. */
function autocompleteEntity(
  u: { id: number; username: string; name: string; state: string; avatarUrl: string | null },
  base: string,
) {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: u.avatarUrl,
    web_url: `${base}/${u.username}`,
    path: `/${u.username}`,
  };
}

/**
 * `GET /-/autocomplete/users.json?search=&active=true&group_id=&project_id=&current_user=true&author_id=`
 * (signed-out visitors allowed for public groups and projects; at most 20, not paginated).
 */
export function autocompleteUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  ui.add('GET', /^\/-\/autocomplete\/users(\.json)?$/, async (request: FastifyRequest) => {
    const q = request.query as Params;
    const projectId = intParam(q, 'project_id');
    const groupId = intParam(q, 'group_id');
    const prepend: number[] = [];
    if (boolParam(q, 'current_user') && request.actor.user) prepend.push(request.actor.user.id);
    const authorId = intParam(q, 'author_id');
    if (authorId !== undefined) prepend.push(authorId);
    const users = await services.autocomplete.users(request.actor, {
      project: projectId !== undefined ? await services.projects.get(request.actor, projectId) : undefined,
      group:
        projectId === undefined && groupId !== undefined
          ? await services.groups.get(request.actor, groupId)
          : undefined,
      search: stringParam(q, 'search'),
      prependUserIds: prepend,
    });
    return users.map((u) => autocompleteEntity(u, config.externalUrl));
  });
}
