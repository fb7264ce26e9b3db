/**
 * The issue page's linked items (GitLab's Projects::IssueLinksController, decision 0009):
 * `GET /<project>/-/issues/<iid>/links` lists linked issues with their link type, `POST` links
 * `issuable_references` (`#12`, `group/project#12`, issue URLs) with a `link_type`, and
 * `DELETE …/links/<id>` removes one. POST and DELETE answer the new list as `{issuables}`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import { AppError, fullMessages, NotFoundError } from '../../errors.ts';
import { capped, type Params } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { NO_MATCHING_ISSUE } from './epic-issues.service.ts';
import { LINK_TYPES, type LinkedIssue, type LinkType } from './issue-links.service.ts';
import { issueReference, issueWebPath } from './issues.entity.ts';
import type { IssueNode } from './issues.types.ts';
import { parseIssueReference } from './issues-ui.routes.ts';

const LINKS = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})\/links$/;
const LINK = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})\/links\/(?<linkId>\d{1,15})$/;

function linkedItem(x: LinkedIssue, from: IssueNode, canAdmin: boolean) {
  const n = x.other;
  return {
    id: n.issue.id,
    iid: n.issue.iid,
    title: n.issue.title,
    state: n.issue.state,
    confidential: n.issue.confidential,
    reference: n.project.id === from.project.id ? issueReference(n, false) : issueReference(n, true),
    path: issueWebPath(n),
    relation_path: canAdmin ? `${issueWebPath(from)}/links/${x.link.id}` : null,
    issue_link_id: x.link.id,
    link_type: x.linkType,
    link_created_at: x.link.createdAt.toISOString(),
    created_at: n.issue.createdAt.toISOString(),
    closed_at: n.issue.closedAt?.toISOString() ?? null,
  };
}

function bodyOf(request: FastifyRequest): Params {
  return request.body && typeof request.body === 'object' ? (request.body as Params) : {};
}

/** A refusal as the IssuableLinks controllers send it: `{message}` with the status. */
function sendError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || error instanceof NotFoundError) throw error;
  if (error.status === 403) return reply.code(403).send({ message: "You don't have permission to link issues." });
  const message = error.fields ? fullMessages(error.fields).join(', ') : error.message;
  return reply.code(error.status === 400 ? 422 : error.status).send({ message });
}

export function issueLinksUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  async function issueOf(actor: Actor, params: Record<string, string>): Promise<IssueNode> {
    const project = await services.projects.get(actor, params.project ?? '');
    return await services.issues.get(actor, project, Number(params.iid));
  }

  async function items(actor: Actor, issue: IssueNode) {
    const [links, canAdmin] = await Promise.all([
      services.issues.links.list(actor, issue),
      services.issues.links.canAdmin(actor, issue),
    ]);
    return links.map((x) => linkedItem(x, issue, canAdmin));
  }

  /** `#12` (this project), `group/project#12` or an issue URL → the readable issue, if any. */
  async function resolve(actor: Actor, from: IssueNode, ref: string): Promise<IssueNode | undefined> {
    const local = /^#(\d{1,9})$/.exec(ref.trim());
    const parsed = local
      ? { projectPath: from.project.fullPath, iid: Number(local[1]) }
      : parseIssueReference(ref, config.externalUrl);
    const project = parsed && (await services.projects.find(actor, parsed.projectPath));
    return project && parsed ? await services.issues.find(actor, project, parsed.iid) : undefined;
  }

  ui.add('GET', LINKS, async (request, _reply, params) => items(request.actor, await issueOf(request.actor, params)));

  ui.add('POST', LINKS, async (request, reply, params) => {
    requireUser(request.actor, true);
    const issue = await issueOf(request.actor, params);
    const body = bodyOf(request);
    const refs = Array.isArray(body.issuable_references) ? capped(body.issuable_references, 'issuable_references') : [];
    const list = [...new Set(refs.filter((r): r is string => typeof r === 'string' && r.trim() !== ''))];
    const linkType = body.link_type ?? 'relates_to';
    try {
      if (typeof linkType !== 'string' || !(LINK_TYPES as readonly string[]).includes(linkType)) {
        throw new AppError(422, `Link type must be one of: ${LINK_TYPES.join(', ')}`);
      }
      const targets = await Promise.all(list.map((ref) => resolve(request.actor, issue, ref)));
      if (targets.length === 0 || targets.some((t) => t === undefined)) throw new AppError(404, NO_MATCHING_ISSUE);
      for (const target of targets) {
        if (target) await services.issues.links.create(request.actor, issue, target, linkType as LinkType);
      }
      return { message: null, issuables: await items(request.actor, issue) };
    } catch (error) {
      if (error instanceof NotFoundError) return reply.code(404).send({ message: NO_MATCHING_ISSUE });
      return sendError(reply, error);
    }
  });

  ui.add('DELETE', LINK, async (request, reply, params) => {
    requireUser(request.actor, true);
    const issue = await issueOf(request.actor, params);
    try {
      await services.issues.links.remove(request.actor, issue, Number(params.linkId));
      return { issuables: await items(request.actor, issue) };
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
