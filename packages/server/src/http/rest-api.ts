import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { tokensRoutes } from '../modules/auth/tokens.routes.ts';
import { groupsRoutes } from '../modules/groups/groups.routes.ts';
import { membersRoutes } from '../modules/members/members.routes.ts';
import { projectsRoutes } from '../modules/projects/projects.routes.ts';
import type { Services } from '../modules/services.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';

/** GitLab's REST API v4 subset, under /api/v4. Routes are thin: they parse, call a service, shape. */
export function registerRestApi(app: FastifyInstance, services: Services, config: Config): void {
  app.register(
    async (api) => {
      usersRoutes(api, services, config);
      groupsRoutes(api, services, config);
      projectsRoutes(api, services, config);
      membersRoutes(api, services, config);
      tokensRoutes(api, services, config);
    },
    { prefix: '/api/v4' },
  );
}
