/**
 * The issue page's polling endpoint (GitLab's `IssuableActions#realtime_changes`):
 * `GET /<project>/-/issues/<iid>/realtime_changes` (and `…/issues/incident/<iid>/…`) with the
 * `Poll-Interval` header; an unchanged issue answers `304` to its `ETag`. Hidden or missing
 * issues and projects answer the same 404.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';

const REALTIME_CHANGES = /^\/(?<project>[^?#]+?)\/-\/issues\/(?:incident\/)?(?<iid>\d{1,9})\/realtime_changes$/;
/** GitLab's interval for an issue's realtime changes, before the multiplier. */
export const REALTIME_CHANGES_INTERVAL_MS = 3000;

/** `Poll-Interval` in ms for a base interval: -1 (stop polling) when the multiplier is 0. */
export function pollInterval(baseMs: number, multiplier: number): number {
  return multiplier > 0 ? Math.round(baseMs * multiplier) : -1;
}

export function issuePageUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  ui.add('GET', REALTIME_CHANGES, async (request, reply, params) => {
    const project = await services.projects.get(request.actor, params.project ?? '');
    const node = await services.issues.get(request.actor, project, Number(params.iid));
    const body = await services.issuePage.realtimeChanges(request.actor, node);
    const etag = `W/"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
    reply.header('Poll-Interval', String(pollInterval(REALTIME_CHANGES_INTERVAL_MS, config.pollingIntervalMultiplier)));
    reply.header('ETag', etag);
    reply.header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return body;
  });
}
