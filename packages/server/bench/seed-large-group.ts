/**
 * Seeds one large group for benchmarks: a top group with three subgroups and six projects, labels
 * and milestones (through the services, like any user would make them), then 10,000 epics in four
 * levels and 50,000 issues with bulk SQL (`INSERT … SELECT FROM unnest(…)`, a few statements per
 * table), and finally the data the app keeps denormalised, as the app computes it: `path_ids` and
 * sibling positions as `epic-tree` writes them, iid counters (`internal_ids`), each epic's own issue
 * counts (`epic_issue_counts`, kept by the database's triggers during the inserts) and the inherited
 * epic dates through `recomputeEpicDates` (so every row is what the app would have produced had a
 * person made it through the API).
 *
 * As a library: `seedLargeGroup(database, services, { path, owner })` (used by `bench/api.ts`).
 * As a command, into the database the server uses (`DATABASE_URL`, else the embedded PostgreSQL
 * in `MILEPOST_DATA_DIR`, default `./data` — running or not):
 *
 *   npm run bench:seed -- --group bench-10k [--owner root] [--member alice] [--epics 10000] [--issues 50000] [--levels 4]
 *
 * The owner (default `root`, made on the server's first start) creates the group and owns it;
 * each `--member` becomes a Developer of it, e.g. a demo user to sign in as in the browser.
 * `--levels N` (1–4, default 4) makes the epic tree that deep: with 4, 5 / 15 / 30 / 50 % of the
 * epics on each level; with fewer, the last level takes the rest (`--levels 1`: every epic top level,
 * a roadmap row each).
 */
import { pathToFileURL } from 'node:url';
import { AccessLevel, positionAfterLast } from '@milepost/shared';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { type Actor, userActor } from '../src/authz/actor.ts';
import type { Database, Db } from '../src/db/client.ts';
import type { GroupRow, LabelRow, MilestoneRow, UserRow } from '../src/db/schema.ts';
import * as schema from '../src/db/schema.ts';
import { recomputeEpicDates } from '../src/modules/epics/epic-dates.repository.ts';
import { POSITION_GAP } from '../src/modules/issues/epic-issues.repository.ts';
import type { ProjectWithGroup } from '../src/modules/projects/projects.service.ts';
import type { Services } from '../src/modules/services.ts';

export type SeedOptions = {
  /** path of the new top-level group */
  path: string;
  /** creates the groups, projects, labels, milestones, epics and issues */
  owner: UserRow;
  /** added as Developers of the top group */
  members?: readonly UserRow[];
  epics?: number;
  issues?: number;
  /** how deep the epic tree is (1–4, default 4) */
  levels?: number;
  /** PRNG seed: the same seed gives the same data */
  seed?: number;
  /** the day the 3-year spread of dates is centred on (default today, UTC) */
  today?: Date;
  log?: (line: string) => void;
};

export type SeedResult = {
  group: GroupRow;
  subgroups: GroupRow[];
  projects: ProjectWithGroup[];
  labels: LabelRow[];
  milestones: MilestoneRow[];
  epicCount: number;
  issueCount: number;
  /** an epic with several children (for `Group.epic(iid).children`), in the top group */
  parentEpicIid: number;
  /** a group label many epics carry (for `labelName`) */
  labelTitle: string;
  /** the project holding most issues */
  busiestProject: ProjectWithGroup;
  seconds: { setup: number; epics: number; issues: number; recompute: number; total: number };
};

const EPIC_COLORS = ['#1068bf', '#6699cc', '#217645', '#c17d10', '#c91c00', '#9e5400', '#7b58cf', '#ec5941'];
const TOP_LABELS: [string, string][] = [
  ['feature', '#1068bf'],
  ['bug', '#d9534f'],
  ['tech debt', '#7f8c8d'],
  ['security', '#8b0000'],
  ['ux', '#ffd700'],
  ['documentation', '#69d100'],
  ['performance', '#ff8c00'],
  ['customer', '#20b2aa'],
  ['compliance', '#483d8b'],
  ['quick win', '#9acd32'],
  ['priority::1', '#dc143c'],
  ['priority::2', '#f0ad4e'],
  ['priority::3', '#5cb85c'],
];
const SUBGROUP_LABELS = ['frontend', 'backend', 'infra', 'research'];
const WORDS =
  'roadmap billing search onboarding export import audit reporting sync mobile api dashboard alerts permissions sharing comments timeline calendar analytics payments invoices checkout catalog notifications integrations webhooks migration storage caching accessibility localisation'.split(
    ' ',
  );
const VERBS = 'Improve Build Redesign Ship Migrate Harden Simplify Speed up Document Rework Launch Automate'.split(' ');

/**
 * How many epics each level of a tree `depth` levels deep holds (top level first): with 4, 5 / 15 / 30 /
 * 50 % of `total`; with fewer, the last level takes the rest. Every level above the last holds at least
 * one epic, so every epic below the top has a parent to go under; `total` must be at least `depth`.
 */
export function epicLevelSizes(total: number, depth: number): number[] {
  if (!Number.isSafeInteger(depth) || depth < 1 || depth > 4) throw new Error('The epic tree is 1 to 4 levels deep.');
  if (!Number.isSafeInteger(total) || total < depth)
    throw new Error(`${total} epics cannot fill ${depth} levels: at least ${depth} are needed.`);
  const sizes = [0.05, 0.15, 0.3, 0.5]
    .slice(0, depth)
    .map((share, level) => (level < depth - 1 ? Math.max(1, Math.round(total * share)) : 0));
  sizes[depth - 1] = total - sizes.reduce((sum, n) => sum + n, 0);
  return sizes;
}

/** Mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const DAY = 86_400_000;

/** The next value of a per-container counter (iids per group or project). */
function bump(counters: number[], index: number): number {
  counters[index] = (counters[index] ?? 0) + 1;
  return counters[index];
}
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Reserves `n` ids of a table's identity column (rows are then inserted OVERRIDING SYSTEM VALUE). */
async function reserveIds(db: Db, table: 'epics' | 'issues' | 'epic_issues', n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await db.execute<{ id: number }>(
    sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id')) AS id FROM generate_series(1, ${n})`,
  );
  return result.rows.map((r) => Number(r.id));
}

/** `unnest` parameters, one array per column, cast to the column's type. */
const col = (values: readonly unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** Runs `insert` over slices of `n` rows (keeps each statement's parameters a few MB at most). */
async function inChunks(n: number, size: number, insert: (from: number, to: number) => Promise<unknown>) {
  for (let from = 0; from < n; from += size) await insert(from, Math.min(n, from + size));
}

type SeedEpic = {
  id: number;
  groupIndex: number;
  iid: number;
  level: number;
  parent: SeedEpic | null;
  pathIds: number[];
  position: number | null;
  confidential: boolean;
  closed: boolean;
  startFixed: string | null;
  dueFixed: string | null;
  startIsFixed: boolean;
  dueIsFixed: boolean;
  labelIds: number[];
  createdAt: number;
};

export async function seedLargeGroup(database: Database, services: Services, opts: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => {});
  const epicTotal = opts.epics ?? 10_000;
  const issueTotal = opts.issues ?? 50_000;
  const rnd = prng(opts.seed ?? 20261122);
  const today = opts.today ?? new Date();
  const todayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // dates spread over three years: 18 months before and after today
  const rangeStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 18, 1);
  const rangeEnd = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 18, 0);
  const db = database.db;
  const actor: Actor = userActor(opts.owner);

  // --- groups, projects, members, labels, milestones: through the services ----------------------
  const group = await services.groups.create(actor, {
    name: opts.path.replace(/[-_.]+/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    path: opts.path,
    visibility: 'private',
    description: `${epicTotal.toLocaleString('en-US')} epics and ${issueTotal.toLocaleString('en-US')} issues for benchmarks.`,
  });
  const platform = await services.groups.create(actor, { name: 'Platform', path: 'platform', parentId: group.id });
  const product = await services.groups.create(actor, { name: 'Product', path: 'product', parentId: group.id });
  const infra = await services.groups.create(actor, { name: 'Infra', path: 'infra', parentId: platform.id });
  const allGroups = [group, platform, product, infra];
  // parent-group index of each group (for "same group or a subgroup of the parent epic's group")
  const descendantsOf = allGroups.map((g) => allGroups.flatMap((d, i) => (d.traversalIds.includes(g.id) ? [i] : [])));
  for (const member of opts.members ?? []) {
    await services.members.add(
      actor,
      { type: 'Group', group },
      { userId: member.id, accessLevel: AccessLevel.DEVELOPER },
    );
  }
  const projectSpecs: [string, GroupRow][] = [
    ['handbook', group],
    ['api', platform],
    ['web', platform],
    ['cluster', infra],
    ['mobile', product],
    ['design', product],
  ];
  const projects: ProjectWithGroup[] = [];
  for (const [path, g] of projectSpecs) {
    projects.push(
      await services.projects.create(actor, { name: path[0]?.toUpperCase() + path.slice(1), path, groupId: g.id }),
    );
  }

  const labels: LabelRow[] = [];
  const labelsOfGroup = new Map<number, LabelRow[]>();
  for (const [title, color] of TOP_LABELS) {
    labels.push(await services.labels.create(actor, { type: 'Group', group }, { title, color }));
  }
  labelsOfGroup.set(group.id, [...labels]);
  for (const g of [platform, product, infra]) {
    const own: LabelRow[] = [];
    for (const title of SUBGROUP_LABELS) {
      own.push(
        await services.labels.create(
          actor,
          { type: 'Group', group: g },
          { title: `${g.path}-${title}`, color: rnd.pick(EPIC_COLORS) },
        ),
      );
    }
    labelsOfGroup.set(g.id, own);
    labels.push(...own);
  }
  /** labels usable on an epic of the group (its own and its ancestors', unscoped or one per scope) */
  const epicLabelChoices = (g: GroupRow) => g.traversalIds.flatMap((id) => labelsOfGroup.get(id) ?? []);

  const milestones: MilestoneRow[] = [];
  const milestonesOfGroup = new Map<number, MilestoneRow[]>();
  for (let m = 0; ; m++) {
    const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 18 + m, 1);
    if (start > rangeEnd) break;
    const due = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 17 + m, 0);
    const row = await services.milestones.create(
      actor,
      { type: 'Group', group },
      { title: `Release ${iso(start).slice(0, 7)}`, startDate: iso(start), dueDate: iso(due) },
    );
    milestones.push(row);
  }
  milestonesOfGroup.set(group.id, [...milestones]);
  for (const g of [platform, product, infra]) {
    const own: MilestoneRow[] = [];
    for (let q = 0; q < 12; q++) {
      const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 18 + q * 3, 1);
      const due = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 15 + q * 3, 0);
      const withDates = q % 5 !== 4; // a few milestones without dates
      own.push(
        await services.milestones.create(
          actor,
          { type: 'Group', group: g },
          {
            title: `${g.name} Q${q + 1}`,
            startDate: withDates ? iso(start) : undefined,
            dueDate: withDates ? iso(due) : undefined,
          },
        ),
      );
    }
    milestonesOfGroup.set(g.id, own);
    milestones.push(...own);
  }
  const issueMilestoneChoices = (g: GroupRow) => g.traversalIds.flatMap((id) => milestonesOfGroup.get(id) ?? []);
  const t1 = performance.now();
  log(
    `  groups, projects, ${labels.length} labels, ${milestones.length} milestones: ${((t1 - t0) / 1000).toFixed(1)} s`,
  );

  // --- epics: four levels ---------------------------------------------------------------------------
  const depth = Math.min(4, Math.max(1, opts.levels ?? 4));
  const levelSizes = epicLevelSizes(epicTotal, depth);
  const ids = await reserveIds(db, 'epics', epicTotal);
  const iidCounter = allGroups.map(() => 0);
  const lastChildPosition = new Map<number, number | null>();
  const childCount = new Map<number, number>();
  const levels: SeedEpic[][] = [];
  let next = 0;
  for (let level = 0; level < 4; level++) {
    const list: SeedEpic[] = [];
    const parents = levels[level - 1] ?? [];
    for (let k = 0; k < (levelSizes[level] ?? 0); k++) {
      let parent: SeedEpic | null = null;
      if (level > 0) {
        // a random parent with room (GitLab allows 100 direct children)
        do parent = rnd.pick(parents);
        while ((childCount.get(parent.id) ?? 0) >= 100);
        childCount.set(parent.id, (childCount.get(parent.id) ?? 0) + 1);
      }
      const choices = parent ? (descendantsOf[parent.groupIndex] ?? [0]) : [0, 0, 1, 1, 2, 2, 3];
      const drawnGroup = parent && rnd.chance(0.75) ? parent.groupIndex : rnd.pick(choices);
      // The first epic is the top group's own and not confidential, whatever the draw (the same draws
      // are made, so a seed's other epics stay as they were): every seed has its `parentEpicIid`.
      const first = level === 0 && k === 0;
      const groupIndex = first ? 0 : drawnGroup;
      const id = ids[next++] as number;
      const position = parent ? positionAfterLast(lastChildPosition.get(parent.id) ?? null) : null;
      if (parent) lastChildPosition.set(parent.id, position);
      // dates: leaves mostly fixed, upper levels mostly inherited from their children
      const fixedShare = [0.25, 0.2, 0.3, 0.65][level] ?? 0.5;
      const startIsFixed = rnd.chance(fixedShare);
      const dueIsFixed = startIsFixed ? rnd.chance(0.9) : rnd.chance(0.1);
      const start = rangeStart + Math.floor(rnd.next() * (rangeEnd - rangeStart - 30 * DAY));
      const due = Math.min(rangeEnd, start + rnd.int(14, [365, 240, 150, 90][level] ?? 90) * DAY);
      const createdAt = Math.min(todayMs, start) - rnd.int(10, 200) * DAY;
      const drawnConfidential = parent?.confidential === true || rnd.chance(0.03);
      const confidential = !first && drawnConfidential;
      const g = allGroups[groupIndex] as GroupRow;
      const epicLabels = epicLabelChoices(g);
      const labelIds = new Set<number>();
      const nLabels = rnd.pick([0, 1, 1, 2, 2, 3]);
      let scoped = false;
      for (let n = 0; n < nLabels; n++) {
        const label = rnd.pick(epicLabels);
        if (label.title.includes('::')) {
          if (scoped) continue;
          scoped = true;
        }
        labelIds.add(label.id);
      }
      list.push({
        id,
        groupIndex,
        iid: bump(iidCounter, groupIndex),
        level,
        parent,
        pathIds: [...(parent?.pathIds ?? []), id],
        position,
        confidential,
        closed: due < todayMs ? rnd.chance(0.6) : rnd.chance(0.05),
        startFixed: startIsFixed ? iso(start) : null,
        dueFixed: dueIsFixed ? iso(due) : null,
        startIsFixed,
        dueIsFixed,
        labelIds: [...labelIds],
        createdAt,
      });
    }
    levels.push(list);
  }
  const allEpics = levels.flat();
  const epicsByGroup = allGroups.map((_, i) => allEpics.filter((e) => e.groupIndex === i));
  await db.transaction(async (tx) => {
    await inChunks(allEpics.length, 5000, async (from, to) => {
      const rows = allEpics.slice(from, to);
      const closedAt = (e: SeedEpic) =>
        e.closed ? new Date(Math.min(todayMs, e.createdAt + 120 * DAY)).toISOString() : null;
      await tx.execute(sql`
        INSERT INTO epics (id, group_id, iid, title, description, state, closed_at, closed_by_id, confidential,
          author_id, color, parent_id, path_ids, relative_position, start_date_is_fixed, start_date_fixed,
          due_date_is_fixed, due_date_fixed, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, group_id, iid, title, description, state, closed_at, CASE WHEN state = 'closed' THEN ${opts.owner.id}::bigint END,
          confidential, ${opts.owner.id}::bigint, color, parent_id, string_to_array(path_ids, ',')::bigint[], relative_position,
          start_date_is_fixed, start_date_fixed, due_date_is_fixed, due_date_fixed, created_at, created_at
        FROM unnest(
          ${col(
            rows.map((e) => e.id),
            'bigint',
          )}, ${col(
            rows.map((e) => allGroups[e.groupIndex]?.id),
            'bigint',
          )},
          ${col(
            rows.map((e) => e.iid),
            'int',
          )},
          ${col(
            rows.map(
              (e) =>
                `${rnd.pick(VERBS)} ${rnd.pick(WORDS)} ${rnd.pick(WORDS)} (${['initiative', 'theme', 'feature', 'slice'][e.level]} ${e.iid})`,
            ),
            'text',
          )},
          ${col(
            rows.map((e) => `Level ${e.level + 1} epic of the ${opts.path} benchmark.`),
            'text',
          )},
          ${col(
            rows.map((e) => (e.closed ? 'closed' : 'opened')),
            'text',
          )},
          ${col(rows.map(closedAt), 'timestamptz')},
          ${col(
            rows.map((e) => e.confidential),
            'boolean',
          )},
          ${col(
            rows.map(() => rnd.pick(EPIC_COLORS)),
            'text',
          )},
          ${col(
            rows.map((e) => e.parent?.id ?? null),
            'bigint',
          )},
          ${col(
            rows.map((e) => e.pathIds.join(',')),
            'text',
          )},
          ${col(
            rows.map((e) => e.position),
            'int',
          )},
          ${col(
            rows.map((e) => e.startIsFixed),
            'boolean',
          )}, ${col(
            rows.map((e) => e.startFixed),
            'date',
          )},
          ${col(
            rows.map((e) => e.dueIsFixed),
            'boolean',
          )}, ${col(
            rows.map((e) => e.dueFixed),
            'date',
          )},
          ${col(
            rows.map((e) => new Date(e.createdAt).toISOString()),
            'timestamptz',
          )}
        ) AS t(id, group_id, iid, title, description, state, closed_at, confidential, color, parent_id, path_ids,
          relative_position, start_date_is_fixed, start_date_fixed, due_date_is_fixed, due_date_fixed, created_at)`);
    });
    const pairs = allEpics.flatMap((e) => e.labelIds.map((labelId) => [e.id, labelId] as const));
    await tx.execute(sql`
      INSERT INTO epic_labels (epic_id, label_id)
      SELECT * FROM unnest(${col(
        pairs.map((p) => p[0]),
        'bigint',
      )}, ${col(
        pairs.map((p) => p[1]),
        'bigint',
      )})`);
    // blocking links between epics of one group (about 3% of epics block another)
    const blocks = new Map<string, [number, number]>();
    for (let n = 0; n < Math.round(allEpics.length * 0.03); n++) {
      const source = rnd.pick(allEpics);
      const target = rnd.pick(epicsByGroup[source.groupIndex] ?? []);
      if (source.id !== target.id && !blocks.has(`${target.id}:${source.id}`)) {
        blocks.set(`${source.id}:${target.id}`, [source.id, target.id]);
      }
    }
    const blockList = [...blocks.values()];
    await tx.execute(sql`
      INSERT INTO epic_links (source_id, target_id, link_type)
      SELECT s, t, 'blocks' FROM unnest(${col(
        blockList.map((b) => b[0]),
        'bigint',
      )}, ${col(
        blockList.map((b) => b[1]),
        'bigint',
      )}) AS x(s, t)`);
    for (const [i, g] of allGroups.entries()) {
      if (iidCounter[i]) await setIidCounter(tx, 'epics', g.id, iidCounter[i] as number);
    }
  });
  const t2 = performance.now();
  log(
    `  ${allEpics.length} epics in ${levelSizes.length} levels (${levelSizes.join(' / ')}): ${((t2 - t1) / 1000).toFixed(1)} s`,
  );

  // --- issues -------------------------------------------------------------------------------------
  // Epics an issue of a project may belong to: those of the project's group and its ancestors.
  const epicsOfProject = projects.map((p) =>
    p.group.traversalIds.flatMap((gid) => epicsByGroup[allGroups.findIndex((g) => g.id === gid)] ?? []),
  );
  const projectWeights = [0.08, 0.26, 0.22, 0.12, 0.18, 0.14];
  const issueIds = await reserveIds(db, 'issues', issueTotal);
  const issueIidCounter = projects.map(() => 0);
  type SeedIssue = {
    id: number;
    projectIndex: number;
    iid: number;
    confidential: boolean;
    closed: boolean;
    milestoneId: number | null;
    weight: number | null;
    dueDate: string | null;
    health: string | null;
    createdAt: number;
    epic: SeedEpic | null;
    labelIds: number[];
    assigneeIds: number[];
  };
  const people = [opts.owner, ...(opts.members ?? [])];
  const issues: SeedIssue[] = [];
  for (let k = 0; k < issueTotal; k++) {
    let r = rnd.next();
    let projectIndex = 0;
    while (projectIndex < projects.length - 1 && r > (projectWeights[projectIndex] ?? 0)) {
      r -= projectWeights[projectIndex] ?? 0;
      projectIndex++;
    }
    const project = projects[projectIndex] as ProjectWithGroup;
    const ancestorEpics = epicsOfProject[projectIndex] ?? [];
    // most issues sit under a leaf epic; some under higher levels; a quarter under none
    let epic: SeedEpic | null = null;
    if (rnd.chance(0.75) && ancestorEpics.length) {
      epic = rnd.pick(ancestorEpics);
      if (epic.level < 2 && rnd.chance(0.6)) epic = rnd.pick(ancestorEpics);
    }
    const confidential = epic?.confidential === true || rnd.chance(0.02);
    const milestoneChoices = issueMilestoneChoices(project.group);
    const milestone = rnd.chance(0.6) ? rnd.pick(milestoneChoices) : null;
    const createdAt = rangeStart + Math.floor(rnd.next() * (todayMs - rangeStart));
    const closed = milestone?.dueDate && milestone.dueDate < iso(todayMs) ? rnd.chance(0.85) : rnd.chance(0.15);
    const projectLabels = epicLabelChoices(project.group);
    const labelIds = new Set<number>();
    for (let n = rnd.pick([0, 1, 1, 2, 3]); n > 0; n--) {
      const l = rnd.pick(projectLabels);
      if (!l.title.includes('::')) labelIds.add(l.id);
    }
    issues.push({
      id: issueIds[k] as number,
      projectIndex,
      iid: bump(issueIidCounter, projectIndex),
      confidential,
      closed,
      milestoneId: milestone?.id ?? null,
      weight: rnd.chance(0.8) ? rnd.pick([0, 1, 1, 2, 2, 3, 3, 5, 5, 8, 13, 20]) : null,
      dueDate: rnd.chance(0.3) ? iso(createdAt + rnd.int(7, 120) * DAY) : null,
      health: !closed && rnd.chance(0.3) ? rnd.pick(['on_track', 'on_track', 'needs_attention', 'at_risk']) : null,
      createdAt,
      epic,
      labelIds: [...labelIds],
      assigneeIds: rnd.chance(0.7) ? [rnd.pick(people).id] : [],
    });
  }
  // epic_issues: each epic's issues in link order, the latest on top (linkIssueToEpic: min − gap)
  const links = issues.filter((i) => i.epic !== null);
  const linkIds = await reserveIds(db, 'epic_issues', links.length);
  const minPosition = new Map<number, number>();
  const linkPositions = links.map((i) => {
    const epicId = (i.epic as SeedEpic).id;
    const min = minPosition.get(epicId);
    const position = min === undefined ? 0 : min - POSITION_GAP;
    minPosition.set(epicId, position);
    return position;
  });
  await db.transaction(async (tx) => {
    await inChunks(issues.length, 10_000, async (from, to) => {
      const rows = issues.slice(from, to);
      await tx.execute(sql`
        INSERT INTO issues (id, project_id, iid, title, description, state, closed_at, closed_by_id, confidential,
          author_id, milestone_id, weight, due_date, health_status, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, project_id, iid, title, description, state, closed_at, CASE WHEN state = 'closed' THEN ${opts.owner.id}::bigint END,
          confidential, ${opts.owner.id}::bigint, milestone_id, weight, due_date, health_status, created_at, created_at
        FROM unnest(
          ${col(
            rows.map((i) => i.id),
            'bigint',
          )}, ${col(
            rows.map((i) => projects[i.projectIndex]?.project.id),
            'bigint',
          )},
          ${col(
            rows.map((i) => i.iid),
            'int',
          )},
          ${col(
            rows.map((i) => `${rnd.pick(VERBS)} the ${rnd.pick(WORDS)} ${rnd.pick(WORDS)} (#${i.iid})`),
            'text',
          )},
          ${col(
            rows.map(() => 'An issue of the benchmark group.'),
            'text',
          )},
          ${col(
            rows.map((i) => (i.closed ? 'closed' : 'opened')),
            'text',
          )},
          ${col(
            rows.map((i) => (i.closed ? new Date(Math.min(todayMs, i.createdAt + 20 * DAY)).toISOString() : null)),
            'timestamptz',
          )},
          ${col(
            rows.map((i) => i.confidential),
            'boolean',
          )},
          ${col(
            rows.map((i) => i.milestoneId),
            'bigint',
          )},
          ${col(
            rows.map((i) => i.weight),
            'int',
          )},
          ${col(
            rows.map((i) => i.dueDate),
            'date',
          )},
          ${col(
            rows.map((i) => i.health),
            'text',
          )},
          ${col(
            rows.map((i) => new Date(i.createdAt).toISOString()),
            'timestamptz',
          )}
        ) AS t(id, project_id, iid, title, description, state, closed_at, confidential, milestone_id, weight,
          due_date, health_status, created_at)`);
    });
    const labelPairs = issues.flatMap((i) => i.labelIds.map((l) => [i.id, l] as const));
    await tx.execute(sql`
      INSERT INTO issue_labels (issue_id, label_id)
      SELECT * FROM unnest(${col(
        labelPairs.map((p) => p[0]),
        'bigint',
      )}, ${col(
        labelPairs.map((p) => p[1]),
        'bigint',
      )})`);
    const assignees = issues.flatMap((i) => i.assigneeIds.map((u) => [i.id, u] as const));
    await tx.execute(sql`
      INSERT INTO issue_assignees (issue_id, user_id)
      SELECT * FROM unnest(${col(
        assignees.map((p) => p[0]),
        'bigint',
      )}, ${col(
        assignees.map((p) => p[1]),
        'bigint',
      )})`);
    await inChunks(links.length, 20_000, async (from, to) => {
      await tx.execute(sql`
        INSERT INTO epic_issues (id, epic_id, issue_id, relative_position, created_at) OVERRIDING SYSTEM VALUE
        SELECT * FROM unnest(
          ${col(linkIds.slice(from, to), 'bigint')},
          ${col(
            links.slice(from, to).map((i) => (i.epic as SeedEpic).id),
            'bigint',
          )},
          ${col(
            links.slice(from, to).map((i) => i.id),
            'bigint',
          )},
          ${col(linkPositions.slice(from, to), 'int')},
          ${col(
            links.slice(from, to).map((i) => new Date(i.createdAt).toISOString()),
            'timestamptz',
          )})`);
    });
    for (const [i, p] of projects.entries()) {
      if (issueIidCounter[i]) await setIidCounter(tx, 'issues', p.project.id, issueIidCounter[i] as number);
    }
  });
  const t3 = performance.now();
  log(`  ${issues.length} issues (${links.length} in epics): ${((t3 - t2) / 1000).toFixed(1)} s`);

  // --- the denormalised epic dates, by the app's own code ------------------------------------------
  // (counting its statements: a handful whatever the size, one per depth level)
  let statements = 0;
  const counted = drizzle(database.pool, { schema, logger: { logQuery: () => void statements++ } }) as Db;
  await counted.transaction(async (tx) => {
    await recomputeEpicDates(
      tx,
      allEpics.map((e) => e.id),
    );
  });
  const t4 = performance.now();
  log(
    `  inherited epic dates of ${allEpics.length} epics recomputed: ${((t4 - t3) / 1000).toFixed(1)} s, ${statements} statements`,
  );
  // What autovacuum would do next: statistics for the planner, the visibility map for index-only scans.
  await database.pool.query('VACUUM ANALYZE');

  // the busiest top-group epic with children (never none: the first epic is one), and the most used top-group label
  const topParents = (levels[0] ?? []).filter((e) => e.groupIndex === 0 && !e.confidential);
  const parentEpic = topParents.reduce((a, b) => ((childCount.get(b.id) ?? 0) > (childCount.get(a.id) ?? 0) ? b : a));
  const labelUse = new Map<number, number>();
  for (const e of allEpics) for (const l of e.labelIds) labelUse.set(l, (labelUse.get(l) ?? 0) + 1);
  const topLabel = (labelsOfGroup.get(group.id) ?? []).reduce((a, b) =>
    (labelUse.get(b.id) ?? 0) > (labelUse.get(a.id) ?? 0) ? b : a,
  );
  const busiest = projectWeights.indexOf(Math.max(...projectWeights));
  return {
    group,
    subgroups: [platform, product, infra],
    projects,
    labels,
    milestones,
    epicCount: allEpics.length,
    issueCount: issues.length,
    parentEpicIid: parentEpic.iid,
    labelTitle: topLabel.title,
    busiestProject: projects[busiest] as ProjectWithGroup,
    seconds: {
      setup: (t1 - t0) / 1000,
      epics: (t2 - t1) / 1000,
      issues: (t3 - t2) / 1000,
      recompute: (t4 - t3) / 1000,
      total: (t4 - t0) / 1000,
    },
  };
}

async function setIidCounter(db: Db, usage: 'epics' | 'issues', scopeId: number, value: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO internal_ids (usage, scope_id, last_value) VALUES (${usage}, ${scopeId}, ${value})
    ON CONFLICT (usage, scope_id) DO UPDATE SET last_value = GREATEST(internal_ids.last_value, EXCLUDED.last_value)`);
}

// --- the command --------------------------------------------------------------------------------------

function parseArgs(argv: readonly string[]) {
  const out = { group: 'bench-10k', owner: 'root', members: [] as string[], epics: 10_000, issues: 50_000, levels: 4 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--group') out.group = value();
    else if (flag === '--owner') out.owner = value();
    else if (flag === '--member') out.members.push(value());
    else if (flag === '--epics') out.epics = Number(value());
    else if (flag === '--issues') out.issues = Number(value());
    else if (flag === '--levels') out.levels = Number(value());
    else
      throw new Error(
        `Unknown option ${flag}. Options: --group PATH --owner USERNAME --member USERNAME --epics N --issues N --levels N`,
      );
  }
  if (!Number.isSafeInteger(out.epics) || out.epics < 20)
    throw new Error('--epics must be a whole number of at least 20');
  if (!Number.isSafeInteger(out.issues) || out.issues < 0) throw new Error('--issues must be a whole number');
  if (!Number.isSafeInteger(out.levels) || out.levels < 1 || out.levels > 4)
    throw new Error('--levels must be a whole number from 1 to 4');
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { openServerDatabase } = await import('./server-database.ts');
  const { createServices } = await import('../src/modules/services.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { migrate } = await import('../src/db/migrate.ts');
  const { usersRepository } = await import('../src/modules/users/users.repository.ts');
  const config = loadConfig();
  const server = await openServerDatabase(config, (line) => process.stdout.write(`${line}\n`));
  try {
    await migrate(server.database.pool);
    const users = usersRepository(server.database.db);
    const owner = await users.findByUsername(args.owner);
    if (!owner)
      throw new Error(`No user ${args.owner}: start the server once (it creates root), or pass --owner USERNAME.`);
    const members: UserRow[] = [];
    for (const name of args.members) {
      const user = await users.findByUsername(name);
      if (!user) throw new Error(`No user ${name} for --member.`);
      members.push(user);
    }
    const services = createServices(server.database.db, config);
    if (await services.groups.find(userActor(owner), args.group))
      throw new Error(`A group ${args.group} already exists.`);
    process.stdout.write(`Seeding group ${args.group}: ${args.epics} epics, ${args.issues} issues …\n`);
    const result = await seedLargeGroup(server.database, services, {
      path: args.group,
      owner,
      members,
      epics: args.epics,
      issues: args.issues,
      levels: args.levels,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(
      `Done in ${result.seconds.total.toFixed(1)} s: /${result.group.fullPath} (roadmap: /groups/${result.group.fullPath}/-/roadmap)\n`,
    );
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench:seed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
