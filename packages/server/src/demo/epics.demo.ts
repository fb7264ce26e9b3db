/**
 * The demo's epics, through the services: themes → initiatives → features → slices (4 levels) across
 * acme, acme/platform and the private acme/secret-lab; fixed and inherited dates spread over the 18
 * months before and after today, varied colours, some confidential, some closed, some blocked.
 * Returns the epics so the issues demo can attach issues to them.
 */
import { EPIC_COLORS } from '@milepost/shared';
import { type Actor, userActor } from '../authz/actor.ts';
import type { GroupRow, UserRow } from '../db/schema.ts';
import type { EpicWithGroup } from '../modules/epics/epics.service.ts';
import type { Services } from '../modules/services.ts';
import type { ActorOf } from './actors.ts';

export type EpicsDemoContext = {
  acme: GroupRow;
  platform: GroupRow;
  lab: GroupRow;
  /** demo users by username; epics are authored by them when present (else by `actor`) */
  users?: Partial<Record<string, UserRow>>;
  /** "today" (tests pin it); defaults to the current date */
  today?: Date;
  /** the actor for a user (default: a new one each time) */
  actorOf?: ActorOf;
};

export type EpicsDemo = {
  epics: EpicWithGroup[];
  /** every epic by title (titles are unique across the demo) */
  byTitle: Record<string, EpicWithGroup>;
};

type Spec = {
  title: string;
  group: 'acme' | 'platform' | 'lab';
  /** months from today; a fixed start and/or due date when given */
  start?: number;
  due?: number;
  color?: string;
  confidential?: boolean;
  closed?: boolean;
  labels?: string[];
  author?: string;
  description?: string;
  children?: Spec[];
};

const COLORS = [...EPIC_COLORS.map((c) => c.color), '#0d9488', '#be185d'];

const feature = (title: string, start: number, length: number, extra: Partial<Spec> = {}): Spec => ({
  title,
  group: 'platform',
  start,
  due: start + length,
  labels: ['feature'],
  ...extra,
});

/** The tree. Leaves carry fixed dates; parents mostly inherit theirs from their children. */
const TREE: Spec[] = [
  {
    title: 'Platform modernization',
    group: 'acme',
    labels: ['priority::high'],
    author: 'alice',
    description: 'Move the platform to the new architecture without downtime.',
    children: [
      {
        title: 'Service mesh rollout',
        group: 'platform',
        labels: ['backend'],
        author: 'bob',
        children: [
          feature('Mesh pilot on staging', -17, 2, { closed: true, labels: ['backend'] }),
          feature('Mutual TLS everywhere', -14, 3, {
            closed: true,
            labels: ['backend', 'security'],
            children: [feature('Certificate rotation job', -14, 1, { closed: true })],
          }),
          feature('Traffic shadowing', -6, 2, { labels: ['backend', 'performance'] }),
        ],
      },
      {
        title: 'Database upgrade',
        group: 'platform',
        labels: ['backend', 'tech debt'],
        children: [
          feature('Schema audit', -9, 1, { closed: true }),
          feature('Zero-downtime migrations', -4, 3, {
            children: [feature('Online index builds', -4, 1), feature('Backfill framework', -2, 2)],
          }),
          feature('Cut over to the new cluster', 2, 1, { labels: ['backend', 'priority::high'] }),
        ],
      },
      {
        title: 'Observability',
        group: 'acme',
        start: -12,
        labels: ['performance'],
        children: [
          feature('Tracing in every service', -11, 4, { closed: true }),
          feature('SLO dashboards', -3, 3),
          feature('Alert routing revamp', 4, 2, { labels: ['ux'] }),
        ],
      },
    ],
  },
  {
    title: 'Customer experience 2.0',
    group: 'acme',
    color: '#217645',
    labels: ['ux', 'priority::medium'],
    author: 'carol',
    children: [
      {
        title: 'New onboarding',
        group: 'platform',
        labels: ['frontend', 'ux'],
        children: [
          feature('Welcome tour', -2, 2, { labels: ['frontend'] }),
          feature('Sample data on sign-up', 0, 2, {
            children: [feature('Sample projects generator', 0, 1), feature('Cleanup of sample data', 1, 1)],
          }),
          feature('Invite teammates step', 3, 1, { labels: ['frontend'] }),
        ],
      },
      {
        title: 'Accessibility',
        group: 'platform',
        due: 9,
        labels: ['frontend', 'ux'],
        children: [
          feature('Keyboard navigation audit', -8, 2, { closed: true }),
          feature('Screen reader labels', -1, 3),
          feature('High contrast theme', 5, 3, { color: '#9e5400' }),
        ],
      },
      {
        title: 'Mobile web',
        group: 'platform',
        children: [
          feature('Responsive roadmap', 6, 3, { labels: ['frontend'] }),
          feature('Offline drafts', 10, 3),
          feature('Touch drag and drop', 12, 2),
        ],
      },
    ],
  },
  {
    title: 'Security and compliance',
    group: 'acme',
    color: '#c91c00',
    labels: ['security'],
    author: 'grace',
    children: [
      {
        title: 'SOC 2 readiness',
        group: 'acme',
        children: [
          feature('Access reviews', -5, 2, { group: 'acme', labels: ['security'] }),
          feature('Vendor risk register', -1, 2, { group: 'acme', confidential: true, labels: ['security'] }),
          feature('Audit evidence export', 7, 3, { group: 'acme' }),
        ],
      },
      {
        title: 'Secrets management',
        group: 'platform',
        labels: ['security', 'backend'],
        children: [
          feature('Secret detection in descriptions', -3, 2, { labels: ['security'] }),
          feature('Vault integration', 1, 4, {
            children: [feature('Dynamic database credentials', 2, 2, { confidential: true })],
          }),
        ],
      },
      {
        title: 'Incident response',
        group: 'acme',
        children: [
          feature('On-call handbook', -15, 2, { group: 'acme', closed: true, labels: ['documentation'] }),
          feature('Post-incident reviews', 8, 2, { group: 'acme' }),
        ],
      },
    ],
  },
  {
    title: 'Growth',
    group: 'acme',
    color: '#694cc0',
    start: -6,
    due: 18,
    labels: ['priority::low'],
    children: [
      {
        title: 'Website relaunch',
        group: 'acme',
        labels: ['content'],
        children: [
          feature('New pricing page', 9, 2, { group: 'acme' }),
          feature('Customer stories', 11, 3, { group: 'acme' }),
          feature('Docs search', 14, 3, { group: 'acme', labels: ['documentation'] }),
        ],
      },
      {
        title: 'Integrations marketplace',
        group: 'platform',
        children: [feature('Partner API keys', 13, 2), feature('Marketplace listing', 15, 3)],
      },
    ],
  },
  {
    title: 'Project Nova',
    group: 'lab',
    confidential: true,
    color: '#0d9488',
    labels: ['research'],
    author: 'grace',
    description: 'Unannounced. Lab members only.',
    children: [
      {
        title: 'Nova feasibility study',
        group: 'lab',
        confidential: true,
        start: -10,
        due: -4,
        closed: true,
        labels: ['research'],
      },
      {
        title: 'Nova prototype',
        group: 'lab',
        confidential: true,
        labels: ['experiment'],
        children: [
          { title: 'Nova sensor fusion', group: 'lab', confidential: true, start: -3, due: 3 },
          { title: 'Nova field trial', group: 'lab', confidential: true, start: 4, due: 9 },
        ],
      },
      { title: 'Nova go/no-go', group: 'lab', confidential: true, start: 10, due: 11 },
    ],
  },
  { title: 'Ideas parking lot', group: 'acme', labels: ['priority::low'] },
  { title: 'API v5 design', group: 'platform', start: 16, due: 18, labels: ['graphql'] },
  { title: 'Legacy exporter sunset', group: 'platform', start: -18, due: -16, closed: true, labels: ['tech debt'] },
];

/** Which epic blocks which (by title). */
const BLOCKS: [blocker: string, blocked: string][] = [
  ['Schema audit', 'Zero-downtime migrations'],
  ['Zero-downtime migrations', 'Cut over to the new cluster'],
  ['Vault integration', 'Secret detection in descriptions'],
  ['Screen reader labels', 'High contrast theme'],
  ['Partner API keys', 'Marketplace listing'],
  ['Nova sensor fusion', 'Nova field trial'],
];

function monthsFrom(today: Date, months: number, end: boolean): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months + (end ? 1 : 0), end ? 0 : 1));
  return d.toISOString().slice(0, 10);
}

export async function loadEpicsDemo(services: Services, actor: Actor, ctx: EpicsDemoContext): Promise<EpicsDemo> {
  const today = ctx.today ?? new Date();
  const groups = { acme: ctx.acme, platform: ctx.platform, lab: ctx.lab };
  const epics: EpicWithGroup[] = [];
  const byTitle: Record<string, EpicWithGroup> = {};
  let n = 0;

  async function add(spec: Spec, parent: EpicWithGroup | undefined): Promise<void> {
    const author = spec.author ? ctx.users?.[spec.author] : undefined;
    const as = author ? (ctx.actorOf ?? userActor)(author) : actor;
    const group = groups[spec.group];
    const color = spec.color ?? COLORS[n % COLORS.length];
    n += 1;
    let epic = await services.epics.create(as, group, {
      title: spec.title,
      description: spec.description ?? '',
      color,
      confidential: spec.confidential ?? false,
      labels: spec.labels,
      parentId: parent?.epic.id ?? null,
      ...(spec.start !== undefined
        ? { startDateFixed: monthsFrom(today, spec.start, false), startDateIsFixed: true }
        : {}),
      ...(spec.due !== undefined ? { dueDateFixed: monthsFrom(today, spec.due, true), dueDateIsFixed: true } : {}),
    });
    epics.push(epic);
    byTitle[spec.title] = epic;
    for (const child of spec.children ?? []) await add(child, epic);
    if (spec.closed) {
      epic = await services.epics.update(as, epic, { stateEvent: 'close' });
      epics[epics.indexOf(byTitle[spec.title] as EpicWithGroup)] = epic;
      byTitle[spec.title] = epic;
    }
  }

  for (const spec of TREE) await add(spec, undefined);
  for (const [blocker, blocked] of BLOCKS) {
    const a = byTitle[blocker];
    const b = byTitle[blocked];
    if (a && b) await services.epics.addBlockingLink(actor, a, b);
  }
  // Re-read: children and links changed the parents' inherited dates after they were created.
  const fresh = await services.epics.visibleByIds(
    actor,
    epics.map((e) => e.epic.id),
  );
  const freshById = new Map(fresh.map((e) => [e.epic.id, e]));
  const result = epics.map((e) => freshById.get(e.epic.id) ?? e);
  return { epics: result, byTitle: Object.fromEntries(result.map((e) => [e.epic.title, e])) };
}
