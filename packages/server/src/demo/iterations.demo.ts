/**
 * The demo's iterations: a manual two-week cadence of the platform group with the sprint before
 * last, the last one, the current one and the next (dates from the demo's today, so the same on every
 * start), and issues of acme/platform/web in the last and the current sprint — through the services.
 */
import type { Actor } from '../authz/actor.ts';
import type { GroupRow } from '../db/schema.ts';
import type { IssueNode } from '../modules/issues/issues.types.ts';
import type { Services } from '../modules/services.ts';

export type IterationsDemo = { cadences: number; iterations: number; issues: number };

const day = (today: Date, offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

export async function loadIterationsDemo(
  services: Services,
  actor: Actor,
  ctx: { platform: GroupRow; issues: readonly IssueNode[]; today: Date },
): Promise<IterationsDemo> {
  const cadence = await services.iterations.createCadence(actor, ctx.platform, {
    title: 'Platform sprints',
    description: 'Two-week sprints of the platform team.',
    automatic: false,
    active: true,
  });
  const sprints = [];
  for (const start of [-28, -14, 0, 14]) {
    sprints.push(
      await services.iterations.create(actor, ctx.platform, {
        cadenceId: cadence.id,
        startDate: day(ctx.today, start),
        dueDate: day(ctx.today, start + 13),
      }),
    );
  }
  const web = ctx.issues
    .filter((n) => n.project.fullPath === 'acme/platform/web' && !n.issue.confidential)
    .sort((a, b) => a.issue.iid - b.issue.iid);
  const [, last, current] = sprints;
  const planned = [
    ...web.slice(0, 4).map((node) => ({ node, sprint: last })),
    ...web.slice(4, 10).map((node) => ({ node, sprint: current })),
  ];
  for (const { node, sprint } of planned) {
    if (sprint) await services.iterations.setIssueIteration(actor, node, sprint.id);
  }
  return { cadences: 1, iterations: sprints.length, issues: planned.length };
}
