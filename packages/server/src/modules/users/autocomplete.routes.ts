import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { boolParam, intParam, listParam, ParamError, type Params, stringParam } from '../../http/grape-params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import type { UserState } from './autocomplete.repository.ts';
import { restAvatarUrl } from './users.entity.ts';

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
    avatar_url: restAvatarUrl(u.avatarUrl, base),
    web_url: `${base}/${u.username}`,
    path: `/${u.username}`,
  };
}

/** GitLab's user states the `states` parameter takes (`ldap_blocked` is a blocked state here). */
const STATES: Readonly<Record<string, UserState[]>> = {
  active: ['active'],
  blocked: ['blocked'],
  ldap_blocked: ['blocked'],
};

/** `states[]=active&states[]=blocked` (or `states=active,blocked`): which users to suggest; active when absent. */
function statesParam(q: Params): UserState[] | undefined {
  const names = listParam(q, 'states');
  if (!names) return undefined;
  const states = new Set<UserState>();
  for (const name of names) {
    const mapped = STATES[name];
    if (!mapped) throw new ParamError('states does not have a valid value');
    for (const state of mapped) states.add(state);
  }
  return [...states];
}

/**
 * `GET /-/autocomplete/users.json?search=&states[]=active&group_id=&project_id=&current_user=true&author_id=`
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
      states: statesParam(q),
      prependUserIds: prepend,
    });
    return users.map((u) => autocompleteEntity(u, config.externalUrl));
  });
}
