/**
 * `npm run bench`: seeds a fresh embedded database with a group tree (1 top group, 200 subgroups,
 * 2,000 projects, 100 members) through the services, then prints p50/p95 latency of the API's group
 * reads — GraphQL and REST — next to the raw SQL time of the same rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { userActor } from '../src/authz/actor.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

const SUBGROUPS = 200;
const PROJECTS_PER_SUBGROUP = 10;
const MEMBERS = 100;
const RUNS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-bench-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres(dir);
const database = connect(pg.url);
try {
  await migrate(database.pool);
  const config = loadConfig({ MILEPOST_LOG_LEVEL: 'silent' });
  const { app, services } = await buildApp({ config, database });
  await app.ready();

  const seedStart = performance.now();
  const admin = await services.users.create('system', {
    username: 'bench-admin',
    name: 'Bench Admin',
    email: 'bench@example.com',
    password: 'bench-password',
    admin: true,
  });
  const actor = userActor(admin);
  const top = await services.groups.create(actor, { name: 'Bench', path: 'bench', visibility: 'public' });
  const users = [];
  for (let i = 0; i < MEMBERS; i++) {
    const u = await services.users.create('system', {
      username: `member${i}`,
      name: `Member ${i}`,
      email: `member${i}@example.com`,
      password: 'bench-password',
    });
    users.push(u);
    await services.members.add(actor, { type: 'Group', group: top }, { userId: u.id, accessLevel: 10 + (i % 5) * 10 });
  }
  for (let s = 0; s < SUBGROUPS; s++) {
    const sub = await services.groups.create(actor, {
      name: `Team ${s}`,
      path: `team-${s}`,
      parentId: top.id,
      visibility: s % 3 === 0 ? 'private' : 'public',
    });
    for (let p = 0; p < PROJECTS_PER_SUBGROUP; p++) {
      await services.projects.create(actor, {
        name: `Project ${s}-${p}`,
        path: `project-${p}`,
        groupId: sub.id,
        visibility: s % 3 === 0 ? 'private' : 'public',
      });
    }
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const viewer = users[7];
  if (!viewer) throw new Error('no viewer');
  const { token } = await services.auth.createPersonalToken(userActor(viewer), viewer.id, {
    name: 'bench',
    scopes: ['api'],
  });

  const query = `query($first: Int) { group(fullPath: "bench") { id name fullName userPermissions { adminGroup createSubgroup }
    descendantGroups(first: $first) { count nodes { id fullPath name visibility webUrl userPermissions { readGroup adminGroup } parent { id } } }
    projects(includeSubgroups: true, first: $first) { count nodes { id fullPath nameWithNamespace visibility } } } }`;
  const gql = (first: number) => () =>
    app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'private-token': token },
      payload: { query, variables: { first } },
    });
  const rest = () =>
    app.inject({
      method: 'GET',
      url: '/api/v4/groups/bench/descendant_groups?per_page=100',
      headers: { 'private-token': token },
    });
  const sql = () =>
    database.pool.query(
      `SELECT * FROM groups WHERE traversal_ids @> ARRAY[$1]::bigint[] AND id <> $1 ORDER BY full_path LIMIT 100`,
      [top.id],
    );

  const check = await gql(100)();
  if (check.statusCode !== 200 || check.json().errors) throw new Error(`query failed: ${check.body.slice(0, 300)}`);

  const rows: [string, { p50: number; p95: number }][] = [
    ['GraphQL group page, 50 subgroups + 50 projects', await time(RUNS, gql(50))],
    ['GraphQL group page, 100 subgroups + 100 projects', await time(RUNS, gql(100))],
    ['REST descendant_groups, per_page=100', await time(RUNS, rest)],
    ['raw SQL: 100 descendant groups', await time(RUNS, sql)],
  ];
  const rawP50 = rows[3]?.[1].p50 ?? Number.NaN;
  process.stdout.write(
    `\nSeeded ${SUBGROUPS} subgroups, ${SUBGROUPS * PROJECTS_PER_SUBGROUP} projects, ${MEMBERS} members in ${seedSeconds.toFixed(1)} s\n`,
  );
  process.stdout.write(`Viewer: a Guest..Owner member of the top group; ${RUNS} runs each, after 10 warm-up runs\n\n`);
  for (const [name, r] of rows) {
    process.stdout.write(
      `${name.padEnd(52)} p50 ${r.p50.toFixed(2).padStart(7)} ms   p95 ${r.p95.toFixed(2).padStart(7)} ms   ×SQL ${(r.p50 / rawP50).toFixed(1)}\n`,
    );
  }
  await app.close();
} finally {
  await database.close();
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
