/**
 * The web UI's JSON endpoints for issues (GitLab's Rails controllers): the issue page's update
 * (`PUT /<project>/-/issues/<iid>.json` with `lock_version`) and the epic page's issue list
 * (`/groups/<g>/-/epics/<iid>/issues[/<epic_issue_id>]`, adding by reference).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../authz/actor.ts';
import type { Config } from '../../config.ts';
import { AppError, fullMessages, NotFoundError } from '../../errors.ts';
import { capped, type Params, paramsOf } from '../../http/grape-params.ts';
import { requireUser } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { Services } from '../services.ts';
import { taskToggleParam } from '../task-lists/task-toggle-params.ts';
import { restAvatarUrl } from '../users/users.entity.ts';
import { issueInputFromParams } from './issue-params.ts';
import { issueReference, issueUiEntity, issueWebPath } from './issues.entity.ts';
import type { EpicIssueNode, IssueNode } from './issues.types.ts';

const PROJECT_ISSUE = /^\/(?<project>[^?#]+?)\/-\/issues\/(?<iid>\d{1,9})\.json$/;
const EPIC_ISSUES = /^\/groups\/(?<group>[^?#]+?)\/-\/epics\/(?<iid>\d{1,9})\/issues$/;
const EPIC_ISSUE = /^\/groups\/(?<group>[^?#]+?)\/-\/epics\/(?<iid>\d{1,9})\/issues\/(?<rel>\d{1,15})$/;

/** `group/project#12`, `/group/project/-/issues/12` (or `…/issues/incident/12`), `https://host/group/project/-/issues/12`. */
export function parseIssueReference(ref: string, baseUrl: string): { projectPath: string; iid: number } | undefined {
  const text = ref.trim();
  const short = /^([\w.-]+(?:\/[\w.-]+)+)#(\d{1,9})$/.exec(text);
  if (short) return { projectPath: short[1] as string, iid: Number(short[2]) };
  let path = text;
  if (/^https?:\/\//.test(text)) {
    try {
      const url = new URL(text);
      if (url.origin !== new URL(baseUrl).origin) return undefined;
      path = url.pathname;
    } catch {
      return undefined;
    }
  }
  const m = /^\/?([\w.-]+(?:\/[\w.-]+)+?)(?:\/-)?\/issues\/(?:incident\/)?(\d{1,9})\/?$/.exec(path);
  return m ? { projectPath: m[1] as string, iid: Number(m[2]) } : undefined;
}

/** The UI's errors: `{errors: [...]}` with the status (422 for validation, 409 for conflicts). */
async function withUiErrors(reply: FastifyReply, fn: () => Promise<unknown>) {
  try {
    return await fn();
  } catch (error) {
    if (
      error instanceof AppError &&
      !(error instanceof NotFoundError) &&
      error.status !== 401 &&
      error.status !== 403
    ) {
      const status = error.status === 400 || error.status === 422 ? 422 : error.status;
      return reply.code(status).send({ errors: error.fields ? fullMessages(error.fields) : [error.message] });
    }
    throw error;
  }
}

export function issuesUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  const base = config.externalUrl;

  async function issueOf(actor: Actor, params: Record<string, string>): Promise<IssueNode> {
    const project = await services.projects.get(actor, params.project ?? '');
    return await services.issues.get(actor, project, Number(params.iid));
  }

  async function uiEntity(actor: Actor, node: IssueNode) {
    const details = await services.issues.details(actor, [node]);
    const d = details.get(node.issue.id);
    if (!d) throw new NotFoundError('Issue Not Found');
    const context = { type: 'Project', project: node.project } as const;
    const [title, description] = await Promise.all([
      services.markdown.renderTitle(actor, node.issue.title, context),
      services.markdown.render(actor, node.issue.description, context),
    ]);
    return issueUiEntity(node, d, base, { title, description });
  }

  ui.add('GET', PROJECT_ISSUE, async (request, _reply, params) =>
    uiEntity(request.actor, await issueOf(request.actor, params)),
  );

  ui.add('PUT', PROJECT_ISSUE, async (request, reply, params) => {
    requireUser(request.actor, true);
    const p = paramsOf(request);
    const attrs = (p.issue && typeof p.issue === 'object' ? p.issue : p) as Params;
    const node = await issueOf(request.actor, params);
    return await withUiErrors(reply, async () => {
      const input = { ...issueInputFromParams(attrs), taskToggle: taskToggleParam(attrs) };
      const updated = await services.issues.update(request.actor, node, input);
      return await uiEntity(request.actor, updated);
    });
  });

  async function epicOf(actor: Actor, params: Record<string, string>): Promise<EpicNode> {
    const group = await services.groups.get(actor, params.group ?? '');
    return await services.issues.epicIssues.getEpic(actor, group, Number(params.iid));
  }

  /** The epic page's linked-issue items. */
  async function linkedItems(actor: Actor, epic: EpicNode, rows: EpicIssueNode[]) {
    const details = await services.issues.details(actor, rows);
    return rows.map((n) => {
      const d = details.get(n.issue.id);
      return {
        id: n.issue.id,
        iid: n.issue.iid,
        epic_issue_id: n.epicIssue.id,
        relative_position: n.epicIssue.relativePosition,
        confidential: n.issue.confidential,
        title: n.issue.title,
        state: n.issue.state,
        reference: issueReference(n, true),
        path: issueWebPath(n),
        relation_path: `/groups/${epic.group.fullPath}/-/epics/${epic.epic.iid}/issues/${n.epicIssue.id}`,
        assignees: (d?.assignees ?? []).map((u) => ({
          id: u.id,
          name: u.name,
          username: u.username,
          avatar_url: restAvatarUrl(u.avatarUrl, base),
          web_url: `${base}/${u.username}`,
          path: `/${u.username}`,
        })),
        milestone: d?.milestone
          ? {
              id: d.milestone.id,
              title: d.milestone.title,
              start_date: d.milestone.startDate,
              due_date: d.milestone.dueDate,
            }
          : null,
        weight: n.issue.weight,
        due_date: n.issue.dueDate,
        health_status: d ? d.healthStatus : null,
        created_at: n.issue.createdAt.toISOString(),
        closed_at: n.issue.closedAt?.toISOString() ?? null,
        can_admin: true,
      };
    });
  }

  async function allLinked(actor: Actor, epic: EpicNode) {
    const { rows } = await services.issues.epicIssues.list(actor, epic, { limit: 1000, offset: 0 });
    return await linkedItems(actor, epic, rows);
  }

  ui.add('GET', EPIC_ISSUES, async (request, _reply, params) => {
    const epic = await epicOf(request.actor, params);
    return await allLinked(request.actor, epic);
  });

  ui.add('POST', EPIC_ISSUES, async (request: FastifyRequest, reply, params) => {
    requireUser(request.actor, true);
    const epic = await epicOf(request.actor, params);
    const p = paramsOf(request);
    const refs = capped(
      Array.isArray(p.issuable_references) ? p.issuable_references : [p.issuable_references],
      'issuable_references',
    );
    const found: IssueNode[] = [];
    for (const ref of refs) {
      const parsed = typeof ref === 'string' ? parseIssueReference(ref, base) : undefined;
      const project = parsed && (await services.projects.find(request.actor, parsed.projectPath));
      const issue = project && parsed && (await services.issues.find(request.actor, project, parsed.iid));
      if (issue && !found.some((f) => f.issue.id === issue.issue.id)) found.push(issue);
    }
    try {
      if (found.length === 0)
        throw new AppError(404, 'No matching issue found. Make sure that you are adding a valid issue URL.');
      await services.issues.epicIssues.assignMany(request.actor, epic, found);
    } catch (error) {
      if (error instanceof AppError && [404, 409, 422].includes(error.status) && !(error instanceof NotFoundError)) {
        const message = error.fields ? fullMessages(error.fields).join(', ') : error.message;
        return reply.code(error.status).send({ message, issuables: [] });
      }
      throw error;
    }
    return { message: null, issuables: await allLinked(request.actor, epic) };
  });

  ui.add('PUT', EPIC_ISSUE, async (request, reply, params) => {
    requireUser(request.actor, true);
    const epic = await epicOf(request.actor, params);
    const p = paramsOf(request);
    const attrs = (p.epic && typeof p.epic === 'object' ? p.epic : p) as Params;
    const id = (name: string) => (attrs[name] === undefined || attrs[name] === null ? undefined : Number(attrs[name]));
    try {
      await services.issues.epicIssues.move(request.actor, epic, Number(params.rel), {
        beforeId: id('move_before_id'),
        afterId: id('move_after_id'),
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 400) return reply.code(400).send({ message: error.message });
      throw error;
    }
    return { message: null };
  });

  ui.add('DELETE', EPIC_ISSUE, async (request, _reply, params) => {
    requireUser(request.actor, true);
    const epic = await epicOf(request.actor, params);
    await services.issues.epicIssues.remove(request.actor, epic, Number(params.rel));
    return { issuables: await allLinked(request.actor, epic) };
  });
}
