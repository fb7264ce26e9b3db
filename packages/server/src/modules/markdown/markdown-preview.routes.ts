/**
 * GitLab's markdown preview for a group's or a project's forms (Write / Preview tabs of epics,
 * issues and comments): `POST /groups/<path>/-/preview_markdown` (also without `/-/`) and
 * `POST /<project path>/-/preview_markdown` with `{text}` → `{body: html}`.
 * The same renderer and sanitiser as stored descriptions, so the preview is what will be shown.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import { MAX_DESCRIPTION_LENGTH } from '../epics/epic-input.ts';
import type { Services } from '../services.ts';
import type { MarkdownContext } from './markdown.service.ts';

const PREVIEW = /^\/groups\/(?<group>[^?#]+?)(?:\/-)?\/preview_markdown$/;
const PROJECT_PREVIEW = /^\/(?!groups\/)(?<project>[^?#]+?)\/-\/preview_markdown$/;

function textOf(request: FastifyRequest): string {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const text = body.text;
  if (text === undefined || text === null) return '';
  if (typeof text !== 'string') throw new ValidationError({ text: ['is invalid'] }, 422);
  if (text.length > MAX_DESCRIPTION_LENGTH) {
    throw new ValidationError({ text: [`is too long (maximum is ${MAX_DESCRIPTION_LENGTH} characters)`] }, 422);
  }
  return text;
}

const preview = async (services: Services, request: FastifyRequest, context: MarkdownContext) => ({
  body: await services.markdown.render(request.actor, textOf(request), context),
  references: { users: [], commands: '', suggestions: [] },
});

export function markdownPreviewUiRoutes(ui: UiRouter, services: Services, _config: Config): void {
  ui.add('POST', PREVIEW, async (request, _reply, params) => {
    // Only where the viewer can read the group: a hidden group is a 404, like a missing one.
    const group = await services.groups.find(request.actor, params.group ?? '');
    if (!group) throw new NotFoundError();
    return await preview(services, request, { type: 'Group', group });
  });
  ui.add('POST', PROJECT_PREVIEW, async (request, _reply, params) => {
    const project = await services.projects.find(request.actor, params.project ?? '');
    if (!project) throw new NotFoundError();
    return await preview(services, request, { type: 'Project', project: project.project });
  });
}
