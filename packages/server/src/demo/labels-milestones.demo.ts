/**
 * The demo's labels and milestones, through the services: scoped priority and workflow labels on
 * acme, team labels on the subgroups, a few project labels; group, subgroup and project milestones
 * spread over the 18 months before and after today (past ones closed, some without dates).
 */
import type { Actor } from '../authz/actor.ts';
import type { GroupRow, LabelRow, MilestoneRow } from '../db/schema.ts';
import type { LabelContainer } from '../modules/labels/labels.service.ts';
import type { Services } from '../modules/services.ts';

export type DemoGroups = { acme: GroupRow; platform: GroupRow; lab: GroupRow };

export type LabelsAndMilestonesDemo = {
  labels: LabelRow[];
  milestones: MilestoneRow[];
  /** every label by title (titles are unique across the demo) */
  labelsByTitle: Record<string, LabelRow>;
  /** every milestone by title (titles are unique across the demo) */
  milestonesByTitle: Record<string, MilestoneRow>;
};

type LabelSpec = [title: string, color: string, description?: string];

const GROUP_LABELS: Record<keyof DemoGroups, LabelSpec[]> = {
  acme: [
    ['priority::high', '#dc143c', 'Work on it now.'],
    ['priority::medium', '#f0ad4e', 'Work on it this quarter.'],
    ['priority::low', '#5cb85c', 'Nice to have.'],
    ['workflow::ready', '#428bca', 'Refined and ready to start.'],
    ['workflow::in dev', '#0033cc', 'Being built.'],
    ['workflow::in review', '#8e44ad', 'Waiting for a **review**.'],
    ['workflow::blocked', '#cc0033', 'Waiting on something else.'],
    ['workflow::done', '#2e8b57', 'Shipped.'],
    ['bug', '#d9534f', 'Something does not work as it should.'],
    ['feature', '#1068bf', 'New behavior for users.'],
    ['documentation', '#69d100'],
    ['security', '#8b0000', 'Security-sensitive work.'],
    ['ux', '#ffd700', 'User experience and design.'],
    ['tech debt', '#7f8c8d'],
  ],
  platform: [
    ['frontend', '#f0ad4e', 'The web app.'],
    ['backend', '#5843ad', 'Services and the database.'],
    ['performance', '#ff8c00'],
  ],
  lab: [
    ['research', '#483d8b', 'Open questions.'],
    ['experiment', '#ff69b4'],
  ],
};

const PROJECT_LABELS: Record<string, LabelSpec[]> = {
  'platform/web': [['browser-compat', '#add8e6', 'Works in every supported browser.']],
  'platform/api': [
    ['breaking-change', '#b22222', 'Needs a major version.'],
    ['graphql', '#e10098'],
  ],
  website: [
    ['content', '#20b2aa'],
    ['seo', '#9acd32'],
  ],
  'secret-lab/prototype': [['hardware', '#708090']],
};

/** The first day of the month `months` away from `today`'s month (UTC), as `YYYY-MM-DD`. */
function firstOfMonthFrom(today: Date, months: number, day = 1): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}

/** The last day of the month `months` away from `today`'s month. */
function lastOfMonthFrom(today: Date, months: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months + 1, 0)).toISOString().slice(0, 10);
}

type MilestoneSpec = { title: string; start: string | null; due: string | null; description?: string };

function quarters(today: Date): MilestoneSpec[] {
  const specs: MilestoneSpec[] = [];
  const currentQuarterOffset = -(today.getUTCMonth() % 3);
  for (let q = -6; q <= 5; q += 1) {
    const from = currentQuarterOffset + q * 3;
    const start = firstOfMonthFrom(today, from);
    const quarter = Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1;
    specs.push({
      title: `${start.slice(0, 4)} Q${quarter}`,
      start,
      due: lastOfMonthFrom(today, from + 2),
      description: 'Company-wide goals.',
    });
  }
  return specs;
}

function releases(
  today: Date,
  prefix: string,
  everyMonths: number,
  from: number,
  to: number,
  lengthMonths: number,
): MilestoneSpec[] {
  const specs: MilestoneSpec[] = [];
  let n = 1;
  for (let m = from; m <= to; m += everyMonths) {
    specs.push({
      title: `${prefix} ${n}`,
      start: firstOfMonthFrom(today, m),
      due: lastOfMonthFrom(today, m + lengthMonths - 1),
    });
    n += 1;
  }
  return specs;
}

export async function loadLabelsAndMilestonesDemo(
  services: Services,
  actor: Actor,
  groups: DemoGroups,
  /** "today" (the demo and tests pin it); defaults to the current date */
  today: Date = new Date(),
): Promise<LabelsAndMilestonesDemo> {
  const monthStart = (months: number, day = 1) => firstOfMonthFrom(today, months, day);
  const monthEnd = (months: number) => lastOfMonthFrom(today, months);
  const labels: LabelRow[] = [];
  const milestones: MilestoneRow[] = [];
  const containers: [LabelContainer, LabelSpec[], MilestoneSpec[]][] = [
    [
      { type: 'Group', group: groups.acme },
      GROUP_LABELS.acme,
      [
        ...quarters(today),
        { title: 'Acme backlog', start: null, due: null, description: 'Someday, maybe.' },
        { title: 'Acme annual review', start: null, due: monthEnd(11) },
      ],
    ],
    [
      { type: 'Group', group: groups.platform },
      GROUP_LABELS.platform,
      [
        ...releases(today, 'Platform release', 2, -18, 17, 2),
        { title: 'Platform launch window', start: monthStart(3), due: null },
      ],
    ],
    [
      { type: 'Group', group: groups.lab },
      GROUP_LABELS.lab,
      [
        { title: 'Lab phase 1', start: monthStart(-12), due: monthEnd(-7) },
        { title: 'Lab phase 2', start: monthStart(-6), due: monthEnd(2) },
        { title: 'Lab phase 3', start: monthStart(3), due: monthEnd(12) },
      ],
    ],
  ];
  const projectMilestones: Record<string, MilestoneSpec[]> = {
    'platform/web': [
      ...releases(today, 'Web v', 3, -15, 15, 3).map((m, i) => ({ ...m, title: `Web v${i + 1}.0` })),
      { title: 'Web polish', start: null, due: null },
    ],
    'platform/api': releases(today, 'API v', 6, -18, 12, 6).map((m, i) => ({ ...m, title: `API v${i + 1}` })),
    website: [
      { title: 'Website relaunch', start: monthStart(-4), due: monthEnd(1) },
      { title: 'Website holiday campaign', start: monthStart(8, 15), due: monthEnd(9) },
    ],
    'secret-lab/prototype': [{ title: 'Prototype demo day', start: null, due: monthStart(5, 20) }],
  };
  for (const [sub, specs] of Object.entries(PROJECT_LABELS)) {
    const found = await services.projects.find(actor, `${groups.acme.fullPath}/${sub}`);
    // The projects are created first; a missing one is a bug in the demo, not a reason to skip it.
    if (!found) throw new Error(`the demo's labels and milestones need the project ${sub}`);
    containers.push([{ type: 'Project', ...found }, specs, projectMilestones[sub] ?? []]);
  }

  const todayIso = today.toISOString().slice(0, 10);
  for (const [container, labelSpecs, milestoneSpecs] of containers) {
    for (const [title, color, description] of labelSpecs) {
      labels.push(await services.labels.create(actor, container, { title, color, description }));
    }
    for (const spec of milestoneSpecs) {
      let row = await services.milestones.create(actor, container, {
        title: spec.title,
        description: spec.description,
        startDate: spec.start,
        dueDate: spec.due,
      });
      // Milestones that ended more than a month ago are closed, as a team would.
      if (spec.due && spec.due < monthStart(-1) && spec.due < todayIso) {
        row = await services.milestones.update(actor, container, row, { stateEvent: 'close' });
      }
      milestones.push(row);
    }
  }
  return {
    labels,
    milestones,
    labelsByTitle: Object.fromEntries(labels.map((l) => [l.title, l])),
    milestonesByTitle: Object.fromEntries(milestones.map((m) => [m.title, m])),
  };
}
