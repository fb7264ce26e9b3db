/**
 * `npm run bench:coldstart`: the first start with the demo on a fresh data directory, as `npm start`
 * does it (issue 10: ≤ 5 s), broken down. Each run starts the real server (`bench-server.ts`: an
 * empty temporary data directory, MILEPOST_DEMO on) and asks `/-/health` every 20 ms until it
 * answers — the server listens only once the demo is loaded and the cluster is on disk — then
 * stops it and removes the directory. Printed per run and as medians: the total as the bench saw
 * it, the server's own ready line (node, code, initdb, postgres, sync, database, migrations, demo,
 * app, listen; phases overlap: the code loads while PostgreSQL starts, the app while the demo
 * loads) and the first request, with the load average before and after (on a busy machine the
 * figures are upper bounds).
 *
 * `--statements` instead loads root and the demo into a fresh embedded PostgreSQL of its own, as
 * the first start does (`setUpFirstStart`), counting every statement and the time spent waiting
 * for its answer, grouped by kind: where the demo's round trips go.
 *
 * Options: `--runs N` (3), `--statements`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { setUpFirstStart } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { connect } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { cleanUp, DEMO_PASSWORD, onCleanUp, startBenchServer } from './bench-server.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('--runs') ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');

const out = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** The phases of the server's ready line: `… ready on URL in 4.1 s (node 0.3 s, code 0.8 s, …)`. */
function readyLine(logFile: string): Map<string, number> {
  const line = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .find((l) => l.includes('Milepost is ready on'));
  const phases = new Map<string, number>();
  const match = line?.match(/ in ([\d.]+) s \((.*)\)$/);
  if (!match) throw new Error(`No ready line in ${logFile}`);
  phases.set('server total', Number(match[1]) * 1000);
  for (const part of (match[2] ?? '').split(', ')) {
    const [name, value] = part.split(/ (?=[\d.]+ s$)/);
    if (name && value) phases.set(name, Number.parseFloat(value) * 1000);
  }
  return phases;
}

async function coldStarts() {
  out(`Cold start with the demo on a fresh data directory, ${runs} run(s); load average ${load()} (1 / 5 / 15 min)`);
  const results: Map<string, number>[] = [];
  for (let run = 1; run <= runs; run++) {
    const before = load();
    const server = await startBenchServer('coldstart', {}, () => {}, { readyPath: '/-/health', pollMs: 20 });
    const phases = readyLine(server.logFile);
    const log = fs.readFileSync(server.logFile, 'utf8');
    if (!log.includes('Loaded the demo')) throw new Error('The server answered without having loaded the demo');
    phases.set('first request', server.firstRequestMs);
    phases.set('until /-/health', server.readyMs);
    await cleanUp();
    results.push(phases);
    out(
      `  run ${run}: ${seconds(server.readyMs)} s until /-/health answered — ${[...phases]
        .filter(([name]) => name !== 'until /-/health')
        .map(([name, ms]) => `${name} ${seconds(ms)}`)
        .join(', ')} (load ${before} → ${load()})`,
    );
  }
  const names = [...new Set(results.flatMap((r) => [...r.keys()]))];
  out('Medians (s):');
  for (const name of names) {
    const values = results.flatMap((r) => (r.has(name) ? [r.get(name) as number] : []));
    out(`  ${name.padEnd(16)} ${seconds(median(values)).padStart(6)}   (${values.map(seconds).join(' / ')})`);
  }
  out(`Load average after: ${load()}. Target (issue 10): ≤ 5 s until /-/health with the demo.`);
}

/** A statement's kind: its verb and first table, e.g. `insert into "issues"`, `select … from "labels"`. */
function kindOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = flat.match(
    /^(begin|commit|rollback|savepoint|release|set|with|select|insert into|update|delete from)/,
  )?.[1];
  const table = flat.match(/(?:insert into|update|delete from|from) ("?[a-z_]+"?)/)?.[1] ?? '';
  return `${verb ?? flat.slice(0, 20)} ${verb === 'select' || verb === 'with' ? 'from ' : ''}${table}`.trim();
}

/** CPU time (user + system) of the postmaster and its children so far, from /proc (0 where there is none). */
function postgresCpuMs(postmaster: number): number {
  const ticks = (pid: number) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = fs
      .readdirSync(`/proc/${postmaster}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${postmaster}/task/${task}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return 0;
  }
  return ((ticks(postmaster) + children.reduce((sum, pid) => sum + ticks(pid), 0)) * 1000) / 100;
}

async function statements() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-coldstart-statements-'));
  fs.chmodSync(tmp, 0o755);
  onCleanUp(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const embedded = await startEmbeddedPostgres(path.join(tmp, 'data'));
  onCleanUp(() => embedded.stop());
  const database = connect(embedded.url, 2);
  await migrate(database.pool);
  await database.close();
  const config = loadConfig({ MILEPOST_ROOT_PASSWORD: 'root-password-123', MILEPOST_DEMO_PASSWORD: DEMO_PASSWORD });
  // A round trip: a statement sent while none is waiting for its answer (the ones sent meanwhile ride along).
  const byKind = new Map<string, { count: number; trips: number; ms: number }>();
  let outstanding = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
    const config = params[0] as string | { text?: string };
    const kind = kindOf(typeof config === 'string' ? config : (config?.text ?? ''));
    const began = performance.now();
    const entry = byKind.get(kind) ?? { count: 0, trips: 0, ms: 0 };
    byKind.set(kind, entry);
    entry.count += 1;
    if (outstanding === 0) entry.trips += 1;
    outstanding += 1;
    const result = (query as (...a: unknown[]) => unknown).apply(this, params);
    if (result instanceof Promise)
      void result
        .finally(() => {
          outstanding -= 1;
          entry.ms += performance.now() - began;
        })
        .catch(() => {});
    else outstanding -= 1;
    return result;
  } as typeof query;
  const postmaster = Number(
    fs.readFileSync(path.join(tmp, 'data', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const cpuBefore = { node: process.cpuUsage(), postgres: postgresCpuMs(postmaster) };
  const began = performance.now();
  try {
    await setUpFirstStart(embedded.url, config, () => {});
  } finally {
    pg.Client.prototype.query = query;
  }
  const wall = performance.now() - began;
  const nodeCpu = process.cpuUsage(cpuBefore.node);
  const postgresCpu = postgresCpuMs(postmaster) - cpuBefore.postgres;
  const sum = (pick: (e: { count: number; trips: number; ms: number }) => number) =>
    [...byKind.values()].reduce((total, e) => total + pick(e), 0);
  out(
    `The first start's set-up (root and the demo, one transaction): ${sum((e) => e.count)} statements in ` +
      `${sum((e) => e.trips)} round trips, ${seconds(wall)} s; CPU: node ${seconds((nodeCpu.user + nodeCpu.system) / 1000)} s, ` +
      `PostgreSQL ${seconds(postgresCpu)} s; load average ${load()}`,
  );
  out('  statements  round trips  waited (s, overlapping)  kind');
  for (const [kind, e] of [...byKind].sort((a, b) => b[1].trips - a[1].trips).slice(0, 30))
    out(`  ${String(e.count).padStart(10)}  ${String(e.trips).padStart(11)}  ${seconds(e.ms).padStart(23)}  ${kind}`);
}

try {
  if (args.includes('--statements')) await statements();
  else await coldStarts();
} finally {
  await cleanUp();
}
