/**
 * Inherited epic dates as a table: each case builds a small tree of epics, milestones and issues,
 * optionally applies one change through the services (the same paths the API uses), and compares
 * every epic's effective start/due dates and their sources with the expectation.
 * Rule (GitLab's): an epic's inherited start is the earliest start, and its inherited due the latest
 * due, over the milestones of its direct issues and the effective dates of its child epics; a fixed
 * date wins for the epic itself and is what its parent inherits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, userActor } from '../../authz/actor.ts';
import type { GroupRow, MilestoneRow } from '../../db/schema.ts';
import { epicsFactories } from '../../test/epics-factories.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import type { EpicWithGroup } from './epics.service.ts';

type EpicSpec = { parent?: string; start?: string; due?: string };
type World = {
  epics: Record<string, EpicWithGroup>;
  milestones: Record<string, MilestoneRow>;
  issues: Record<string, IssueNode>;
};
type Case = {
  name: string;
  epics: Record<string, EpicSpec>;
  milestones?: Record<string, [string | null, string | null]>;
  /** issue name → [epic, milestone] */
  issues?: Record<string, [string, string | null]>;
  change?: (w: World, ctx: { t: TestApp; actor: Actor; group: GroupRow }) => Promise<unknown>;
  /** epic → [start, due] effective dates */
  expect: Record<string, [string | null, string | null]>;
};

const CASES: Case[] = [
  { name: 'an epic with nothing under it has no dates', epics: { A: {} }, expect: { A: [null, null] } },
  {
    name: 'fixed dates are the effective dates',
    epics: { A: { start: '2026-02-01', due: '2026-05-31' } },
    expect: { A: ['2026-02-01', '2026-05-31'] },
  },
  {
    name: "an issue's milestone gives both dates",
    epics: { A: {} },
    milestones: { M: ['2026-01-01', '2026-03-31'] },
    issues: { i: ['A', 'M'] },
    expect: { A: ['2026-01-01', '2026-03-31'] },
  },
  {
    name: 'a milestone without dates gives none; an issue without a milestone gives none',
    epics: { A: {} },
    milestones: { M: [null, null] },
    issues: { i: ['A', 'M'], j: ['A', null] },
    expect: { A: [null, null] },
  },
  {
    name: 'earliest start and latest due over several milestones, each side on its own',
    epics: { A: {} },
    milestones: { M1: ['2026-03-01', '2026-04-30'], M2: ['2026-01-15', null], M3: [null, '2026-12-31'] },
    issues: { i: ['A', 'M1'], j: ['A', 'M2'], k: ['A', 'M3'] },
    expect: { A: ['2026-01-15', '2026-12-31'] },
  },
  {
    name: "a child epic's fixed dates flow to the parent",
    epics: { P: {}, C: { parent: 'P', start: '2026-06-01', due: '2026-08-31' } },
    expect: { P: ['2026-06-01', '2026-08-31'], C: ['2026-06-01', '2026-08-31'] },
  },
  {
    name: 'milestones and children combine: min of starts, max of dues',
    epics: { P: {}, C: { parent: 'P', start: '2025-12-01', due: '2026-02-28' } },
    milestones: { M: ['2026-01-01', '2026-06-30'] },
    issues: { i: ['P', 'M'] },
    expect: { P: ['2025-12-01', '2026-06-30'] },
  },
  {
    name: 'a fixed start on the parent wins; its due stays inherited',
    epics: { P: { start: '2027-01-01' }, C: { parent: 'P', start: '2026-06-01', due: '2026-08-31' } },
    expect: { P: ['2027-01-01', '2026-08-31'] },
  },
  {
    name: 'a child with a start only gives the parent a start only',
    epics: { P: {}, C: { parent: 'P', start: '2026-04-01' } },
    expect: { P: ['2026-04-01', null] },
  },
  {
    name: 'dates travel up the whole chain (four levels)',
    epics: { A: {}, B: { parent: 'A' }, C: { parent: 'B' }, D: { parent: 'C' } },
    milestones: { M: ['2026-09-01', '2026-09-30'] },
    issues: { i: ['D', 'M'] },
    expect: {
      A: ['2026-09-01', '2026-09-30'],
      B: ['2026-09-01', '2026-09-30'],
      C: ['2026-09-01', '2026-09-30'],
      D: ['2026-09-01', '2026-09-30'],
    },
  },
  {
    name: "changing a milestone's dates moves every epic above its issues",
    epics: { A: {}, B: { parent: 'A' } },
    milestones: { M: ['2026-01-01', '2026-01-31'] },
    issues: { i: ['B', 'M'] },
    change: (w, { t, actor, group }) =>
      t.services.milestones.update(actor, { type: 'Group', group }, w.milestones.M as MilestoneRow, {
        startDate: '2025-10-01',
        dueDate: '2026-02-28',
      }),
    expect: { A: ['2025-10-01', '2026-02-28'], B: ['2025-10-01', '2026-02-28'] },
  },
  {
    name: 'deleting a milestone takes its dates away from the epics',
    epics: { A: {}, B: { parent: 'A' } },
    milestones: { M: ['2026-01-01', '2026-01-31'] },
    issues: { i: ['B', 'M'] },
    change: (w, { t, actor, group }) =>
      t.services.milestones.remove(actor, { type: 'Group', group }, w.milestones.M as MilestoneRow),
    expect: { A: [null, null], B: [null, null] },
  },
  {
    name: "changing an issue's milestone recomputes its epic",
    epics: { A: {} },
    milestones: { M1: ['2026-01-01', '2026-01-31'], M2: ['2026-05-01', '2026-05-31'] },
    issues: { i: ['A', 'M1'] },
    change: (w, { t, actor }) =>
      t.services.issues.update(actor, w.issues.i as IssueNode, { milestoneId: (w.milestones.M2 as MilestoneRow).id }),
    expect: { A: ['2026-05-01', '2026-05-31'] },
  },
  {
    name: 'moving an issue to another epic recomputes both',
    epics: { A: {}, B: {} },
    milestones: { M: ['2026-03-01', '2026-03-31'] },
    issues: { i: ['A', 'M'] },
    change: (w, { t, actor }) =>
      t.services.issues.setEpic(actor, w.issues.i as IssueNode, (w.epics.B as EpicWithGroup).epic.id),
    expect: { A: [null, null], B: ['2026-03-01', '2026-03-31'] },
  },
  {
    name: 'closing the issue keeps its milestone in the inherited dates',
    epics: { A: {} },
    milestones: { M: ['2026-03-01', '2026-03-31'] },
    issues: { i: ['A', 'M'] },
    change: (w, { t, actor }) => t.services.issues.update(actor, w.issues.i as IssueNode, { stateEvent: 'close' }),
    expect: { A: ['2026-03-01', '2026-03-31'] },
  },
  {
    name: 'deleting the issue takes its milestone away',
    epics: { A: {} },
    milestones: { M: ['2026-03-01', '2026-03-31'] },
    issues: { i: ['A', 'M'] },
    change: (w, { t, actor }) => t.services.issues.remove(actor, w.issues.i as IssueNode),
    expect: { A: [null, null] },
  },
  {
    name: 'moving a child epic to another parent recomputes the old and the new chain',
    epics: { A: {}, B: {}, C: { parent: 'A', start: '2026-07-01', due: '2026-07-31' } },
    change: (w, { t, actor }) =>
      t.services.epics.update(actor, w.epics.C as EpicWithGroup, { parentId: (w.epics.B as EpicWithGroup).epic.id }),
    expect: { A: [null, null], B: ['2026-07-01', '2026-07-31'] },
  },
  {
    name: "changing a child's fixed date moves the parent",
    epics: { A: {}, C: { parent: 'A', start: '2026-07-01', due: '2026-07-31' } },
    change: (w, { t, actor }) =>
      t.services.epics.update(actor, w.epics.C as EpicWithGroup, { dueDateFixed: '2026-10-15' }),
    expect: { A: ['2026-07-01', '2026-10-15'], C: ['2026-07-01', '2026-10-15'] },
  },
  {
    name: "switching the parent's start from fixed to inherited uses the children again",
    epics: { A: { start: '2020-01-01' }, C: { parent: 'A', start: '2026-07-01', due: '2026-07-31' } },
    change: (w, { t, actor }) =>
      t.services.epics.update(actor, w.epics.A as EpicWithGroup, { startDateIsFixed: false }),
    expect: { A: ['2026-07-01', '2026-07-31'] },
  },
  {
    name: 'deleting a child epic recomputes its parent',
    epics: { A: {}, C: { parent: 'A', start: '2026-07-01', due: '2026-07-31' } },
    change: (w, { t, actor }) => t.services.epics.remove(actor, w.epics.C as EpicWithGroup),
    expect: { A: [null, null] },
  },
];

describe('inherited epic dates (table)', () => {
  let t: TestApp;
  let actor: Actor;
  let project: ProjectWithGroup;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    actor = userActor(await t.systemAdmin());
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    n += 1;
    const group = await t.buildGroup({ path: `dates-${n}` });
    project = await t.buildProject({ group });
    const f = epicsFactories(t);
    const lm = labelsMilestonesFactories(t);
    const w: World = { epics: {}, milestones: {}, issues: {} };
    for (const [name, [startDate, dueDate]] of Object.entries(c.milestones ?? {})) {
      w.milestones[name] = await lm.buildMilestone({ group, title: `${name}-${n}`, startDate, dueDate });
    }
    // Parents are declared before their children.
    for (const [name, spec] of Object.entries(c.epics)) {
      w.epics[name] = await f.buildEpic({
        group,
        title: name,
        parent: spec.parent ? w.epics[spec.parent] : undefined,
        ...(spec.start ? { startDateIsFixed: true, startDateFixed: spec.start } : {}),
        ...(spec.due ? { dueDateIsFixed: true, dueDateFixed: spec.due } : {}),
      });
    }
    for (const [name, [epic, milestone]] of Object.entries(c.issues ?? {})) {
      w.issues[name] = await f.buildIssue({
        project,
        title: name,
        epic: w.epics[epic],
        milestoneId: milestone ? w.milestones[milestone]?.id : undefined,
      });
    }
    // Changes act on fresh rows (lock versions and dates move as the tree is built).
    for (const [name, e] of Object.entries(w.epics)) {
      const fresh = await t.services.epics.findById(actor, e.epic.id);
      if (fresh) w.epics[name] = fresh;
    }
    for (const [name, i] of Object.entries(w.issues)) {
      const fresh = await t.services.issues.findById(actor, i.issue.id);
      if (fresh) w.issues[name] = fresh;
    }
    for (const [name, m] of Object.entries(w.milestones)) {
      const fresh = await t.services.milestones.find(actor, { type: 'Group', group }, m.id);
      if (fresh) w.milestones[name] = fresh;
    }
    if (c.change) await c.change(w, { t, actor, group });

    const observed: Record<string, [string | null, string | null]> = {};
    for (const name of Object.keys(c.expect)) {
      const e = await t.services.epics.findById(actor, (w.epics[name] as EpicWithGroup).epic.id);
      observed[name] = [e?.epic.startDate ?? null, e?.epic.dueDate ?? null];
    }
    expect(observed).toEqual(c.expect);
  });
});
