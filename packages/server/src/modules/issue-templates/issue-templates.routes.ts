/**
 * GitLab's project templates API for issue templates (lib/api/project_templates.rb):
 * - `GET /projects/:id/templates/issues` — `[{key, name}]` (+ `project_id`), paginated, by name;
 * - `GET /projects/:id/templates/issues/:name` — `{name, content}` (+ `project_id`);
 *   `source_template_project_id` is accepted (Milepost keeps templates in its database, not in
 *   template projects, so the project asked is always the source).
 * A project the caller may not read answers exactly like a missing one (404 Project Not Found).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ParamError, type Params, pageOf, resourceId, restRoutes } from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import type { Services } from '../services.ts';

type ListParams = { Params: { id: string } };
type OneParams = { Params: { id: string; name: string } };

export function issueTemplatesRoutes(api: FastifyInstance, services: Services, config: Config): void {
  restRoutes(api, (r) => {
    r.get<ListParams>('/projects/:id/templates/issues', async (request, reply) => {
      const page = pageOf(request.query as Params);
      const project = await services.projects.get(request.actor, resourceId(request.params.id));
      const { rows, total } = await services.issueTemplates.available(request.actor, project, page);
      setPaginationHeaders(request, reply, page, total, config.externalUrl);
      return rows.map((t) => ({ key: t.name, name: t.name, project_id: project.project.id }));
    });

    r.get<OneParams>('/projects/:id/templates/issues/:name', async (request) => {
      const source = (request.query as Params).source_template_project_id;
      if (source !== undefined && (typeof source !== 'string' || !/^\d{1,18}$/.test(source))) {
        throw new ParamError('source_template_project_id is invalid');
      }
      const project = await services.projects.get(request.actor, resourceId(request.params.id));
      const template = await services.issueTemplates.availableNamed(request.actor, project, request.params.name);
      return { name: template.name, content: template.content, project_id: project.project.id };
    });
  });
}
