/**
 * REST v4 time tracking of issues (GitLab's TimeTrackingEndpoints): set or reset the estimate, add
 * or reset spent time, read the stats. Each answers the IssuableTimeStats entity (POSTs with 201,
 * as Grape does). Hidden issues are 404s; Guests get 403 (Reporter+ tracks time).
 */
import type { FastifyInstance } from 'fastify';
import { paramsOf, requireParams, stringParam, timeParam } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { Services } from '../services.ts';
import { projectIssue } from './issue-rest.ts';
import { timeStatsEntity } from './issues.entity.ts';
import type { IssueNode } from './issues.types.ts';

type IssueParams = { Params: { id: string; issue_iid: string } };

export function timeTrackingRoutes(r: FastifyInstance, services: Services): void {
  const base = '/projects/:id/issues/:issue_iid';

  async function stats(node: IssueNode) {
    const s = (await services.timeTracking.stats([node])).get(node.issue.id);
    return timeStatsEntity(s?.timeEstimate ?? 0, s?.totalTimeSpent ?? 0);
  }

  r.get<IssueParams>(`${base}/time_stats`, async (request) => {
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    return await stats(node);
  });

  r.post<IssueParams>(`${base}/time_estimate`, async (request, reply) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    requireParams(p, 'duration');
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const updated = await services.timeTracking.setEstimate(request.actor, node, String(p.duration));
    return reply.code(201).send(await stats(updated));
  });

  r.post<IssueParams>(`${base}/reset_time_estimate`, async (request, reply) => {
    requireUser(request.actor, true);
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    const updated = await services.timeTracking.setEstimate(request.actor, node, 0);
    return reply.code(201).send(await stats(updated));
  });

  r.post<IssueParams>(`${base}/add_spent_time`, async (request, reply) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    requireParams(p, 'duration');
    const spentAt = timeParam(p, 'spent_at');
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    await services.timeTracking.addSpent(request.actor, node, {
      duration: String(p.duration),
      summary: stringParam(p, 'summary') ?? null,
      spentAt: spentAt ? new Date(spentAt) : null,
    });
    return reply.code(201).send(await stats(node));
  });

  r.post<IssueParams>(`${base}/reset_spent_time`, async (request, reply) => {
    requireUser(request.actor, true);
    const node = await projectIssue(services, request.actor, request.params.id, request.params.issue_iid);
    await services.timeTracking.resetSpent(request.actor, node);
    return reply.code(201).send(await stats(node));
  });
}
