/**
 * The issue lists' REST and UI paths: manual reorder (`PUT /projects/:id/issues/:issue_iid/reorder`,
 * and the list page's `PUT /<project>/-/issues/<iid>/reorder`), the CSV export of the list's
 * current filter (`GET /<project>/-/issues/export_csv?…`, `/groups/<g>/-/issues/export_csv?…`,
 * served as a download) and its Atom feed (`/<project>/-/issues.atom?…`, `/groups/<g>/-/issues.atom?…`).
 * The downloads read the web list's own query string (GitLab's issue list keys).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import type { GroupRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { intParam, type Params, paramsOf } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { atomFeed, csvHeader, csvRow } from './issue-exports.entity.ts';
import type { IssueFilter } from './issue-filters.ts';
import { issueFilterFromListUrl } from './issue-list-view.ts';
import { presentIssues, projectIssue } from './issue-rest.ts';
import type { IssueNode } from './issues.types.ts';

const GROUP_LIST = /^\/groups\/(?<group>[^?#]+?)\/-\/issues(?<kind>\/export_csv|\.atom)$/;
const PROJECT_LIST = /^\/(?<project>[^?#]+?)\/-\/issues(?<kind>\/export_csv|\.atom)$/;
const PROJECT_REORDER = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})\/reorder$/;

/** `move_before_id` / `move_after_id`: an issue's global id, or nothing. */
function neighbourId(p: Params, name: string): number | null {
  const v = p[name];
  if (v === undefined || v === null || v === '') return null;
  return intParam(p, name) ?? null;
}

async function reorder(services: Services, actor: Actor, node: IssueNode, p: Params) {
  await services.issues.lists.reorder(actor, node, neighbourId(p, 'move_before_id'), neighbourId(p, 'move_after_id'));
}

function queryPairs(request: FastifyRequest): [string, string][] {
  const query = request.url.split('?')[1] ?? '';
  return [...new URLSearchParams(query)];
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const fileName = (fullPath: string) => `${fullPath.replace(/[^A-Za-z0-9_-]+/g, '-')}_issues_${day(new Date())}.csv`;

/** REST: `PUT /projects/:id/issues/:issue_iid/reorder` (registered in the issues routes' scope). */
export function issueListsRestRoutes(api: FastifyInstance, services: Services, config: Config): void {
  api.put<{ Params: { id: string; issue_iid: string } }>('/projects/:id/issues/:issue_iid/reorder', async (request) => {
    requireUser(request.actor, true);
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    await reorder(services, request.actor, node, paramsOf(request));
    return (await presentIssues(services, request.actor, [node], config.externalUrl))[0];
  });
}

/** The list page's reorder and downloads. */
export function issueListsUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  const base = config.externalUrl;

  ui.add('PUT', PROJECT_REORDER, async (request, reply, params) => {
    requireUser(request.actor, true);
    const project = await services.projects.get(request.actor, params.project ?? '');
    const node = await services.issues.get(request.actor, project, Number(params.iid));
    try {
      await reorder(services, request.actor, node, paramsOf(request));
    } catch (error) {
      if (error instanceof AppError && (error.status === 400 || error.status === 422)) {
        return reply.code(422).send({ message: error.message });
      }
      throw error;
    }
    return {};
  });

  /** Streams the list as CSV (chunk by chunk) or answers its Atom feed. */
  async function download(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string | undefined,
    scope: { filter: IssueFilter; fullPath: string; title: string; listPath: string; group: GroupRow },
  ) {
    const findEpicId = async (iid: number) =>
      (await services.issues.epicIssues.findEpic(request.actor, scope.group, iid))?.epic.id;
    const pairs = queryPairs(request);
    const filter = { ...(await issueFilterFromListUrl(pairs, findEpicId)), ...scope.filter };
    if (kind === '.atom') {
      // The feed: the 20 most recently updated issues of the filter, as GitLab's issues.atom.
      const { rows, details } = await services.issues.list(
        request.actor,
        { ...filter, sort: 'UPDATED_DESC' },
        { limit: 20, offset: 0 },
        { details: true },
      );
      const entities = await presentIssues(services, request.actor, rows, base, { details });
      const query = request.url.includes('?') ? `?${request.url.split('?')[1]}` : '';
      const updated = rows[0]?.issue.updatedAt ?? new Date();
      reply.header('content-type', 'application/atom+xml; charset=utf-8');
      return reply.send(
        atomFeed(
          {
            title: `${scope.title} issues`,
            selfUrl: `${base}${request.url}`,
            alternateUrl: `${base}${scope.listPath}${query}`,
            updated,
          },
          entities,
        ),
      );
    }
    let csv = csvHeader();
    for await (const chunk of services.issues.lists.exportChunks(request.actor, filter)) {
      for (const entity of await presentIssues(services, request.actor, chunk.rows, base)) csv += csvRow(entity);
    }
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName(scope.fullPath)}"`);
    return reply.send(csv);
  }

  ui.add('GET', GROUP_LIST, async (request, reply, params) => {
    const group = await services.groups.get(request.actor, params.group ?? '');
    return await download(request, reply, params.kind, {
      filter: { groupId: group.id, includeSubgroups: true },
      fullPath: group.fullPath,
      title: group.name,
      listPath: `/groups/${group.fullPath}/-/issues`,
      group,
    });
  });

  ui.add('GET', PROJECT_LIST, async (request, reply, params) => {
    const { project, group } = await services.projects.get(request.actor, params.project ?? '');
    return await download(request, reply, params.kind, {
      filter: { projectId: project.id },
      fullPath: project.fullPath,
      title: project.name,
      listPath: `/${project.fullPath}/-/issues`,
      group,
    });
  });
}
