import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { abuseReportsRoutes, abuseReportsUiRoutes } from '../modules/abuse-reports/abuse-reports.routes.ts';
import { applicationSettingsRoutes } from '../modules/application-settings/application-settings.routes.ts';
import { tokensRoutes } from '../modules/auth/tokens.routes.ts';
import { awardsRoutes, awardsUiRoutes } from '../modules/awards/awards.routes.ts';
import { epicLinksRoutes, epicLinksUiRoutes } from '../modules/epics/epic-links.routes.ts';
import { epicsRoutes, epicsUiRoutes } from '../modules/epics/epics.routes.ts';
import { eventsRoutes } from '../modules/events/events.routes.ts';
import { frequentItemsUiRoutes } from '../modules/frequent-items/frequent-items.routes.ts';
import { groupsRoutes } from '../modules/groups/groups.routes.ts';
import { issueTemplatesRoutes } from '../modules/issue-templates/issue-templates.routes.ts';
import { issuesRoutes, issuesUiRoutes } from '../modules/issues/issues.routes.ts';
import { iterationsRoutes } from '../modules/iterations/iterations.routes.ts';
import { labelsRoutes, labelsUiRoutes } from '../modules/labels/labels.routes.ts';
import { markdownPreviewUiRoutes } from '../modules/markdown/markdown-preview.routes.ts';
import { membersRoutes } from '../modules/members/members.routes.ts';
import { milestonesRoutes, milestonesUiRoutes } from '../modules/milestones/milestones.routes.ts';
import { notesRoutes } from '../modules/notes/notes.routes.ts';
import { projectsRoutes } from '../modules/projects/projects.routes.ts';
import { searchRoutes } from '../modules/search/search.routes.ts';
import type { Services } from '../modules/services.ts';
import { todosRoutes } from '../modules/todos/todos.routes.ts';
import { uploadsRoutes, uploadsUiRoutes } from '../modules/uploads/uploads.routes.ts';
import { accountUiRoutes } from '../modules/users/account.routes.ts';
import { autocompleteUiRoutes } from '../modules/users/autocomplete.routes.ts';
import { preferencesRoutes } from '../modules/users/preferences.routes.ts';
import { usersAdminUiRoutes, usersRoutes } from '../modules/users/users.routes.ts';
import type { UiRouter } from './ui-router.ts';
import { versionRoutes } from './version.ts';

/** GitLab's REST API v4 subset, under /api/v4. Routes are thin: they parse, call a service, shape. */
export function registerRestApi(app: FastifyInstance, services: Services, config: Config, ui: UiRouter): void {
  for (const register of [
    labelsUiRoutes,
    milestonesUiRoutes,
    epicsUiRoutes,
    epicLinksUiRoutes,
    issuesUiRoutes,
    awardsUiRoutes,
    autocompleteUiRoutes,
    markdownPreviewUiRoutes,
    abuseReportsUiRoutes,
    usersAdminUiRoutes,
    accountUiRoutes,
    uploadsUiRoutes,
    frequentItemsUiRoutes,
  ]) {
    register(ui, services, config);
  }
  app.register(
    async (api) => {
      versionRoutes(api);
      usersRoutes(api, services, config);
      preferencesRoutes(api, services);
      groupsRoutes(api, services, config);
      projectsRoutes(api, services, config);
      membersRoutes(api, services, config);
      tokensRoutes(api, services, config);
      labelsRoutes(api, services, config);
      milestonesRoutes(api, services, config);
      epicsRoutes(api, services, config);
      epicLinksRoutes(api, services, config);
      issuesRoutes(api, services, config);
      iterationsRoutes(api, services, config);
      issueTemplatesRoutes(api, services, config);
      awardsRoutes(api, services, config);
      notesRoutes(api, services, config);
      abuseReportsRoutes(api, services, config);
      applicationSettingsRoutes(api, services);
      uploadsRoutes(api, services, config);
      searchRoutes(api, services, config);
      todosRoutes(api, services, config);
      eventsRoutes(api, services, config);
    },
    { prefix: '/api/v4' },
  );
}
