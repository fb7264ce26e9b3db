/** REST v4 epic issues (ee/lib/api/epic_issues.rb): `/groups/:id/epics/:epic_iid/issues[/:id]`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import { intParam, ParamError, type Params, pageOf, paramsOf, resourceId } from '../../http/grape-params.ts';
import { setPaginationHeaders } from '../../http/pagination.ts';
import { requireUser } from '../../http/params.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { Services } from '../services.ts';
import { IssueNotMovedError, NoMatchingIssueError } from './epic-issues.service.ts';
import { presentIssues } from './issue-rest.ts';
import { epicSummaryEntity } from './issues.entity.ts';
import type { EpicIssueNode } from './issues.types.ts';

type EpicParams = { Params: { id: string; epic_iid: string } };
type RelationParams = { Params: { id: string; epic_iid: string; rel_id: string } };

const numeric = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : -1);

export function epicIssuesRoutes(r: FastifyInstance, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function epicOf(request: FastifyRequest<{ Params: { id: string; epic_iid: string } }>): Promise<EpicNode> {
    const group = await services.groups.get(request.actor, resourceId(request.params.id));
    return await services.issues.epicIssues.getEpic(request.actor, group, numeric(request.params.epic_iid));
  }

  /** Issue entities plus the relation's id and position. */
  async function present(actor: Actor, rows: EpicIssueNode[]) {
    const entities = await presentIssues(services, actor, rows, base);
    return entities.map((e, i) => ({
      ...e,
      epic_issue_id: rows[i]?.epicIssue.id,
      relative_position: rows[i]?.epicIssue.relativePosition ?? null,
    }));
  }

  /** `{id, relative_position, epic, issue}` (GitLab's EpicIssueLink entity). */
  async function linkEntity(actor: Actor, epic: EpicNode, row: EpicIssueNode) {
    const [issue] = await presentIssues(services, actor, [row], base);
    // A parent the actor may not read is shown as no parent (hidden == missing).
    const parentId = epic.epic.parentId;
    const parentReadable = parentId !== null && (await services.epics.findById(actor, parentId)) !== undefined;
    return {
      id: row.epicIssue.id,
      relative_position: row.epicIssue.relativePosition,
      epic: epicSummaryEntity({ ...epic, epic: { ...epic.epic, parentId: parentReadable ? parentId : null } }, base),
      issue,
    };
  }

  for (const prefix of ['/groups/:id/epics/:epic_iid/issues', '/groups/:id/-/epics/:epic_iid/issues']) {
    r.get<EpicParams>(prefix, async (request, reply) => {
      const page = pageOf(request.query as Params);
      const epic = await epicOf(request);
      const { rows, total } = await services.issues.epicIssues.list(request.actor, epic, page);
      setPaginationHeaders(request, reply, page, total, base);
      return await present(request.actor, rows);
    });

    r.post<RelationParams>(`${prefix}/:rel_id`, async (request, reply) => {
      requireUser(request.actor, true);
      const epic = await epicOf(request);
      const issue = await services.issues.findById(request.actor, numeric(request.params.rel_id));
      if (!issue) throw new NoMatchingIssueError();
      const row = await services.issues.epicIssues.assign(request.actor, epic, issue);
      return reply.code(201).send(await linkEntity(request.actor, epic, row));
    });

    r.put<RelationParams>(`${prefix}/:rel_id`, async (request, reply) => {
      requireUser(request.actor, true);
      const p = paramsOf(request);
      const beforeId = intParam(p, 'move_before_id');
      const afterId = intParam(p, 'move_after_id');
      if (beforeId === undefined && afterId === undefined) {
        throw new ParamError('move_before_id, move_after_id are missing, at least one parameter must be provided');
      }
      const epic = await epicOf(request);
      try {
        await services.issues.epicIssues.move(request.actor, epic, numeric(request.params.rel_id), {
          beforeId,
          afterId,
        });
      } catch (error) {
        if (error instanceof IssueNotMovedError) return reply.code(400).send({ message: { error: error.message } });
        throw error;
      }
      const { rows } = await services.issues.epicIssues.list(request.actor, epic, { limit: 100, offset: 0 });
      return await present(request.actor, rows);
    });

    r.delete<RelationParams>(`${prefix}/:rel_id`, async (request) => {
      requireUser(request.actor, true);
      const epic = await epicOf(request);
      const removed = await services.issues.epicIssues.remove(request.actor, epic, numeric(request.params.rel_id));
      return await linkEntity(request.actor, epic, removed);
    });
  }
}
