import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

/** REST v4 routes of the awards domain (mounted under /api/v4): none yet (reactions go through GraphQL). */
export function awardsRoutes(_api: FastifyInstance, _services: Services, _config: Config): void {}

/** The web UI's JSON endpoints: the filter bar's "my reaction" suggestions. */
export function awardsUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  // GitLab's `GET /-/autocomplete/award_emojis`: the user's most used names, [] when signed out.
  ui.add('GET', /^\/-\/autocomplete\/award_emojis(?:\.json)?$/, async (request) =>
    (await services.awards.mostUsed(request.actor)).map((name) => ({ name })),
  );
}
