/** The milestones tests' world: the labels world's groups and people, with milestones in every container. */
import type { MilestoneRow } from '../../db/schema.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { buildWorld, type World } from '../labels/labels.world.ts';

/** A calendar date `days` from today (UTC). */
export function fromToday(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type MilestoneWorld = World & {
  m: Record<'q1' | 'open' | 'closed' | 'future' | 'past' | 'r1' | 'lab' | 'web' | 'proto', MilestoneRow>;
};

export async function buildMilestoneWorld(t: TestApp): Promise<MilestoneWorld> {
  const w = await buildWorld(t);
  const { buildMilestone } = labelsMilestonesFactories(t);
  const m = {
    q1: await buildMilestone({ group: w.acme, title: 'Acme Q1', startDate: '2024-01-01', dueDate: '2024-03-31' }),
    open: await buildMilestone({ group: w.acme, title: 'Acme open', description: 'No dates yet' }),
    closed: await buildMilestone({
      group: w.acme,
      title: 'Acme 100% done',
      startDate: '2023-01-01',
      dueDate: '2023-06-30',
      state: 'closed',
    }),
    future: await buildMilestone({ group: w.acme, title: 'Future', startDate: fromToday(30), dueDate: fromToday(60) }),
    past: await buildMilestone({ group: w.acme, title: 'Past', startDate: fromToday(-40), dueDate: fromToday(-10) }),
    r1: await buildMilestone({
      group: w.platform,
      title: 'Platform R1',
      startDate: '2024-02-01',
      dueDate: '2024-02-29',
    }),
    lab: await buildMilestone({ group: w.lab, title: 'Lab secret', startDate: '2024-01-10', dueDate: '2024-04-01' }),
    web: await buildMilestone({ project: w.web, title: 'Web 1.0', startDate: '2024-03-15', dueDate: '2024-04-15' }),
    proto: await buildMilestone({ project: w.proto, title: 'Proto X', startDate: '2024-01-01', dueDate: '2024-12-31' }),
  };
  return { ...w, m };
}
