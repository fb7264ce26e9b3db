/** Named builders for labels and milestones. They go through the services, as the API does. */
import { userActor } from '../authz/actor.ts';
import type { GroupRow, LabelRow, MilestoneRow } from '../db/schema.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { TestApp } from './test-app.ts';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

type On = { group: GroupRow; project?: undefined } | { project: ProjectWithGroup; group?: undefined };

function container(on: On) {
  return on.project ? ({ type: 'Project', ...on.project } as const) : ({ type: 'Group', group: on.group } as const);
}

export function labelsMilestonesFactories(t: Pick<TestApp, 'services' | 'systemAdmin'>) {
  async function buildLabel(attrs: On & { title?: string; color?: string; description?: string }): Promise<LabelRow> {
    return await t.services.labels.create(userActor(await t.systemAdmin()), container(attrs), {
      title: attrs.title ?? `label-${next()}`,
      color: attrs.color ?? '#428bca',
      description: attrs.description,
    });
  }

  async function buildMilestone(
    attrs: On & {
      title?: string;
      description?: string;
      startDate?: string | null;
      dueDate?: string | null;
      state?: 'active' | 'closed';
    },
  ): Promise<MilestoneRow> {
    const actor = userActor(await t.systemAdmin());
    const c = container(attrs);
    const row = await t.services.milestones.create(actor, c, {
      title: attrs.title ?? `Milestone ${next()}`,
      description: attrs.description,
      startDate: attrs.startDate ?? null,
      dueDate: attrs.dueDate ?? null,
    });
    return attrs.state === 'closed' ? await t.services.milestones.update(actor, c, row, { stateEvent: 'close' }) : row;
  }

  return { buildLabel, buildMilestone };
}
