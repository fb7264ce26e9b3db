/**
 * `npm run bench:api`: a fresh database (embedded PostgreSQL in a temp dir, or a new database on the
 * server in `DATABASE_URL`), migrated, seeded with one group of 10,000 epics in four levels and
 * 50,000 issues (`seed-large-group.ts`), then p50/p95 of real GraphQL requests through the app as
 * a signed-in Developer of the group — the roadmap page, an epic's children, a label-filtered
 * roadmap, an issue list — each next to the time of one hand-written SQL query returning the same
 * rows and columns, and the number of SQL queries the request issued.
 *
 * Options: `--runs N` (default 40), `--explain [N]` (EXPLAIN ANALYZE every query of one request: the
 * roadmap page of 100, or the N-th row of the table), `--explain-rest` (the same for the REST issue
 * list), `--profile` (the app's CPU profile over 30 roadmap pages of 100 and 30 REST lists of 100),
 * `--rest-only` (only the issue lists' requests),
 * `--queries` (print the SQL of one request of each kind), `--epics N`, `--issues N`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { userActor } from '../src/authz/actor.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { childrenQuery, issuesQuery, roadmapQuery } from './queries.ts';
import { seedLargeGroup } from './seed-large-group.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  const n = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const RUNS = option('--runs', 40);
/** Only the issue lists' requests (the REST list of 100 and the tabs' counts): no roadmap tables. */
const restOnly = flag('--rest-only');
const WARMUP = 8;
const out = (line = '') => process.stdout.write(`${line}\n`);

// --- the database ---------------------------------------------------------------------------------
let stopDatabase: () => Promise<void>;
let url: string;
if (process.env.DATABASE_URL) {
  const name = `milepost_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  url = u.toString();
  stopDatabase = async () => {
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-bench-api-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir);
  url = embedded.url;
  stopDatabase = async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
const database = connect(url);

// Every query the app sends goes through pool.query (drizzle and the repositories alike).
type Logged = { text: string; values: unknown[]; ms: number };
let recording: Logged[] | null = null;
const originalQuery = database.pool.query.bind(database.pool) as (...args: unknown[]) => Promise<unknown>;
(database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (
  ...args: unknown[]
) => {
  if (!recording) return originalQuery(...args);
  const [first, second] = args;
  const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
  const values = (Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? [])) as unknown[];
  const entry = { text, values, ms: 0 };
  recording.push(entry);
  const start = performance.now();
  try {
    return await originalQuery(...args);
  } finally {
    entry.ms = performance.now() - start;
  }
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { min: samples[0] ?? Number.NaN, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

try {
  await migrate(database.pool);
  const config = loadConfig({ MILEPOST_LOG_LEVEL: 'silent', MILEPOST_EXTERNAL_URL: 'http://milepost.bench' });
  const { app, services } = await buildApp({ config, database });
  await app.ready();

  const make = (username: string) =>
    services.users.create('system', {
      username,
      name: username.replace('-', ' '),
      email: `${username}@example.com`,
      password: 'bench-password',
    });
  const owner = await make('bench-owner');
  const viewer = await make('bench-viewer');
  out('Seeding …');
  const seeded = await seedLargeGroup(database, services, {
    path: 'bench-10k',
    owner,
    members: [viewer],
    epics: option('--epics', 10_000),
    issues: option('--issues', 50_000),
    log: out,
  });
  const { token } = await services.auth.createPersonalToken(userActor(viewer), viewer.id, {
    name: 'bench',
    scopes: ['api'],
  });

  const year = new Date().getUTCFullYear();
  const timeframe = { start: `${year}-01-01`, end: `${year}-12-31` };
  const groupPath = seeded.group.fullPath;
  const project = seeded.busiestProject;

  const gql = (query: string, variables: Record<string, unknown>) => async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'private-token': token },
      payload: { query, variables },
    });
    const body = res.json() as { data?: unknown; errors?: unknown };
    if (res.statusCode !== 200 || body.errors) throw new Error(`GraphQL failed: ${res.body.slice(0, 400)}`);
    return body.data;
  };

  // --- the hand-written SQL: same rows, same columns, one query each ----------------------------------
  // The viewer is a Developer of the group and sees every epic and issue, so no visibility condition;
  // roll-ups read the per-epic counts the app keeps (epic_issue_counts, migration 0004) — or, on a
  // schema without them, count each subtree's issues.
  const hasIssueCounts =
    (await database.pool.query(`SELECT to_regclass('epic_issue_counts') IS NOT NULL AS yes`)).rows[0]?.yes === true;
  const ownIssueCounts = hasIssueCounts
    ? 'epic_issue_counts'
    : `(SELECT ei.epic_id, count(*) FILTER (WHERE i.state = 'opened') AS opened_issues,
          count(*) FILTER (WHERE i.state = 'closed') AS closed_issues,
          sum(i.weight) FILTER (WHERE i.state = 'opened') AS opened_weight,
          sum(i.weight) FILTER (WHERE i.state = 'closed') AS closed_weight
        FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id GROUP BY ei.epic_id)`;
  const raw = (text: string, values: unknown[]) => async () => (await database.pool.query(text, values)).rows;
  /**
   * The Epic fields above for a page: `ids` is a query of the page's epic ids in order, with `total`
   * (every match, counted by a window over the same scan); roll-ups sum each subtree once.
   */
  const epicPage = (ids: string, order: string, childCondition: string) => `
    WITH ids AS (${ids}),
    page AS (SELECT e.*, ids.total, row_number() OVER (ORDER BY ${order}) AS ord FROM ids JOIN epics e ON e.id = ids.id),
    rollup AS (
      SELECT p.id AS root,
        count(*) FILTER (WHERE d.id <> p.id AND d.state = 'opened') AS opened_epics,
        count(*) FILTER (WHERE d.id <> p.id AND d.state = 'closed') AS closed_epics,
        COALESCE(sum(n.opened_issues), 0) AS opened_issues, COALESCE(sum(n.closed_issues), 0) AS closed_issues,
        COALESCE(sum(n.opened_weight), 0) AS opened_weight, COALESCE(sum(n.closed_weight), 0) AS closed_weight
      FROM page p CROSS JOIN LATERAL (SELECT d.id, d.state FROM epics d WHERE d.path_ids @> ARRAY[p.id]) d
      LEFT JOIN ${ownIssueCounts} n ON n.epic_id = d.id
      GROUP BY p.id)
    SELECT p.id, p.iid, p.title, p.state, p.color, p.start_date, p.due_date, p.path_ids, p.total,
      g.id AS group_id, g.name AS group_name, g.full_path,
      par.id AS parent_id, par.start_date AS parent_start_date, par.due_date AS parent_due_date,
      EXISTS (SELECT 1 FROM epic_links bl WHERE bl.target_id = p.id AND bl.link_type = 'blocks') AS blocked,
      EXISTS (SELECT 1 FROM epics c WHERE c.parent_id = p.id ${childCondition}) AS has_children_within,
      (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'color', l.color) ORDER BY l.title, l.id)
        FROM epic_labels el JOIN labels l ON l.id = el.label_id WHERE el.epic_id = p.id) AS labels,
      r.opened_epics, r.closed_epics, r.opened_issues, r.closed_issues, r.opened_weight, r.closed_weight
    FROM page p JOIN groups g ON g.id = p.group_id LEFT JOIN epics par ON par.id = p.parent_id
    JOIN rollup r ON r.root = p.id
    ORDER BY p.ord`;
  const within = `AND (c.start_date IS NOT NULL OR c.due_date IS NOT NULL)
    AND (c.start_date IS NULL OR c.start_date <= $3::date) AND (c.due_date IS NULL OR c.due_date >= $2::date)`;
  const byStartDate = 'e.start_date ASC NULLS LAST, e.id ASC';
  const roadmapSql = (first: number, label?: string) =>
    raw(
      epicPage(
        `SELECT e.id, count(*) OVER () AS total FROM epics e JOIN groups g ON g.id = e.group_id
        WHERE g.traversal_ids @> ARRAY[$1::bigint]
          AND (e.start_date IS NOT NULL OR e.due_date IS NOT NULL)
          AND (e.start_date IS NULL OR e.start_date <= $3::date) AND (e.due_date IS NULL OR e.due_date >= $2::date)
          ${label ? 'AND EXISTS (SELECT 1 FROM epic_labels fl WHERE fl.epic_id = e.id AND fl.label_id = ANY(ARRAY(SELECT l.id FROM labels l WHERE lower(l.title) = lower($5))))' : ''}
        ORDER BY ${byStartDate} LIMIT $4`,
        byStartDate,
        within,
      ),
      [seeded.group.id, timeframe.start, timeframe.end, first + 1, ...(label ? [label] : [])],
    );
  const parentEpic = (
    await database.pool.query('SELECT id FROM epics WHERE group_id = $1 AND iid = $2', [
      seeded.group.id,
      seeded.parentEpicIid,
    ])
  ).rows[0] as { id: number };
  const byPosition = 'e.relative_position ASC NULLS LAST, e.id ASC';
  const childrenSql = raw(
    epicPage(
      `SELECT e.id, count(*) OVER () AS total FROM epics e WHERE e.parent_id = $1 ORDER BY ${byPosition} LIMIT 101`,
      byPosition,
      '',
    ),
    [parentEpic.id],
  );
  const issuesSql = raw(
    `SELECT i.id, i.iid, i.title, i.state, i.created_at, i.closed_at, i.due_date, i.confidential, i.weight, i.health_status, i.total,
       a.id AS author_id, a.username AS author_username, a.name AS author_name,
       m.id AS milestone_id, m.title AS milestone_title, m.due_date AS milestone_due_date,
       (SELECT json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name) ORDER BY u.id)
          FROM issue_assignees ia JOIN users u ON u.id = ia.user_id WHERE ia.issue_id = i.id) AS assignees,
       (SELECT json_agg(json_build_object('id', l.id, 'title', l.title, 'color', l.color) ORDER BY l.title)
          FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id) AS labels,
       (SELECT count(*) FILTER (WHERE name = 'thumbsup') FROM award_emoji WHERE awardable_type = 'Issue' AND awardable_id = i.id) AS upvotes,
       (SELECT count(*) FILTER (WHERE name = 'thumbsdown') FROM award_emoji WHERE awardable_type = 'Issue' AND awardable_id = i.id) AS downvotes
     FROM (SELECT *, count(*) OVER () AS total FROM issues WHERE project_id = $1 AND state = 'opened'
           ORDER BY created_at DESC, id DESC LIMIT 101) i
     LEFT JOIN users a ON a.id = i.author_id LEFT JOIN milestones m ON m.id = i.milestone_id
     ORDER BY i.created_at DESC, i.id DESC`,
    [project.project.id],
  );

  type Case = { name: string; api: () => Promise<unknown>; sql: () => Promise<unknown[]> };
  const cases: Case[] = restOnly
    ? []
    : [
        {
          name: 'Roadmap page, first 50',
          api: gql(roadmapQuery, { fullPath: groupPath, first: 50, timeframe }),
          sql: roadmapSql(50),
        },
        {
          name: 'Roadmap page, first 100',
          api: gql(roadmapQuery, { fullPath: groupPath, first: 100, timeframe }),
          sql: roadmapSql(100),
        },
        {
          name: `Epic children (&${seeded.parentEpicIid}, first 100)`,
          api: gql(childrenQuery, { fullPath: groupPath, iid: String(seeded.parentEpicIid) }),
          sql: childrenSql,
        },
        {
          name: `Roadmap, labelName "${seeded.labelTitle}", 100`,
          api: gql(roadmapQuery, { fullPath: groupPath, first: 100, timeframe, labelName: [seeded.labelTitle] }),
          sql: roadmapSql(100, seeded.labelTitle),
        },
        {
          name: `Project.issues (${project.project.path}), first 100`,
          api: gql(issuesQuery, { fullPath: `${project.group.fullPath}/${project.project.path}` }),
          sql: issuesSql,
        },
      ];

  // --- checks: the API and the SQL return the same rows ------------------------------------------------
  type EpicNodeOut = { id: string; descendantCounts: { openedEpics: number; openedIssues: number } };
  const nodesOf = (data: unknown): EpicNodeOut[] => {
    const d = data as {
      group?: { epics?: { nodes: EpicNodeOut[] }; epic?: { children: { nodes: EpicNodeOut[] } } };
      project?: { issues: { nodes: EpicNodeOut[] } };
    };
    return d.group?.epics?.nodes ?? d.group?.epic?.children.nodes ?? d.project?.issues.nodes ?? [];
  };
  for (const c of cases) {
    const apiNodes = nodesOf(await c.api());
    const sqlRows = (await c.sql()) as { id: number; opened_epics?: string; opened_issues?: string }[];
    const apiIds = apiNodes.map((n) => Number(n.id.split('/').pop()));
    const sqlIds = sqlRows.slice(0, apiIds.length).map((r) => Number(r.id));
    if (apiIds.length === 0 || apiIds.join() !== sqlIds.join()) {
      throw new Error(`${c.name}: API and SQL rows differ (${apiIds.length} vs ${sqlRows.length} rows)`);
    }
    apiNodes.forEach((n, i) => {
      const r = sqlRows[i];
      if (
        n.descendantCounts &&
        r &&
        (n.descendantCounts.openedEpics !== Number(r.opened_epics) ||
          n.descendantCounts.openedIssues !== Number(r.opened_issues))
      ) {
        throw new Error(`${c.name}: roll-up of ${n.id} differs between API and SQL`);
      }
    });
  }

  // --- queries per request (and, on request, their plans) ------------------------------------------------
  const queriesOf = async (fn: () => Promise<unknown>) => {
    recording = [];
    await fn();
    const list = recording;
    recording = null;
    return list;
  };
  const counts = new Map<string, number>();
  /** median time the request spends waiting for its SQL queries (the rest is the app's own work) */
  const inSql = new Map<string, number>();
  for (const c of cases) {
    const list = await queriesOf(c.api);
    counts.set(c.name, list.length);
    if (flag('--queries')) {
      const total = list.reduce((sum, q) => sum + q.ms, 0);
      out(`\n-- ${c.name}: ${list.length} queries, ${total.toFixed(1)} ms in SQL`);
      for (const q of list)
        out(
          `[${q.ms.toFixed(1).padStart(5)} ms] ${q.text.replace(/\s+/g, ' ').slice(0, 400)}  -- ${JSON.stringify(q.values).slice(0, 200)}`,
        );
    }
  }
  if (flag('--explain')) {
    // `--explain` alone: the roadmap page of 100; `--explain N`: the N-th request of the table (1-based)
    const n = Number(argv[argv.indexOf('--explain') + 1]);
    const explained = cases[Number.isSafeInteger(n) && n >= 1 ? n - 1 : 1];
    out(`\n==== EXPLAIN ANALYZE of the queries of: ${explained?.name}`);
    const list = await queriesOf(explained?.api ?? (async () => {}));
    for (const q of list) {
      const plan = await database.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
      out(`\n-- ${q.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) out(row['QUERY PLAN']);
    }
  }

  /**
   * A CPU profile of the app (this process) over `n` calls of `fn`: self time per package, inclusive
   * time of the app's functions and the libraries', self time per function; per request.
   */
  const profileRequests = async (what: string, fn: () => Promise<unknown>, n: number) => {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    for (let i = 0; i < n; i++) await fn();
    const { profile } = await session.post('Profiler.stop');
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const dt = profile.timeDeltas ?? [];
    const keyOf = (f: { functionName: string; url: string; lineNumber: number }) =>
      `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/packages\//, '')}:${f.lineNumber + 1}`;
    (profile.samples ?? []).forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const key = keyOf(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    });
    self.delete('post node:inspector:115'); // the profiler's own stop call
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    const byPackage = new Map<string, number>();
    for (const [key, ms] of self) {
      const where = key.split(' ')[1] ?? '';
      const pkg = where.startsWith('@') ? where.split('/').slice(0, 2).join('/') : (where.split('/')[0] ?? '');
      byPackage.set(pkg.replace(/:\d+$/, '') || key, (byPackage.get(pkg.replace(/:\d+$/, '') || key) ?? 0) + ms);
    }
    out(`\n==== CPU profile of ${n} × ${what}: ${(total / n).toFixed(1)} ms sampled per request`);
    out('-- self time per request, by package');
    for (const [pkg, ms] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 16)) {
      out(`${(ms / n).toFixed(2).padStart(8)} ms  ${pkg}`);
    }
    // inclusive ("total") time per function: every function on the stack of a sample gets its time
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
    const inclusive = new Map<string, number>();
    (profile.samples ?? []).forEach((id, i) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)?.callFrame;
        if (!f) break;
        const key = keyOf(f);
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      }
    });
    out('-- total (inclusive) time per request: the app, drizzle, and GraphQL parse/validate/execute');
    for (const [key, ms] of [...inclusive.entries()]
      .filter(([k]) =>
        /server\/src|shared\/src|drizzle-orm|validate|execute |parse |stringify|dataloader|pg\//i.test(k),
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)) {
      out(`${(ms / n).toFixed(2).padStart(8)} ms  ${key}`);
    }
    out('-- self time per request, by function');
    for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      out(`${(ms / n).toFixed(2).padStart(8)} ms  ${key}`);
    }
    session.disconnect();
  };

  /** The app's CPU time (this process: user + system) per call of `fn`, over `n` calls. */
  const cpuPerRequest = async (fn: () => Promise<unknown>, n: number) => {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) await fn();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / n;
  };

  if (flag('--profile') && !restOnly)
    await profileRequests('roadmap page of 100', cases[1]?.api ?? (async () => {}), 30);

  // --- timings ---------------------------------------------------------------------------------------------
  type Timing = Awaited<ReturnType<typeof time>>;
  const results: { name: string; api: Timing; sql: Timing }[] = [];
  const loadBefore = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  for (const c of cases) {
    results.push({ name: c.name, api: await time(c.api), sql: await time(c.sql) });
    const sums: number[] = [];
    for (let i = 0; i < 15; i++) sums.push((await queriesOf(c.api)).reduce((sum, q) => sum + q.ms, 0));
    inSql.set(
      c.name,
      percentile(
        sums.sort((a, b) => a - b),
        50,
      ),
    );
  }

  out();
  out(
    `Seeded ${seeded.epicCount} epics (4 levels) and ${seeded.issueCount} issues in one group in ${seeded.seconds.total.toFixed(1)} s ` +
      `(setup ${seeded.seconds.setup.toFixed(1)}, epics ${seeded.seconds.epics.toFixed(1)}, issues ${seeded.seconds.issues.toFixed(1)}, dates ${seeded.seconds.recompute.toFixed(1)})`,
  );
  out(
    `Viewer: a Developer of the group; timeframe ${timeframe.start}..${timeframe.end}; ${RUNS} runs after ${WARMUP} warm-up runs`,
  );
  out();
  const loadAfter = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  out(
    `Machine: ${os.cpus().length} cores, load average ${loadBefore} before and ${loadAfter} after the timings ` +
      '(other work on the machine slows every column alike; "min" is the least disturbed run)',
  );
  out();
  const header = ['request', 'API p50', 'API p95', 'API min', 'SQL p50', 'SQL p95', 'API/SQL', 'queries', 'Σ app SQL'];
  const widths = [44, 9, 9, 9, 9, 9, 8, 8, 10];
  const row = (cells: string[]) =>
    out(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '));
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  row(header);
  row(widths.map((w) => '-'.repeat(w)));
  for (const r of results) {
    row([
      r.name,
      ms(r.api.p50),
      ms(r.api.p95),
      ms(r.api.min),
      ms(r.sql.p50),
      ms(r.sql.p95),
      `${(r.api.p50 / r.sql.p50).toFixed(2)}×`,
      String(counts.get(r.name) ?? ''),
      ms(inSql.get(r.name) ?? Number.NaN),
    ]);
  }
  const roadmap100 = results[1];
  if (roadmap100) {
    out();
    out(
      `Targets: roadmap page of 100 p50 ≤ 50 ms (${roadmap100.api.p50 <= 50 ? 'met' : 'MISSED'}: ${ms(roadmap100.api.p50)}), ` +
        `API/SQL ≤ 2 (${roadmap100.api.p50 / roadmap100.sql.p50 <= 2 ? 'met' : 'MISSED'}: ${(roadmap100.api.p50 / roadmap100.sql.p50).toFixed(2)}×)`,
    );
  }
  // Paging through the whole roadmap (issue 17): does a page deep in the list cost what the first costs?
  if (!restOnly) {
    type RoadmapPage = { group: { epics: { pageInfo: { hasNextPage: boolean; endCursor: string } } } };
    const times: number[] = [];
    let after: string | null = null;
    for (;;) {
      const started = performance.now();
      const data = (await gql(roadmapQuery, { fullPath: groupPath, first: 100, timeframe, after })()) as RoadmapPage;
      times.push(performance.now() - started);
      const { hasNextPage, endCursor } = data.group.epics.pageInfo;
      if (!hasNextPage) break;
      after = endCursor;
    }
    const tenth = Math.max(1, Math.floor(times.length / 10));
    const med = (list: number[]) =>
      percentile(
        [...list].sort((a, b) => a - b),
        50,
      );
    out();
    out(
      `Roadmap paged through by 100 (${times.length} pages, ${ms(times.reduce((a, b) => a + b, 0))} in all): ` +
        `first tenth of the pages p50 ${ms(med(times.slice(0, tenth)))}, last tenth p50 ${ms(med(times.slice(-tenth)))}, ` +
        `all pages p50 ${ms(med(times))} (load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
    );
  }
  // The issue lists (decision 0024): the group's REST issue list of 100 and the tabs' counts.
  const rest = (url: string) => async () => {
    const res = await app.inject({ method: 'GET', url, headers: { 'private-token': token } });
    if (res.statusCode !== 200) throw new Error(`REST failed: ${res.body.slice(0, 400)}`);
    return res.body;
  };
  const restUrl = `/api/v4/groups/${seeded.group.id}/issues?per_page=100&state=opened`;
  const restList = await time(rest(restUrl));
  const restQueries = await queriesOf(rest(restUrl));
  const restSql = [];
  for (let i = 0; i < 15; i++) restSql.push((await queriesOf(rest(restUrl))).reduce((sum, q) => sum + q.ms, 0));
  const restCpu = await cpuPerRequest(rest(restUrl), RUNS);
  const projectRestUrl = `/api/v4/projects/${project.project.id}/issues?per_page=100&state=opened`;
  const projectRestList = await time(rest(projectRestUrl));
  const projectRestQueries = await queriesOf(rest(projectRestUrl));
  const countsQuery = `query($fullPath: ID!) { group(fullPath: $fullPath) { issueStatusCounts { opened closed all } } }`;
  const tabCounts = await time(gql(countsQuery, { fullPath: groupPath }));
  out();
  out(
    `Issue lists: REST GET /groups/:id/issues?per_page=100 p50 ${ms(restList.p50)} (p95 ${ms(restList.p95)}; ` +
      `target ≤ 25 ms: ${restList.p50 <= 25 ? 'met' : 'MISSED'}); Group.issueStatusCounts p50 ${ms(tabCounts.p50)} ` +
      `(p95 ${ms(tabCounts.p95)})`,
  );
  out(
    `  the REST list sends ${restQueries.length} queries, ${ms(
      percentile(
        restSql.sort((a, b) => a - b),
        50,
      ),
    )} summed in SQL (p50); the app's own CPU ${ms(restCpu)} per request (load average ${
      fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
    })`,
  );
  out(
    `  REST GET /projects/:id/issues?per_page=100 (${project.project.path}) p50 ${ms(projectRestList.p50)} ` +
      `(p95 ${ms(projectRestList.p95)}), ${projectRestQueries.length} queries`,
  );
  if (flag('--queries'))
    for (const q of restQueries)
      out(`  [${q.ms.toFixed(1).padStart(5)} ms] ${q.text.replace(/\s+/g, ' ').slice(0, 300)}`);
  if (flag('--explain-rest')) {
    out('\n==== EXPLAIN ANALYZE of the queries of the REST list of 100');
    for (const q of await queriesOf(rest(restUrl))) {
      const plan = await database.pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
      out(`\n-- ${q.text.replace(/\s+/g, ' ').slice(0, 300)}`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) out(row['QUERY PLAN']);
    }
  }
  if (flag('--profile')) await profileRequests('REST list of 100', rest(restUrl), 30);
  out(
    'API/SQL: API p50 over the p50 of one hand-written query returning the same rows and columns. queries: SQL ' +
      'queries one request sends; Σ app SQL: their summed times (loaders run in parallel, so it can exceed the request).',
  );
  await app.close();
} finally {
  await database.close();
  await stopDatabase();
}
