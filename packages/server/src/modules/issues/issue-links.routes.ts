/** REST v4 issue links (lib/api/issue_links.rb): list (unpaginated), create, show, delete. */
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import { NotFoundError } from '../../errors.ts';
import { intParam, ParamError, paramsOf, requireParams, stringParam } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { LINK_TYPES, type LinkedIssue, type LinkType } from './issue-links.service.ts';
import { presentIssues, projectIssue } from './issue-rest.ts';
import type { IssueNode } from './issues.types.ts';

type IssueParams = { Params: { id: string; issue_iid: string } };
type LinkParams = { Params: { id: string; issue_iid: string; issue_link_id: string } };

export function issueLinksRoutes(r: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  /** `{source_issue, target_issue, link_type}` of a link of `issue`. */
  async function linkEntity(actor: Actor, issue: IssueNode, found: LinkedIssue | undefined) {
    if (!found) throw new NotFoundError('Not found');
    const nodes = found.link.sourceId === issue.issue.id ? [issue, found.other] : [found.other, issue];
    const [source, target] = await presentIssues(services, actor, nodes, base);
    return { source_issue: source, target_issue: target, link_type: found.link.linkType };
  }

  const linkId = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1);

  r.get<IssueParams>('/projects/:id/issues/:issue_iid/links', async (request) => {
    const issue = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const links = await services.issues.links.list(request.actor, issue);
    const entities = await presentIssues(
      services,
      request.actor,
      links.map((l) => l.other),
      base,
    );
    return entities.map((entity, i) => {
      const l = links[i];
      return {
        ...entity,
        issue_link_id: l?.link.id,
        link_type: l?.linkType,
        link_created_at: l?.link.createdAt.toISOString(),
        link_updated_at: l?.link.updatedAt.toISOString(),
      };
    });
  });

  r.post<IssueParams>('/projects/:id/issues/:issue_iid/links', async (request, reply) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    requireParams(p, 'target_project_id', 'target_issue_iid');
    const linkType = (stringParam(p, 'link_type') ?? 'relates_to') as LinkType;
    if (!(LINK_TYPES as readonly string[]).includes(linkType))
      throw new ParamError('link_type does not have a valid value');
    const targetIid = intParam(p, 'target_issue_iid');
    const issue = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const target = await projectIssue(services, request.actor, String(p.target_project_id), String(targetIid));
    const created = await services.issues.links.create(request.actor, issue, target, linkType);
    const [source, targetEntity] = await presentIssues(services, request.actor, [created.source, created.target], base);
    return reply.code(201).send({ source_issue: source, target_issue: targetEntity, link_type: linkType });
  });

  r.get<LinkParams>('/projects/:id/issues/:issue_iid/links/:issue_link_id', async (request) => {
    const issue = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const found = await services.issues.links.find(request.actor, issue, linkId(request.params.issue_link_id));
    return await linkEntity(request.actor, issue, found);
  });

  r.delete<LinkParams>('/projects/:id/issues/:issue_iid/links/:issue_link_id', async (request) => {
    requireUser(request.actor, true);
    const issue = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const id = linkId(request.params.issue_link_id);
    const entity = await linkEntity(request.actor, issue, await services.issues.links.find(request.actor, issue, id));
    await services.issues.links.remove(request.actor, issue, id);
    return entity;
  });
}
