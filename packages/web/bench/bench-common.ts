/**
 * What the web benchmarks (`npm run bench:web`: roadmap, discussions, markdown editor, lists) share:
 * their options, building the web app when its sources are newer, the real server and Debian's
 * Chromium started and stopped together (`startBench`), a signed-in page (`openSignedIn`), paint marks
 * (`addPaintMarks`: when the page drew what the bench waits for), medians and the printed tables.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BenchServer,
  cleanUp,
  DEMO_PASSWORD,
  exited,
  onCleanUp,
  startBenchServer,
  stopProcess,
} from '@milepost/server/bench/bench-server.ts';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';

export const VIEWPORT = { width: 1440, height: 900 };
export const out = (line = '') => process.stdout.write(`${line}\n`);

// --- options ------------------------------------------------------------------------------------------

export type BuildMode = 'auto' | 'always' | 'never';
type NumberSpec = { min: number; value: number };

/**
 * The options every web bench knows (`--runs N`, `--warmup N`, `--build`, `--no-build`, `--headed`),
 * plus its own whole numbers (`numbers`: name → minimum and default, as `--name N` or `--name=N`),
 * folders (`paths`: `--name DIR`, null when not given) and words (`texts`: `--name TEXT`, null when
 * not given). Anything else is refused with the list.
 */
export function parseBenchArgs<N extends string, P extends string = never, T extends string = never>(
  argv: readonly string[],
  numbers: Record<N | 'runs' | 'warmup', NumberSpec>,
  paths: readonly P[] = [],
  texts: readonly T[] = [],
): { build: BuildMode; headed: boolean } & Record<N | 'runs' | 'warmup', number> & Record<P | T, string | null> {
  const values: Record<string, number | string | null> = {};
  for (const [name, spec] of Object.entries(numbers) as [string, NumberSpec][]) values[name] = spec.value;
  for (const name of [...paths, ...texts]) values[name] = null;
  let build: BuildMode = 'auto';
  let headed = false;
  const usage = [
    ...Object.keys(numbers).map((name) => `--${name} N`),
    '--build',
    '--no-build',
    '--headed',
    ...paths.map((name) => `--${name} DIR`),
    ...texts.map((name) => `--${name} TEXT`),
  ].join(' ');
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = (argv[i] ?? '').split('=', 2);
    const name = flag.replace(/^--/, '');
    const spec = (numbers as Record<string, NumberSpec | undefined>)[name];
    if (flag === '--build') build = 'always';
    else if (flag === '--no-build') build = 'never';
    else if (flag === '--headed') headed = true;
    else if (spec) {
      const n = Number(inline ?? argv[++i]);
      if (!Number.isSafeInteger(n) || n < spec.min)
        throw new Error(`${flag} must be a whole number of at least ${spec.min}`);
      values[name] = n;
    } else if ((paths as readonly string[]).includes(name)) values[name] = path.resolve(inline ?? argv[++i] ?? '');
    else if ((texts as readonly string[]).includes(name)) values[name] = inline ?? argv[++i] ?? '';
    else throw new Error(`Unknown option ${flag}. Options: ${usage}`);
  }
  return { ...values, build, headed } as { build: BuildMode; headed: boolean } & Record<N | 'runs' | 'warmup', number> &
    Record<P | T, string | null>;
}

/**
 * The options of a bench that loads a list of pages in turn and may compare two builds (the lists,
 * the first load): `--runs N` (default 3), `--warmup N` (default 1), `--compare DIR` (another web
 * build's `dist`, the runs alternating; see `startComparingBench`), `--only TEXT` (only the pages whose
 * name contains it; `onlyMatching`), the common flags, and the bench's own numbers and folders.
 */
export function parsePagesBenchArgs<N extends string, P extends string = never>(
  argv: readonly string[],
  numbers: Record<N, NumberSpec>,
  paths: readonly P[] = [],
) {
  return parseBenchArgs<N, P | 'compare', 'only'>(
    argv,
    { runs: { min: 1, value: 3 }, warmup: { min: 0, value: 1 }, ...numbers },
    ['compare', ...paths],
    ['only'],
  );
}

/** The pages (anything with a name) `--only TEXT` keeps: those whose name contains it, or all without it. */
export function onlyMatching<T extends { name: string }>(pages: readonly T[], only: string | null): T[] {
  return pages.filter((page) => !only || page.name.includes(only));
}

// --- server, browser, signed-in pages ------------------------------------------------------------------

/**
 * `startBench` for a bench with `--compare DIR`: the served build first (a build empties `dist`), then
 * the other build's assets beside it (`compareBuilds`), then the server and the browser.
 */
export async function startComparingBench(
  name: string,
  options: { build: BuildMode; headed: boolean; compare: string | null },
  settings: Record<string, string> = {},
): Promise<{ server: BenchServer; browser: Browser; variants: ReturnType<typeof compareBuilds> }> {
  await ensureBuild(options.build, out);
  const variants = compareBuilds(options.compare);
  const { server, browser } = await startBench(name, { ...options, build: 'never' }, settings);
  return { server, browser, variants };
}

/** Builds the web app if needed and starts the real server (see `startBench`), without a browser. */
export async function startServer(
  name: string,
  options: { build: BuildMode },
  settings: Record<string, string> = {},
): Promise<BenchServer> {
  await ensureBuild(options.build, out);
  return await startBenchServer(name, { MILEPOST_PROTECTED_PATHS_LIMIT: '0', ...settings }, out);
}

/**
 * Builds the web app if needed, starts the real server (demo users, fresh data directory, no sign-in
 * throttle: runs sign in again and again from one address) and Chromium. Both are stopped by
 * `runBench`'s clean-up, the browser first.
 */
export async function startBench(
  name: string,
  options: { build: BuildMode; headed: boolean },
  settings: Record<string, string> = {},
): Promise<{ server: BenchServer; browser: Browser }> {
  const server = await startServer(name, options, settings);
  const browser = await launchChromium(options.headed);
  onCleanUp(() => browser.close());
  return { server, browser };
}

/** A browser of its own for `work` (a run that wants a fresh one), closed after it, also on Ctrl-C. */
export async function withOwnBrowser<T>(headed: boolean, work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchChromium(headed);
  const removeClose = onCleanUp(() => browser.close());
  try {
    return await work(browser);
  } finally {
    removeClose();
    await browser.close();
  }
}

/**
 * A fresh context of `browser` on the server, signed in as `login` (the demo password), with a page
 * ready for the bench's probes: tsx wraps named functions in `__name(…)` (esbuild keepNames), which
 * the page needs too when such a function is handed to it.
 */
export async function openSignedIn(
  browser: Browser,
  server: BenchServer,
  opts: { login?: string; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: opts.viewport ?? VIEWPORT });
  try {
    await signIn(context, opts.login ?? 'alice', DEMO_PASSWORD);
    const page = await context.newPage();
    await page.addInitScript('globalThis.__name ??= (fn) => fn;');
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

// --- paint marks: when a page drew what a bench waits for -------------------------------------------

/** What the paint marks recorded: per mark, the page-clock time of the frame painted once its condition held; the long tasks. */
export type PaintMarks = { marks: Record<string, number>; longTasks: number[] };

/**
 * A bench's conditions, run in the page on every DOM change: `mark(name)` once a condition holds
 * (again for the same name is ignored), `stop()` when nothing is left to mark. It is sent to the page
 * as source: it may use its `arg` (JSON) but nothing else from the bench.
 */
export type MarkCheck<A> = (mark: (name: string) => void, arg: A, stop: () => void) => void;

/** In the page before its scripts: the long tasks, and each mark's time of the next painted frame. */
function installPaintMarks<A>(check: MarkCheck<A>, arg: A) {
  const state: { marks: Record<string, number | null>; longTasks: number[] } = { marks: {}, longTasks: [] };
  (window as unknown as { __benchMarks: typeof state }).__benchMarks = state;
  try {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) state.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask entries in this browser
  }
  // The frame after the change: requestAnimationFrame runs before paint, a message after it.
  const mark = (name: string) => {
    if (name in state.marks) return;
    state.marks[name] = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.marks[name] = performance.now();
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(() => check(mark, arg, () => observer.disconnect()));
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Sets paint marks on `page` from its next navigation's first byte: `check` runs in the page on every
 * DOM change (see `MarkCheck`); `waitForMark` and `readPaintMarks` read the marks.
 */
export async function addPaintMarks<A>(page: Page, check: MarkCheck<A>, arg: A): Promise<void> {
  await page.addInitScript({
    content: `(${installPaintMarks.toString()})(${check.toString()}, ${JSON.stringify(arg)});`,
  });
}

/** Waits until the mark `name` is painted (a minute at most). */
export async function waitForMark(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (mark) => typeof (window as unknown as { __benchMarks: PaintMarks }).__benchMarks.marks[mark] === 'number',
    name,
    { timeout: 60_000, polling: 20 },
  );
}

/** The marks painted so far (a mark not painted is NaN) and the long tasks. */
export async function readPaintMarks(page: Page, names: readonly string[]): Promise<PaintMarks> {
  const state = await page.evaluate(() => (window as unknown as { __benchMarks: PaintMarks }).__benchMarks);
  const marks: Record<string, number> = {};
  for (const name of names) marks[name] = typeof state.marks[name] === 'number' ? state.marks[name] : Number.NaN;
  return { marks, longTasks: state.longTasks };
}

/** A GraphQL call as the context's user (its CSRF cookie sent back); throws on errors. */
export async function graphqlFor(
  context: BrowserContext,
): Promise<(query: string, variables?: Record<string, unknown>) => Promise<Record<string, unknown>>> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  return async (query, variables = {}) => {
    const response = await context.request.post('/api/graphql', {
      data: { query, variables },
      headers: { 'X-CSRF-Token': csrf },
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] };
    if (body.errors?.length || !body.data) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

/** Runs a bench's main: its error printed (exit code 1), and the server and browser always stopped. */
export async function runBench(name: string, main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`${name}: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  } finally {
    out('Stopping the server …');
    await cleanUp();
  }
}

// --- CPU time: figures the machine's load does not inflate -------------------------------------------

/** The load average (1 minute) as /proc prints it, for the figures' context. */
export function loadAverage(): string {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
  } catch {
    return '?';
  }
}

const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/**
 * CPU time (ms, user + system) used so far by the server: its Node process and what it started (the
 * embedded PostgreSQL's postmaster and backends, which run in a process group of their own), or only
 * one of them (`which`). On a busy machine a request waits longer but costs the same CPU, so the
 * difference over a page load is comparable between loaded runs. NaN off Linux.
 */
export function serverCpuMs(server: BenchServer, which: 'all' | 'node' | 'postgres' = 'all'): number {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return Number.NaN;
  }
  const processes = new Map<number, { parent: number; group: number; ticks: number }>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // After "pid (comm) ": state ppid pgrp … utime (14th field) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(entry), {
      parent: Number(fields[1]),
      group: Number(fields[2]),
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  const ofServer = (pid: number) => {
    for (let at = pid, depth = 0; depth < 8; depth++) {
      const process = processes.get(at);
      if (!process) return false;
      if (at === server.pid || process.group === server.pid) return true;
      at = process.parent;
    }
    return false;
  };
  let ticks = 0;
  let seen = false;
  for (const [pid, process] of processes) {
    const isNode = pid === server.pid;
    if ((which === 'node' && !isNode) || (which === 'postgres' && isNode) || !ofServer(pid)) continue;
    seen = true;
    ticks += process.ticks;
  }
  return seen ? (ticks * 1000) / TICKS_PER_SECOND : Number.NaN;
}

/**
 * Starts counting the page's main-thread time (Chromium's Performance domain counts only while
 * enabled: start before the navigation); `read()` answers it so far (ms): every task, and of that
 * script, style and layout; the main thread's CPU time (`threadMs`, which a busy machine does not
 * inflate: a task that waits for a core costs no more of it); and how many times style and layout
 * ran. Like CPU time it is about the work, not the wait.
 */
export async function countRendererTime(page: Page): Promise<{
  read: () => Promise<{
    taskMs: number;
    scriptMs: number;
    layoutMs: number;
    styleMs: number;
    threadMs: number;
    layouts: number;
    styles: number;
  }>;
}> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    read: async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const ms = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
      return {
        taskMs: ms('TaskDuration'),
        scriptMs: ms('ScriptDuration'),
        layoutMs: ms('LayoutDuration'),
        styleMs: ms('RecalcStyleDuration'),
        threadMs: ms('ThreadTime'),
        layouts: metrics.find((m) => m.name === 'LayoutCount')?.value ?? Number.NaN,
        styles: metrics.find((m) => m.name === 'RecalcStyleCount')?.value ?? Number.NaN,
      };
    },
  };
}

// --- CPU profiles and traces ------------------------------------------------------------------------

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
};

/** The profile's functions by self time (ms), the largest first. */
function topSelfTimes(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }, count: number) {
  const byNode = new Map<number, number>();
  const { samples = [], timeDeltas = [] } = profile;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    byNode.set(id, (byNode.get(id) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  }
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  return [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Starts the page's JavaScript CPU profiler (0.2 ms samples); `stop(file)` saves the profile as a
 * `.cpuprofile` for DevTools and prints its top functions by self time.
 */
export async function startCpuProfile(page: Page): Promise<{ stop: (file: string) => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    stop: async (file) => {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      out(`  CPU profile: ${file}; top functions by self time:`);
      for (const [name, ms] of topSelfTimes(profile as never, 25)) out(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
      await cdp.detach();
    },
  };
}

/** A Chromium trace event, as far as the benches read it. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { message?: string } };
};

/** Time (ms) by trace event, self time (less the events nested in it), on the page's main threads. */
export function mainThreadSelfTimes(events: TraceEvent[], count: number): [string, number][] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byName = new Map<string, number>();
  const threads = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined || !mains.has(`${e.pid}:${e.tid}`)) continue;
    const key = `${e.pid}:${e.tid}`;
    threads.set(key, [...(threads.get(key) ?? []), e]);
  }
  for (const list of threads.values()) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: { end: number; name: string; self: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
        const done = stack.pop();
        if (done) byName.set(done.name, (byName.get(done.name) ?? 0) + done.self / 1000);
      }
    };
    for (const e of list) {
      close(e.ts);
      const parent = stack.at(-1);
      if (parent) parent.self -= e.dur ?? 0;
      stack.push({ end: e.ts + (e.dur ?? 0), name: e.name, self: e.dur ?? 0 });
    }
    close(Number.POSITIVE_INFINITY);
  }
  return [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * Starts a Chromium trace of `page` (the main thread's tasks: script, style, layout, paint, editing
 * commands); `stop(file)` saves it for DevTools' Performance panel and prints the main thread's
 * time by event, self time, the largest first — what a JavaScript profile shows as "(program)".
 */
export async function startTrace(browser: Browser, page: Page): Promise<{ stop: (file: string) => Promise<void> }> {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8.execute'],
  });
  return {
    stop: async (file) => {
      const buffer = await browser.stopTracing();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, buffer);
      const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
      out(`  Trace: ${file}; the main thread's time by event (self):`);
      for (const [name, ms] of mainThreadSelfTimes(traceEvents, 25))
        out(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    },
  };
}

// --- figures and tables --------------------------------------------------------------------------------

/** The p-th percentile (nearest rank) of the values that are numbers; NaN when none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** The median of the values that are numbers (the mean of the middle two for an even count); NaN when none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Prints a table: the first column and the last `leftTail` columns left-aligned, the figures between
 * them right-aligned, a rule under the header.
 */
export function printTable(header: readonly string[], body: readonly (readonly string[])[], leftTail = 2): void {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((line) => (line[c] ?? '').length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, c) =>
        c === 0 || c >= cells.length - leftTail ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0),
      )
      .join('  ')
      .trimEnd();
  out(format(header));
  out(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const line of body) out(format(line));
}

/** A row of a run table: a label, the figure of each run, its format, and the target it is held to. */
export type MetricRow<R> = {
  label: string;
  pick: (r: R) => number;
  format: (v: number) => string;
  target?: { text: string; within: (v: number) => boolean };
};

/** Prints each run's figures, their median, the target and whether the median meets it. */
export function printRunTable<R>(results: readonly R[], rows: readonly MetricRow<R>[]): void {
  const header = ['Metric', ...results.map((_, i) => `Run ${i + 1}`), 'Median', 'Target', ''];
  const body = rows.map((row) => {
    const values = results.map(row.pick);
    const m = median(values);
    return [
      row.label,
      ...values.map(row.format),
      row.format(m),
      row.target?.text ?? '—',
      row.target ? (Number.isNaN(m) ? '' : row.target.within(m) ? 'met' : 'MISSED') : '',
    ];
  });
  printTable(header, body);
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webDir = path.join(repoRoot, 'packages/web');
const sharedDir = path.join(repoRoot, 'packages/shared');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds `packages/web/dist` when it is missing or older than the sources (`auto`), always, or never. */
export async function ensureBuild(mode: BuildMode, out: (line: string) => void): Promise<void> {
  const index = path.join(webDir, 'dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(sharedDir, 'src')),
    fs.statSync(path.join(webDir, 'index.html')).mtimeMs,
  );
  if (mode === 'never' && !built) throw new Error('packages/web/dist is missing: run without --no-build.');
  if (mode === 'never' || (mode === 'auto' && built > sources)) return;
  out(built ? 'Building the web app (the sources are newer than packages/web/dist) …' : 'Building the web app …');
  const started = performance.now();
  const child = spawn('npm', ['run', 'build', '-w', '@milepost/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const remove = onCleanUp(() => stopProcess(child, 2000));
  const code = await exited(child);
  remove();
  if (code !== 0) throw new Error(`npm run build -w @milepost/web failed:\n${log.slice(-4000)}`);
  out(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `--compare DIR` (another web build's `dist`, e.g. of the code before a change): its assets go
 * beside the served ones in `packages/web/dist` (their names are content hashes, so nothing is
 * overwritten; the server lists its files when it starts, so call this before starting it, after
 * `ensureBuild`), and choosing a build is choosing the `index.html` the server reads on each page
 * load. `use(i)` picks the served build for even runs and the other for odd ones (runs alternate
 * under the same load: on a busy machine the only fair before/after) and answers its name;
 * `restore` puts the served build's `index.html` back (registered for clean-up too).
 */
export function compareBuilds(compare: string | null): {
  names: string[];
  use: (i: number) => string;
  restore: () => void;
} {
  const dist = path.join(webDir, 'dist');
  const served = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!compare) return { names: ['served build'], use: () => 'served build', restore: () => {} };
  const other = fs.readFileSync(path.join(compare, 'index.html'), 'utf8');
  fs.cpSync(path.join(compare, 'assets'), path.join(dist, 'assets'), { recursive: true, force: false });
  const names = ['served build', `build of ${compare}`];
  const restore = () => fs.writeFileSync(path.join(dist, 'index.html'), served);
  onCleanUp(restore);
  return {
    names,
    use: (i) => {
      fs.writeFileSync(path.join(dist, 'index.html'), i % 2 === 0 ? served : other);
      return names[i % 2] as string;
    },
    restore,
  };
}

/** Headless Debian Chromium, without Playwright's signal handlers (the caller stops the server first). */
export async function launchChromium(headed: boolean): Promise<Browser> {
  return await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: !headed,
    // Playwright's own handlers would exit the process (code 130) before the server is stopped.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs `login` in with the context's cookies (the context has the server's baseURL). */
export async function signIn(context: BrowserContext, login: string, password: string): Promise<void> {
  await context.request.get('/-/health');
  const csrf = (await context.cookies()).find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  const response = await context.request.post('/users/sign_in', {
    data: { login, password },
    headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' },
  });
  if (response.status() !== 200) throw new Error(`Signing in as ${login} failed: HTTP ${response.status()}`);
}
