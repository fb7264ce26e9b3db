/**
 * `npm run bench:load`: the server under a mixed load at a fixed arrival rate, and under a burst.
 *
 * Starts the real server (`bench-server.ts`: a fresh temporary data directory, the demo users),
 * seeds the 10,000-epic benchmark group with alice a Developer, takes an OAuth token for alice and
 * then sends the mix of `load-mix.ts` (60 % GraphQL reads, 30 % REST reads, 10 % writes) over
 * keep-alive connections to 127.0.0.1 in an open model: request i starts at i / rate seconds,
 * whether or not earlier ones have finished (a request that starts more than 100 ms after its time
 * is counted late; with `MAX_OUTSTANDING` requests unanswered, the next is dropped, not sent).
 * Latencies run from each request's scheduled start. Phases:
 *
 * 1. warm-up (not reported), 2. steady `--rate` for `--duration` seconds,
 * 3. burst `--burst-rate` for `--burst-duration` seconds, 4. recovery: `--rate` again for
 *    `--recovery` seconds, reporting when 5-second windows are back to the steady phase's latency.
 *
 * Each phase prints requests sent, p50/p90/p99, success, a status histogram, the server's RSS
 * (VmRSS of its process, sampled every second: max and at the end) and CPU, and the load average,
 * with the targets beside them; it fails on none of them. Options: `--rate N` (20), `--duration S`
 * (600), `--burst-rate N` (100), `--burst-duration S` (60), `--recovery S` (120), `--epics N`
 * (10000), `--issues N` (50000), `--quick` (60 s at 20/s, a 20 s burst, 60 s recovery), `--seed N`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { random as mulberry32 } from '../src/demo/issues.demo.ts';
import { type BenchServer, cleanUp, DEMO_PASSWORD, seedBenchGroup, startBenchServer } from './bench-server.ts';
import { discover, type LoadRequest, requestMix } from './load-mix.ts';

const GROUP = 'bench-load';
const USER = 'alice';
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_OUTSTANDING = 3000;
const LATE_MS = 100;
const WINDOW_S = 5;
const TARGET = { p90Ms: 500, successPct: 99, recoveryS: 60 };

// --- options ------------------------------------------------------------------------------------------

function parseArgs(argv: readonly string[]) {
  const quick = argv.includes('--quick');
  const out = {
    rate: 20,
    duration: quick ? 60 : 600,
    burstRate: 100,
    burstDuration: quick ? 20 : 60,
    recovery: quick ? 60 : 120,
    epics: 10_000,
    issues: 50_000,
    seed: 1,
  };
  const names: Record<string, keyof typeof out> = {
    '--rate': 'rate',
    '--duration': 'duration',
    '--burst-rate': 'burstRate',
    '--burst-duration': 'burstDuration',
    '--recovery': 'recovery',
    '--epics': 'epics',
    '--issues': 'issues',
    '--seed': 'seed',
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = (argv[i] ?? '').split('=', 2);
    if (flag === '--quick') continue;
    const key = names[flag];
    if (!key) throw new Error(`Unknown option ${flag}. Options: ${Object.keys(names).join(' ')} --quick`);
    const n = Number(inline ?? argv[++i]);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag} must be a whole number`);
    out[key] = n;
  }
  if (out.rate < 1 || out.duration < 1) throw new Error('--rate and --duration must be at least 1');
  return out;
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// --- the server process: RSS and CPU ------------------------------------------------------------------

type Sample = { at: number; rssMb: number; cpuTicks: number; dbTicks: number; clientMicros: number };

/** utime, stime, cutime, cstime and ppid from /proc/<pid>/stat (fields 14–17 and 4, after the name). */
function procStat(pid: number | string) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(f[i]);
  return { ppid: n(1), own: n(11) + n(12), children: n(13) + n(14) };
}

/** CPU clock ticks of the PostgreSQL postmaster and its backends, also those that have exited. */
function postgresTicks(postmasterPid: number): number {
  let ticks = 0;
  try {
    const postmaster = procStat(postmasterPid);
    ticks = postmaster.own + postmaster.children;
  } catch {
    return Number.NaN;
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const child = procStat(entry);
      if (child.ppid === postmasterPid) ticks += child.own;
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** The server process's RSS and CPU, PostgreSQL's CPU, and this process's own CPU (the load generator). */
function sampleProcess(pid: number, postmasterPid: number): Sample | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    const usage = process.cpuUsage();
    return {
      at: performance.now(),
      rssMb: rssKb / 1024,
      cpuTicks: procStat(pid).own,
      dbTicks: postgresTicks(postmasterPid),
      clientMicros: usage.user + usage.system,
    };
  } catch {
    return null; // the process is gone
  }
}

// --- sending ------------------------------------------------------------------------------------------

type Result = {
  kind: string;
  scheduled: number;
  latencyMs: number;
  status: number | 'timeout' | 'network error';
  ok: boolean;
  retryAfter: boolean;
};

function client(baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const send = async (request: LoadRequest, scheduled: number): Promise<Result> => {
    const base = { kind: request.kind, scheduled };
    try {
      const res = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let ok = res.ok;
      if (ok && request.path === '/api/graphql') ok = !(JSON.parse(text) as { errors?: unknown }).errors;
      const retryAfter = res.headers.has('retry-after');
      return { ...base, latencyMs: performance.now() - scheduled, status: res.status, ok, retryAfter };
    } catch (error) {
      const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error';
      return { ...base, latencyMs: performance.now() - scheduled, status, ok: false, retryAfter: false };
    }
  };
  /** One request outside the load (set-up), failing loudly. */
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok || text.includes('"errors":['))
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  return { send, api };
}

type Phase = {
  name: string;
  rate: number;
  seconds: number;
  start: number;
  end: number;
  results: Result[];
  sent: number;
  late: number;
  dropped: number;
  loadStart: string;
  loadEnd: string;
};

/** Sends `rate` requests a second for `seconds`, on schedule; resolves when the last one is sent. */
async function runPhase(
  name: string,
  rate: number,
  seconds: number,
  next: () => LoadRequest,
  send: (request: LoadRequest, scheduled: number) => Promise<Result>,
  outstanding: Set<Promise<unknown>>,
  progress: (phase: Phase) => void,
): Promise<Phase> {
  const start = performance.now();
  const phase: Phase = {
    name,
    rate,
    seconds,
    start,
    end: start + seconds * 1000,
    results: [],
    sent: 0,
    late: 0,
    dropped: 0,
    loadStart: loadAverage(),
    loadEnd: '',
  };
  const total = Math.round(rate * seconds);
  let nextReport = start + 10_000;
  for (let i = 0; i < total; ) {
    const now = performance.now();
    for (; i < total && start + (i * 1000) / rate <= now; i++) {
      const scheduled = start + (i * 1000) / rate;
      if (outstanding.size >= MAX_OUTSTANDING) {
        phase.dropped++;
        continue;
      }
      if (now - scheduled > LATE_MS) phase.late++;
      phase.sent++;
      const pending = send(next(), scheduled).then((result) => {
        phase.results.push(result);
        outstanding.delete(pending);
      });
      outstanding.add(pending);
    }
    if (now >= nextReport) {
      progress(phase);
      nextReport += 10_000;
    }
    if (i < total) await sleep(Math.max(0, start + (i * 1000) / rate - performance.now()));
  }
  phase.loadEnd = loadAverage();
  return phase;
}

// --- figures ------------------------------------------------------------------------------------------

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function summarize(results: readonly Result[]) {
  const latencies = results.map((r) => r.latencyMs).sort((a, b) => a - b);
  const histogram = new Map<string, number>();
  let shed = 0;
  let errors = 0;
  for (const r of results) {
    const key =
      typeof r.status === 'number' && r.status >= 200 && r.status < 300 && !r.ok
        ? `${r.status}+errors`
        : String(r.status);
    histogram.set(key, (histogram.get(key) ?? 0) + 1);
    const deliberate = (r.status === 503 || r.status === 429) && r.retryAfter;
    if (deliberate) shed++;
    else if (typeof r.status !== 'number' || r.status >= 500) errors++;
  }
  return {
    count: results.length,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    successPct: results.length ? (100 * results.filter((r) => r.ok).length) / results.length : Number.NaN,
    histogram: [...histogram.entries()].sort(([a], [b]) => a.localeCompare(b)),
    shed,
    errors,
  };
}

const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : '—');
const pct = (n: number) => `${n.toFixed(2)} %`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function rssOf(samples: readonly Sample[], from: number, to: number) {
  const inside = samples.filter((s) => s.at >= from && s.at <= to);
  const first = inside[0];
  const last = inside.at(-1);
  // Clock ticks are 1/100 s: ticks per second is the percentage of one core.
  const perSecond = (value: (s: Sample) => number, unitsPerPct: number) =>
    first && last && last.at > first.at
      ? (value(last) - value(first)) / unitsPerPct / ((last.at - first.at) / 1000)
      : Number.NaN;
  return {
    maxMb: Math.max(...inside.map((s) => s.rssMb)),
    endMb: last?.rssMb ?? Number.NaN,
    cpuPct: perSecond((s) => s.cpuTicks, 1),
    dbPct: perSecond((s) => s.dbTicks, 1),
    clientPct: perSecond((s) => s.clientMicros, 10_000),
  };
}

function printPhase(phase: Phase, samples: readonly Sample[]) {
  const s = summarize(phase.results);
  const rss = rssOf(samples, phase.start, phase.end);
  out(`\n== ${phase.name}: ${phase.rate} requests/s for ${phase.seconds} s`);
  out(`   sent ${phase.sent} (late > ${LATE_MS} ms: ${phase.late}, dropped: ${phase.dropped}), answered ${s.count}`);
  const served = summarize(phase.results.filter((r) => r.ok));
  out(`   latency p50 ${ms(s.p50)}  p90 ${ms(s.p90)}  p99 ${ms(s.p99)}   success ${pct(s.successPct)}`);
  out(`   of the successful ones: p50 ${ms(served.p50)}  p90 ${ms(served.p90)}  p99 ${ms(served.p99)}`);
  out(`   status  ${s.histogram.map(([k, v]) => `${k}: ${v}`).join('  ')}`);
  out(`           deliberate 503/429 with Retry-After: ${s.shed}; other 5xx, timeouts, network errors: ${s.errors}`);
  out(
    `   server  RSS max ${rss.maxMb.toFixed(0)} MB, at the end ${rss.endMb.toFixed(0)} MB; CPU ${rss.cpuPct.toFixed(0)} % of one core ` +
      `(PostgreSQL ${rss.dbPct.toFixed(0)} %, this load generator ${rss.clientPct.toFixed(0)} %)`,
  );
  out(
    `   machine load average ${phase.loadStart} at the start, ${phase.loadEnd} at the end (${os.cpus().length} cores)`,
  );
  return s;
}

function printKinds(phase: Phase, kinds: readonly string[]) {
  out('   by kind         count     p50     p90     p99  success');
  for (const kind of kinds) {
    const s = summarize(phase.results.filter((r) => r.kind === kind));
    out(
      `   ${kind.padEnd(15)} ${String(s.count).padStart(5)} ${ms(s.p50).padStart(7)} ${ms(s.p90).padStart(7)} ${ms(s.p99).padStart(7)}  ${pct(s.successPct).padStart(8)}`,
    );
  }
}

/** Seconds from the start of `phase` to the first 5-second window (and the one after it) back at normal latency. */
function recoverySeconds(phase: Phase, normalP90: number): number | null {
  const windows = Math.floor(phase.seconds / WINDOW_S);
  const normal = (w: number) => {
    const from = phase.start + w * WINDOW_S * 1000;
    const inside = phase.results.filter((r) => r.scheduled >= from && r.scheduled < from + WINDOW_S * 1000);
    const s = summarize(inside);
    return inside.length > 0 && s.p90 <= normalP90 && inside.every((r) => r.ok);
  };
  for (let w = 0; w < windows; w++) {
    if (normal(w) && (w + 1 >= windows || normal(w + 1))) return w * WINDOW_S;
  }
  return null;
}

// --- main ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  out(`bench:load on ${os.cpus().length} cores, load average ${loadAverage()}`);
  const server: BenchServer = await startBenchServer(
    'bench-load',
    {
      // The abuse limits, off: this measures capacity, not throttling.
      MILEPOST_PROTECTED_PATHS_LIMIT: '0',
      MILEPOST_API_RATE_LIMIT_PER_USER: '0',
      MILEPOST_API_RATE_LIMIT_PER_IP: '0',
    },
    out,
  );
  await seedBenchGroup(server, { group: GROUP, member: USER, epics: options.epics, issues: options.issues }, out);

  const tokenRes = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: USER, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  if (!token) throw new Error(`No token for ${USER}: ${tokenRes.status}`);
  const { send, api } = client(server.baseUrl, token);
  const targets = await discover(api, GROUP);
  const random = mulberry32(options.seed);
  const mix = requestMix(targets, random);
  out(
    `Mix over ${targets.projects.length} projects, ${targets.parentEpicIids.length} parent epics, ${targets.issues.length} issues, ${targets.labels.length} labels`,
  );

  // Every kind once, on its own: a request the mix cannot make is a set-up error, not a load result.
  for (const kind of mix.kinds) {
    let request = mix.next();
    while (request.kind !== kind) request = mix.next();
    const result = await send(request, performance.now());
    if (!result.ok) throw new Error(`${kind} (${request.method} ${request.path}) answered ${result.status}`);
  }

  const samples: Sample[] = [];
  const postmasterPid = Number.parseInt(
    fs.readFileSync(path.join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
    10,
  );
  const sample = () => sampleProcess(server.pid, postmasterPid);
  const sampler = setInterval(() => {
    const s = sample();
    if (s) samples.push(s);
  }, 1000);
  const outstanding = new Set<Promise<unknown>>();
  const progress = (phase: Phase) => {
    const elapsed = Math.round((performance.now() - phase.start) / 1000);
    const recent = phase.results.filter((r) => r.scheduled > performance.now() - 10_000);
    const s = summarize(recent);
    const rss = samples.at(-1)?.rssMb ?? Number.NaN;
    out(
      `  [${phase.name} ${elapsed}/${phase.seconds} s] last 10 s: ${s.count} answered, p90 ${ms(s.p90)}, ` +
        `success ${pct(s.successPct)}, in flight ${outstanding.size}, RSS ${rss.toFixed(0)} MB, load ${loadAverage()}`,
    );
  };
  const phase = (name: string, rate: number, seconds: number) =>
    runPhase(name, rate, seconds, mix.next, send, outstanding, progress);

  try {
    out(`\nWarm-up: ${options.rate} requests/s for 15 s …`);
    await phase('warm-up', options.rate, 15);
    out(`Steady: ${options.rate} requests/s for ${options.duration} s …`);
    const steady = await phase('steady', options.rate, options.duration);
    const burst = options.burstDuration > 0 ? await phase('burst', options.burstRate, options.burstDuration) : null;
    const recovery = burst && options.recovery > 0 ? await phase('recovery', options.rate, options.recovery) : null;
    out('Waiting for the last answers …');
    await Promise.all(outstanding);
    await sleep(1500); // one more RSS sample after the last answer
    clearInterval(sampler);

    const alive = sample() !== null;
    const ready =
      alive &&
      (await fetch(`${server.baseUrl}/-/readiness`).then(
        (r) => r.ok,
        () => false,
      ));

    const s = printPhase(steady, samples);
    out(
      `   target  p90 ≤ ${TARGET.p90Ms} ms: ${verdict(s.p90 <= TARGET.p90Ms)}; success ≥ ${TARGET.successPct} %: ${verdict(s.successPct >= TARGET.successPct)}`,
    );
    printKinds(steady, mix.kinds);
    if (burst) {
      const b = printPhase(burst, samples);
      const steadyRss = rssOf(samples, steady.start, steady.end).maxMb;
      const burstRss = rssOf(samples, burst.start, burst.end).maxMb;
      out(
        `   target  no 5xx but deliberate 503/429 with Retry-After: ${verdict(b.errors === 0)} (${b.errors} others); ` +
          `memory bounded: RSS max ${burstRss.toFixed(0)} MB vs ${steadyRss.toFixed(0)} MB steady`,
      );
      printKinds(burst, mix.kinds);
    }
    if (recovery) {
      const normalP90 = Math.max(s.p90 * 1.25, s.p90 + 50);
      const r = printPhase(recovery, samples);
      const back = recoverySeconds(recovery, normalP90);
      out(
        `   recovery: back to normal (a ${WINDOW_S} s window with p90 ≤ ${ms(normalP90)}, 1.25 × the steady p90 or +50 ms, ` +
          `every request successful, and the next window too) ${back === null ? `not within ${recovery.seconds} s` : `after ${back} s`}`,
      );
      out(
        `   target  recovery ≤ ${TARGET.recoveryS} s: ${verdict(back !== null && back <= TARGET.recoveryS)}; ` +
          `no 5xx but deliberate: ${verdict(r.errors === 0)}`,
      );
    }
    out(`\nServer after the run: ${alive ? 'running' : 'GONE (crashed)'}, readiness ${ready ? 'ok' : 'FAILED'}`);
    out(
      `Settings: limits as the server's defaults (README, Configuration); server log ${server.logFile} (removed at exit)`,
    );
  } finally {
    clearInterval(sampler);
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench:load: ${(error as Error).stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
