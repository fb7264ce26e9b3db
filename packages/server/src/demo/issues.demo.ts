/**
 * The demo's issues, through the services: about 300 across the demo projects, with weights,
 * milestones, assignees, labels (one per scope), health status, due dates, epic links (to the
 * epics the epics demo returns, in the issue's group chain) and blocking links; some confidential,
 * some closed, a few with award emoji. Deterministic (seeded), and fast: one transaction per issue.
 */
import { type Actor, userActor } from '../authz/actor.ts';
import type { LabelRow, MilestoneRow, UserRow } from '../db/schema.ts';
import type { EpicNode } from '../modules/epics/epics.types.ts';
import type { HealthStatus } from '../modules/issues/issue-filters.ts';
import type { IssueNode } from '../modules/issues/issues.types.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { Services } from '../modules/services.ts';
import type { ActorOf } from './actors.ts';

export type IssuesDemoContext = {
  /** the demo projects: acme/platform/web, acme/platform/api, acme/website, acme/secret-lab/prototype */
  projects: ProjectWithGroup[];
  /** demo users by username (alice … judy); issues are authored by and assigned to them */
  users: Partial<Record<string, UserRow>>;
  /** the epics demo's epics, to attach issues to */
  epics?: readonly EpicNode[];
  labels?: readonly LabelRow[];
  milestones?: readonly MilestoneRow[];
  /** how many issues (default 300) */
  count?: number;
  /** "today" (tests pin it); defaults to the current date */
  today?: Date;
  /** the actor for a user (default: a new one each time) */
  actorOf?: ActorOf;
};

export type IssuesDemo = { issues: IssueNode[]; blockingLinks: number };

/** Reporter+ in the demo: they may set metadata and link epics. */
const AUTHORS = ['alice', 'bob', 'carol', 'dave', 'frank', 'grace', 'heidi', 'ivan'];
const LAB_PEOPLE = ['grace', 'judy', 'alice', 'bob'];
const VERBS = ['Add', 'Fix', 'Improve', 'Refactor', 'Document', 'Remove', 'Speed up', 'Test', 'Migrate', 'Design'];
const THINGS = [
  'sign-in flow',
  'billing page',
  'search results',
  'rate limiting',
  'audit log export',
  'dark mode',
  'onboarding emails',
  'API pagination',
  'webhooks retries',
  'CSV import',
  'mobile navigation',
  'error pages',
  'cache invalidation',
  'roadmap view',
  'access tokens',
  'SSO settings',
  'release notes',
  'status page',
  'image uploads',
  'notification settings',
];
const HEALTH: (HealthStatus | null)[] = ['on_track', 'on_track', 'needs_attention', 'at_risk', null, null];

/** mulberry32: a small seeded PRNG, so the demo is the same on every start (and bench:load sends the same mix). */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function loadIssuesDemo(services: Services, actor: Actor, ctx: IssuesDemoContext): Promise<IssuesDemo> {
  const rnd = random(20251122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const today = ctx.today ?? new Date();
  const day = (offsetDays: number) => new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const user = (name: string) => ctx.users[name];
  const total = ctx.count ?? 300;
  const actorOf = ctx.actorOf ?? userActor;
  const issues: IssueNode[] = [];

  for (let n = 0; n < total; n += 1) {
    const project = ctx.projects[n % ctx.projects.length] as ProjectWithGroup;
    const chain = project.group.traversalIds;
    const lab = project.group.fullPath.includes('secret-lab');
    const people = (lab ? LAB_PEOPLE : AUTHORS).filter((u) => user(u));
    const author = user(pick(people));
    // Lab issues (authored by lab people such as judy) stay with the lab's own epics.
    const epics = (ctx.epics ?? []).filter(
      (e) => (lab ? e.group.id === project.group.id : chain.includes(e.group.id)) && e.epic.state === 'opened',
    );
    const epic = epics.length && rnd() < 0.6 ? pick(epics) : undefined;
    const confidential = epic?.epic.confidential === true || rnd() < 0.08;
    const milestones = (ctx.milestones ?? []).filter(
      (m) =>
        m.state === 'active' &&
        (m.projectId === project.project.id || (m.groupId !== null && chain.includes(m.groupId))),
    );
    const labels = (ctx.labels ?? []).filter(
      (l) => l.projectId === project.project.id || (l.groupId !== null && chain.includes(l.groupId)),
    );
    const chosenLabels = labels.length ? [pick(labels), pick(labels)].map((l) => l.id) : [];
    const assignees = [user(pick(people)), ...(rnd() < 0.2 ? [user(pick(people))] : [])].flatMap((u) =>
      u ? [u.id] : [],
    );
    const issue = await services.issues.create(author ? actorOf(author) : actor, project, {
      title: `${pick(VERBS)} ${pick(THINGS)}${n >= THINGS.length ? ` (${project.project.path} #${n + 1})` : ''}`,
      description: rnd() < 0.5 ? `Why this matters.\n\n- [x] agree on the scope\n- [ ] build it\n- [ ] ship it` : '',
      confidential,
      weight: rnd() < 0.8 ? Math.floor(rnd() * 9) : undefined,
      healthStatus: pick(HEALTH),
      milestoneId: milestones.length && rnd() < 0.7 ? pick(milestones).id : undefined,
      labelIds: chosenLabels,
      assigneeIds: rnd() < 0.85 ? assignees : [],
      dueDate: rnd() < 0.4 ? day(Math.floor(rnd() * 1080) - 540) : undefined,
      issueType: rnd() < 0.05 ? 'incident' : 'issue',
      epicId: epic?.epic.id,
    });
    issues.push(rnd() < 0.3 ? await services.issues.update(actor, issue, { stateEvent: 'close' }) : issue);
  }

  // Blocking links between open issues of the same project (a few dozen).
  let blockingLinks = 0;
  const open = issues.filter((i) => i.issue.state === 'opened');
  for (let k = 0; k + 1 < open.length && blockingLinks < 40; k += 3) {
    const source = open[k] as IssueNode;
    const target = open.slice(k + 1).find((i) => i.project.id === source.project.id);
    if (!target) continue;
    await services.issues.links.create(actor, source, target, 'blocks');
    blockingLinks += 1;
  }

  // A few reactions, so the "my reaction" filter has something to find.
  for (const [i, issue] of issues.slice(0, 30).entries()) {
    const reactor = user(AUTHORS[i % AUTHORS.length] as string);
    if (!reactor || issue.issue.confidential || issue.group.fullPath.includes('secret-lab')) continue;
    await services.awards.toggle(
      actorOf(reactor),
      { type: 'Issue', node: issue },
      i % 4 === 0 ? 'thumbsdown' : 'thumbsup',
    );
  }

  return { issues, blockingLinks };
}
