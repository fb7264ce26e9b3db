/**
 * `npm run bench:web`: the group roadmap page in a real browser on a group of 10,000 epics (issue 17:
 * `--epics 1000`, `10000`, `100000`).
 *
 * Sets everything up by itself: builds the web app when `packages/web/dist` is missing or older than
 * the sources, starts the real server (`packages/server/src/main.ts`, as `npm start` does) on a free
 * loopback port with a fresh temp `MILEPOST_DATA_DIR` and the demo users, waits for `/-/readiness`,
 * seeds one large group into that server's embedded PostgreSQL with the server's seeder (`npm run
 * bench:seed`, `packages/server/bench/seed-large-group.ts`) with the demo user alice as a Developer,
 * then signs in as alice in headless Chromium (Debian's `/usr/bin/chromium`) and measures, per run in
 * a fresh browser:
 *
 * - navigation → first epic bars painted (the page's own clock: a MutationObserver installed before
 *   any script of the page sees the first bar, then the frame after it is painted);
 * - End → the bars of the last rows painted (the roadmap's scroll container scrolled to its bottom:
 *   the time until no row in view is still a skeleton and the last row has its bar, then a frame);
 * - 20 random jumps (a seeded PRNG: the same positions every run), each timed the same way; the median;
 * - scrolling end to end (top to bottom in 200 steps, two frames each, not waiting for data), then
 *   the rows in view given time to arrive: the longest task while scrolling (PerformanceObserver
 *   'longtask' entries over End, the jumps and the sweep), the largest number of row elements in the
 *   DOM at any step, and the JS heap after GC (CDP `Performance.getMetrics`) after the first page and
 *   after it all;
 * - the server's RSS (`/proc/<pid>/status`: now and its peak) after each run.
 *
 * It prints the load average, a table of each run and the median, with the issue's targets beside
 * them; it asserts nothing. Under load (a load average of 10–25 on this 2-core machine) every figure
 * is an upper bound. The server and its PostgreSQL are stopped at the end, also on errors and Ctrl-C.
 *
 * Runs on Node's type stripping (`node packages/web/bench/roadmap.bench.ts`: Node ≥ 22.18, as the
 * repository's own Node 24 that npm scripts use), or with tsx.
 *
 * Options: `--runs N` (default 3), `--warmup N` (unreported runs first, default 1), `--epics N`
 * (default 10000), `--issues N` (default 50000), `--levels N` (epic levels 1–4, default 4: the
 * seeder's tree, where 5 % of the epics are top-level rows; `--levels 1`: every epic a top-level row,
 * the most rows a group of that size can have), `--build` (always build the web app), `--no-build`
 * (never), `--headed`, `--screenshots DIR` (the first page, the end of the list and a jump landing, each run),
 * `--pause S` (seconds the server is left idle before each run, default 0: what a visitor meets
 * who comes after a quiet spell rather than right after another page load), `--profiles DIR` (a CPU profile and a trace of the scrolling of each run, for DevTools' Performance
 * panel; they slow the run down), `--load-traces DIR` (per run, a trace and a CPU profile of the
 * navigation until the first bars and `<run>-load-requests.txt`, the waterfall of what the page asked for until then: when each
 * script, style sheet and GraphQL operation was sent and received — what the first bars waited for), `--compare DIR` (another web build's `dist`, e.g. of the code before
 * a change: the runs alternate between the served build and that one, on the same server and data,
 * and each gets its table — on a busy machine the only fair before/after), `--data-dir DIR` (the
 * server's data directory, kept after the bench: the group is seeded into it once, and a later run
 * with the same `--epics`, `--issues` and `--levels` reuses it — seeding 100,000 epics takes minutes;
 * a data directory seeded with other sizes is refused rather than seeded twice).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchServer, seedBenchGroup } from '@milepost/server/bench/bench-server.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  compareBuilds,
  countRendererTime,
  ensureBuild,
  type MetricRow,
  median,
  openSignedIn,
  out,
  parseBenchArgs,
  printRunTable,
  runBench,
  serverCpuMs,
  startServer,
  VIEWPORT,
  withOwnBrowser,
} from './bench-common.ts';

const GROUP = 'bench-roadmap';
const USER = 'alice';
const ROADMAP_QUERY = '?timeframe_range_type=THREE_YEARS&layout=MONTHS';
// Issue 17's targets.
const TARGET = { firstBarsMs: 1000, endMs: 500, jumpMs: 500, domRows: 100, longTaskMs: 100, heapMb: 150, rssMb: 300 };
const JUMPS = 20;
const SWEEP_STEPS = 200;
// The page's hooks (see packages/web/src/features/roadmap/components/roadmap-shell.tsx, epic-bar.tsx).
const SHELL = '[data-testid="roadmap-shell"]';
const ROW = 'li[aria-posinset]';
const BAR = 'li[data-kind="epic"] [data-period-index]';
/** A row whose window is still on its way. */
const PLACEHOLDER = 'li[data-kind="placeholder"]';

const parseArgs = (argv: readonly string[]) =>
  parseBenchArgs(
    argv,
    {
      runs: { min: 1, value: 3 },
      warmup: { min: 0, value: 1 },
      epics: { min: 20, value: 10_000 },
      issues: { min: 0, value: 50_000 },
      levels: { min: 1, value: 4 },
      pause: { min: 0, value: 0 },
    },
    ['screenshots', 'profiles', 'load-traces', 'compare', 'data-dir'],
  );

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

// --- one measured run ---------------------------------------------------------------------------------

type RunResult = {
  firstBarsMs: number;
  firstBarsInDomMs: number;
  firstPageRequestedMs: number;
  /** When it left the browser's queue (its connection's first byte sent). */
  firstPageSentMs: number;
  firstPageReceivedMs: number;
  /** The server's time for it (its `Server-Timing` total) and the SQL statements' share. */
  firstPageServerMs: number;
  firstPageDbMs: number;
  /** Its whole `Server-Timing` header, printed with each run. */
  firstPageServerTiming: string;
  /** The server's CPU time (Node, then its PostgreSQL) from navigation to the first bars painted. */
  firstBarsServerNodeMs: number;
  firstBarsServerPostgresMs: number;
  /** The page's main-thread CPU time until the first bars were seen painted: the work, which load does not inflate. */
  firstBarsThreadMs: number;
  /** Layouts until then. */
  firstBarsLayouts: number;
  rows: number;
  endMs: number;
  jumpMedianMs: number;
  jumpMaxMs: number;
  windows: number;
  windowResponseMedianMs: number;
  maxDomRows: number;
  longestScrollTaskMs: number;
  longestLoadTaskMs: number;
  heapFirstPageMb: number;
  heapAfterScrollMb: number;
  rssMb: number;
  rssPeakMb: number;
  timedOut: boolean;
};

type BenchState = {
  firstBars: number | null;
  firstBarsInDom: number | null;
  longTasks: { start: number; duration: number }[];
};

/**
 * Installed before any script of the page (addInitScript): records long tasks from the start, and
 * the page-clock time (performance.now(), from navigation start) when the first epic bar enters the
 * DOM and when the frame showing it has been painted (a task queued from that frame's rAF runs
 * right after the frame is rendered).
 */
function installPageProbes(barSelector: string) {
  const state: BenchState = { firstBars: null, firstBarsInDom: null, longTasks: [] };
  (window as unknown as { __bench: BenchState }).__bench = state;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: the figure stays empty
  }
  const observer = new MutationObserver(() => {
    if (state.firstBarsInDom !== null || !document.querySelector(barSelector)) return;
    state.firstBarsInDom = performance.now();
    performance.mark('bench:first-bars-in-dom');
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.firstBars = performance.now();
        performance.mark('bench:first-bars-painted');
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * In the page: scrolls the roadmap's scroll container to `top` (a fraction of its height, 1 = the
 * end) and waits until the rows in view are drawn with their data (no skeleton row in view, a bar in
 * view, and at the end the last row present), then for the frame showing them to be painted. The
 * time is on the page's clock, from the scroll to that paint.
 */
async function jumpInPage({
  shellSelector,
  rowSelector,
  barSelector,
  placeholderSelector,
  fraction,
  timeoutMs,
}: {
  shellSelector: string;
  rowSelector: string;
  barSelector: string;
  placeholderSelector: string;
  fraction: number;
  timeoutMs: number;
}): Promise<{ ms: number; rows: number; timedOut: boolean }> {
  const shell = document.querySelector<HTMLElement>(shellSelector);
  if (!shell) throw new Error(`No ${shellSelector} on the page`);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const painted = () =>
    new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      }),
    );
  const view = shell.getBoundingClientRect();
  const inView = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom;
  };
  const total = Number(shell.querySelector(rowSelector)?.getAttribute('aria-setsize') ?? 0);
  const ready = () => {
    if (Array.from(shell.querySelectorAll(placeholderSelector)).some(inView)) return false;
    // A bar in view, not only in the DOM: the rows drawn before the scroll are still there until the
    // page renders the new ones, and a view with no row at all has no skeleton row in it either.
    if (!Array.from(shell.querySelectorAll(barSelector)).some(inView)) return false;
    return fraction < 1 || shell.querySelector(`${rowSelector}[aria-posinset="${total}"]`) !== null;
  };
  const start = performance.now();
  shell.scrollTop = fraction * (shell.scrollHeight - shell.clientHeight);
  await frame();
  while (!ready()) {
    if (performance.now() - start > timeoutMs) return { ms: Number.NaN, rows: total, timedOut: true };
    await frame();
  }
  return { ms: (await painted()) - start, rows: total, timedOut: false };
}

/** In the page: scrolls top to bottom in `steps` steps, two frames each; the most rows in the DOM. */
async function sweepInPage({
  shellSelector,
  rowSelector,
  steps,
}: {
  shellSelector: string;
  rowSelector: string;
  steps: number;
}) {
  const shell = document.querySelector<HTMLElement>(shellSelector);
  if (!shell) throw new Error(`No ${shellSelector} on the page`);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const bottom = shell.scrollHeight - shell.clientHeight;
  let maxRows = 0;
  for (let step = 0; step <= steps; step++) {
    shell.scrollTop = (bottom * step) / steps;
    await frame();
    await frame();
    maxRows = Math.max(maxRows, shell.querySelectorAll(rowSelector).length);
  }
  return { maxRows, end: performance.now() };
}

/** The server's resident memory now and at its peak (MB), from /proc. */
function serverRss(pid: number): { now: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { now: Number.NaN, peak: Number.NaN };
  }
}

/** Mulberry32: the jumps' positions, the same in every run. */
function positions(seed: number, n: number): number[] {
  let a = seed >>> 0;
  return Array.from({ length: n }, () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });
}

async function heapMb(page: Page, context: BrowserContext, collect: boolean): Promise<number> {
  const cdp = await context.newCDPSession(page);
  try {
    if (collect) await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    return used / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

/** Waits until no roadmap epics request has been in flight for `quietMs`. */
async function networkQuiet(inFlight: () => number, quietMs: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await sleep(50);
  }
}

type Artifacts = {
  /** a folder for screenshots of the first page and the end of the list */
  screenshots: string | null;
  /** a file for the CPU profile of the scrolling (End, the jumps and the sweep); its trace goes beside it */
  profile: string | null;
  /** a file for the trace of the navigation until the first bars; the requests' waterfall goes beside it */
  loadTrace: string | null;
};

type RequestTiming = { name: string; sentAt: number; receivedAt: number };

/** What a request was, for the waterfall: a file's name, or a GraphQL operation's. */
function requestName(url: string, body: string | null): string {
  const operation = /"operationName":"(\w+)"/.exec(body ?? '')?.[1];
  if (operation) return `graphql ${operation}`;
  return new URL(url).pathname;
}

/** The waterfall of a navigation, on the page's clock (ms since navigation start), in the order sent. */
function waterfall(requests: readonly RequestTiming[], timeOrigin: number, marks: Record<string, number>): string {
  const lines = [...requests]
    .sort((a, b) => a.sentAt - b.sentAt)
    .map(
      (r) =>
        `${integer(r.sentAt - timeOrigin).padStart(6)} → ${integer(r.receivedAt - timeOrigin).padStart(6)} ms  ${r.name}`,
    );
  for (const [name, at] of Object.entries(marks)) lines.push(`${integer(at).padStart(6)}           ${name}`);
  return `${lines.join('\n')}\n`;
}

async function measureOnce(browser: Browser, server: BenchServer, artifacts: Artifacts): Promise<RunResult> {
  const { screenshots } = artifacts;
  const { context, page } = await openSignedIn(browser, server, { login: USER });
  try {
    await page.addInitScript(installPageProbes, BAR);

    // The roadmap's epics windows, counted from the network (rows are virtualised).
    let inFlight = 0;
    /** wall-clock ms of each window: when it was asked for, sent and received, and how long it took */
    const responses: { sentAt: number; leftAt: number; receivedAt: number; ms: number }[] = [];
    /** The first window's Server-Timing header (asked for once it is in). */
    let firstServerTiming: Promise<string> | null = null;
    const isEpicsRequest = (body: string | null) => body?.includes('RoadmapGroupEpicsQuery') === true;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/graphql') && isEpicsRequest(request.postData())) inFlight++;
    });
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/api/graphql') && isEpicsRequest(request.postData())) inFlight--;
    });
    /** Every request of the navigation until the first bars, for the waterfall (`--load-traces`). */
    const navigation: RequestTiming[] = [];
    let navigating = true;
    page.on('requestfinished', (request) => {
      if (navigating && artifacts.loadTrace) {
        const timing = request.timing();
        navigation.push({
          name: requestName(request.url(), request.postData()),
          sentAt: timing.startTime,
          receivedAt: timing.startTime + timing.responseEnd,
        });
      }
      if (!request.url().endsWith('/api/graphql') || !isEpicsRequest(request.postData())) return;
      const timing = request.timing();
      responses.push({
        sentAt: timing.startTime,
        leftAt: timing.requestStart >= 0 ? timing.startTime + timing.requestStart : Number.NaN,
        receivedAt: timing.startTime + timing.responseEnd,
        ms: timing.responseEnd,
      });
      firstServerTiming ??= request
        .response()
        .then((response) => response?.headerValue('server-timing') ?? null)
        .then(
          (value) => value ?? '',
          () => '',
        );
      inFlight--;
    });

    const { loadTrace } = artifacts;
    // The profiler follows the page within its renderer: start from a page of the same site.
    if (loadTrace) await page.goto('/-/health');
    const loadProfiler = loadTrace ? await context.newCDPSession(page) : null;
    if (loadTrace && loadProfiler) {
      fs.mkdirSync(path.dirname(loadTrace), { recursive: true });
      await browser.startTracing(page, {
        path: loadTrace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
      });
      await loadProfiler.send('Profiler.enable');
      await loadProfiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await loadProfiler.send('Profiler.start');
    }
    const renderer = await countRendererTime(page);
    const cpuBefore = { node: serverCpuMs(server, 'node'), postgres: serverCpuMs(server, 'postgres') };
    await page.goto(`/groups/${GROUP}/-/roadmap${ROADMAP_QUERY}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __bench: BenchState }).__bench.firstBars !== null, null, {
      timeout: 60_000,
      polling: 50,
    });
    const serverWork = {
      node: serverCpuMs(server, 'node') - cpuBefore.node,
      postgres: serverCpuMs(server, 'postgres') - cpuBefore.postgres,
    };
    const work = await renderer.read();
    const first = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    if (loadTrace && loadProfiler) {
      navigating = false;
      const { profile } = await loadProfiler.send('Profiler.stop');
      fs.writeFileSync(loadTrace.replace(/\.trace\.json$/, '.cpuprofile'), JSON.stringify(profile));
      await loadProfiler.detach();
      await browser.stopTracing();
      const marks = {
        'first bar in the DOM': first.firstBarsInDom ?? Number.NaN,
        'first bars painted': first.firstBars ?? Number.NaN,
      };
      fs.writeFileSync(loadTrace.replace(/\.trace\.json$/, '-requests.txt'), waterfall(navigation, timeOrigin, marks));
    }
    await networkQuiet(() => inFlight, 500, 30_000);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'first-page.png') });
    const heapFirstPageMb = await heapMb(page, context, true);
    const firstResponses = responses.length;

    const profiler = artifacts.profile ? await context.newCDPSession(page) : null;
    if (profiler && artifacts.profile) {
      fs.mkdirSync(path.dirname(artifacts.profile), { recursive: true });
      await browser.startTracing(page, {
        path: artifacts.profile.replace(/\.cpuprofile$/, '.trace.json'),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
      });
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const jump = (fraction: number) =>
      page.evaluate(jumpInPage, {
        shellSelector: SHELL,
        rowSelector: ROW,
        barSelector: BAR,
        placeholderSelector: PLACEHOLDER,
        fraction,
        timeoutMs: 30_000,
      });
    const scrollStart = await page.evaluate(() => performance.now());
    const end = await jump(1);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'end-of-list.png') });
    const jumps: number[] = [];
    let timedOut = end.timedOut;
    for (const [i, fraction] of positions(20261126, JUMPS).entries()) {
      const pending = jump(fraction);
      // The first jump as it lands: skeleton rows until its window arrives.
      if (screenshots && i === 0) await page.screenshot({ path: path.join(screenshots, 'jump-landing.png') });
      const result = await pending;
      jumps.push(result.ms);
      timedOut ||= result.timedOut;
    }
    const sweep = await page.evaluate(sweepInPage, { shellSelector: SHELL, rowSelector: ROW, steps: SWEEP_STEPS });
    if (profiler && artifacts.profile) {
      const { profile } = await profiler.send('Profiler.stop');
      await browser.stopTracing();
      fs.writeFileSync(artifacts.profile, JSON.stringify(profile));
      await profiler.detach();
    }
    await networkQuiet(() => inFlight, 500, 30_000);
    const longTasks = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench.longTasks);
    const heapAfterScrollMb = await heapMb(page, context, true);
    const rss = serverRss(server.pid);

    const longest = (from: number, to: number) =>
      Math.max(0, ...longTasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
    const windows = responses.slice(firstResponses);
    const serverTiming = (await firstServerTiming) ?? '';
    const metric = (name: string) =>
      Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(serverTiming)?.[1] ?? Number.NaN);
    return {
      firstBarsMs: first.firstBars ?? Number.NaN,
      firstBarsInDomMs: first.firstBarsInDom ?? Number.NaN,
      firstPageRequestedMs: (responses[0]?.sentAt ?? Number.NaN) - timeOrigin,
      firstPageSentMs: (responses[0]?.leftAt ?? Number.NaN) - timeOrigin,
      firstPageReceivedMs: (responses[0]?.receivedAt ?? Number.NaN) - timeOrigin,
      firstPageServerMs: metric('total'),
      firstPageDbMs: metric('db'),
      firstPageServerTiming: serverTiming,
      firstBarsServerNodeMs: serverWork.node,
      firstBarsServerPostgresMs: serverWork.postgres,
      firstBarsThreadMs: work.threadMs,
      firstBarsLayouts: work.layouts,
      rows: end.rows,
      endMs: end.ms,
      jumpMedianMs: median(jumps),
      jumpMaxMs: Math.max(...jumps),
      windows: windows.length,
      windowResponseMedianMs: median(windows.map((r) => r.ms)),
      maxDomRows: sweep.maxRows,
      longestScrollTaskMs: longest(scrollStart, sweep.end),
      longestLoadTaskMs: longest(0, scrollStart),
      heapFirstPageMb,
      heapAfterScrollMb,
      rssMb: rss.now,
      rssPeakMb: rss.peak,
      timedOut,
    };
  } finally {
    await context.close();
  }
}

// --- the report ---------------------------------------------------------------------------------------

const integer = (v: number) => (Number.isNaN(v) ? 'n/a' : Math.round(v).toLocaleString('en-US'));
const oneDecimal = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
/** Long tasks are 50 ms or longer: none is "< 50". */
const taskMs = (v: number) => (v === 0 ? '< 50' : integer(v));
const atMost = (limit: number, unit: string) => ({
  text: `≤ ${integer(limit)} ${unit}`,
  within: (v: number) => v <= limit,
});

function printReport(
  results: RunResult[],
  meta: { epics: number; levels: number; browserVersion: string; warmup: number; load: string; build: string },
) {
  const rows: MetricRow<RunResult>[] = [
    {
      label: 'Navigation → first epic bars painted (ms)',
      pick: (r) => r.firstBarsMs,
      format: integer,
      target: atMost(TARGET.firstBarsMs, 'ms'),
    },
    { label: '  first epics window requested (ms)', pick: (r) => r.firstPageRequestedMs, format: integer },
    { label: "  … sent, out of the browser's queue (ms)", pick: (r) => r.firstPageSentMs, format: integer },
    { label: '  … server time, its Server-Timing (ms)', pick: (r) => r.firstPageServerMs, format: integer },
    { label: '  … of which SQL statements (ms)', pick: (r) => r.firstPageDbMs, format: integer },
    { label: '  first epics window received (ms)', pick: (r) => r.firstPageReceivedMs, format: integer },
    { label: '  first bar in the DOM (ms)', pick: (r) => r.firstBarsInDomMs, format: integer },
    { label: '  main-thread CPU until then (ms)', pick: (r) => r.firstBarsThreadMs, format: integer },
    { label: '  layouts until then', pick: (r) => r.firstBarsLayouts, format: integer },
    { label: '  server CPU until then, Node (ms)', pick: (r) => r.firstBarsServerNodeMs, format: integer },
    { label: '  server CPU until then, PostgreSQL (ms)', pick: (r) => r.firstBarsServerPostgresMs, format: integer },
    {
      label: 'End → bars at the last epic painted (ms)',
      pick: (r) => r.endMs,
      format: integer,
      target: atMost(TARGET.endMs, 'ms'),
    },
    {
      label: `Random jump → bars painted, median of ${JUMPS} (ms)`,
      pick: (r) => r.jumpMedianMs,
      format: integer,
      target: atMost(TARGET.jumpMs, 'ms'),
    },
    { label: '  slowest jump (ms)', pick: (r) => r.jumpMaxMs, format: integer },
    { label: '  windows fetched after the first', pick: (r) => r.windows, format: integer },
    { label: '  window response, median (ms)', pick: (r) => r.windowResponseMedianMs, format: integer },
    {
      label: 'Longest task while scrolling (ms)',
      pick: (r) => r.longestScrollTaskMs,
      format: taskMs,
      target: atMost(TARGET.longTaskMs, 'ms'),
    },
    { label: 'Longest task while loading the page (ms)', pick: (r) => r.longestLoadTaskMs, format: taskMs },
    {
      label: 'Largest DOM row count at any scroll position',
      pick: (r) => r.maxDomRows,
      format: integer,
      target: atMost(TARGET.domRows, 'rows'),
    },
    { label: 'JS heap used, first page, after GC (MB)', pick: (r) => r.heapFirstPageMb, format: oneDecimal },
    {
      label: 'JS heap used, scrolled end to end, after GC (MB)',
      pick: (r) => r.heapAfterScrollMb,
      format: oneDecimal,
      target: atMost(TARGET.heapMb, 'MB'),
    },
    { label: 'Server RSS after the run (MB)', pick: (r) => r.rssMb, format: integer },
    { label: 'Server RSS, peak (MB)', pick: (r) => r.rssPeakMb, format: integer, target: atMost(TARGET.rssMb, 'MB') },
  ];
  const rowCount = results[0]?.rows ?? 0;
  out();
  out(
    `Roadmap of /${GROUP}, ${meta.build}: ${integer(meta.epics)} epics in ${meta.levels} level${meta.levels === 1 ? '' : 's'}, ` +
      `${integer(rowCount)} top-level rows within the timeframe (${ROADMAP_QUERY.slice(1)}); ` +
      `${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium ${meta.browserVersion}; ` +
      `${results.length} runs after ${meta.warmup} warm-up, median`,
  );
  out(
    `Load average (1 / 5 / 15 min): ${meta.load} at the start, ${loadAverage()} at the end; under load the figures are upper bounds.`,
  );
  out();
  printRunTable(results, rows);
  out();
  if (results.some((r) => r.timedOut)) out('Note: some jump waited more than 30 s for its rows (n/a).');
}

// --- main ---------------------------------------------------------------------------------------------

/**
 * `--data-dir DIR`: the server's data directory, kept. The seeded group's sizes are written beside it
 * (`bench-roadmap.json`) once seeding has finished; a directory that holds a server's data but no such
 * note (an interrupted seeding, another bench's data) or a note of other sizes is refused.
 */
function keptData(dir: string, seed: object): { dataDir: string; marker: string; seeded: boolean } {
  const marker = path.join(dir, 'bench-roadmap.json');
  const wanted = JSON.stringify(seed);
  if (fs.existsSync(marker)) {
    const found = fs.readFileSync(marker, 'utf8').trim();
    if (found !== wanted)
      throw new Error(`${dir} holds another group (${found}); wanted ${wanted}: use another --data-dir.`);
    return { dataDir: dir, marker, seeded: true };
  }
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty and holds no seeded group (${marker}): use an empty or new --data-dir.`);
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach the data directory
  return { dataDir: dir, marker, seeded: false };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const load = loadAverage();
  out(`Load average (1 / 5 / 15 min): ${load}`);
  // The served build first (a build empties dist), then the other's assets beside it, then the real
  // server on a free loopback port with a fresh data directory and the demo users.
  await ensureBuild(options.build, out);
  const variants = compareBuilds(options.compare);
  const seed = { group: GROUP, member: USER, epics: options.epics, issues: options.issues, levels: options.levels };
  const kept = options['data-dir'] ? keptData(options['data-dir'], seed) : null;
  // Every answer's Server-Timing breakdown (http/server-timing.ts): the first window's is printed.
  const server = await startServer(
    'bench-web',
    { build: 'never' },
    {
      MILEPOST_SERVER_TIMING: 'all',
      ...(kept ? { MILEPOST_DATA_DIR: kept.dataDir } : {}),
    },
  );
  if (kept?.seeded) out(`  the group is seeded already in ${kept.dataDir} (${kept.marker})`);
  else {
    const seeding = performance.now();
    await seedBenchGroup(kept ? { ...server, dataDir: kept.dataDir } : server, seed, out);
    out(`  seeded in ${seconds(seeding)}`);
    if (kept) fs.writeFileSync(kept.marker, `${JSON.stringify(seed)}\n`);
  }

  const results = new Map<string, RunResult[]>(variants.names.map((name) => [name, []]));
  let browserVersion = '';
  const perBuild = variants.names.length;
  const total = (options.warmup + options.runs) * perBuild;
  for (let i = 0; i < total; i++) {
    const warm = i < options.warmup * perBuild;
    const run = Math.floor(i / perBuild) - options.warmup + 1;
    const build = variants.use(i);
    const name = `${warm ? 'warm-up' : `run-${run}`}${perBuild > 1 ? `-${i % perBuild}` : ''}`;
    if (options.pause > 0) await sleep(options.pause * 1000);
    // Each run in a fresh browser.
    await withOwnBrowser(options.headed, async (browser) => {
      browserVersion = browser.version();
      const runStarted = performance.now();
      const result = await measureOnce(browser, server, {
        screenshots: options.screenshots,
        profile: options.profiles ? path.join(options.profiles, `${name}-scrolling.cpuprofile`) : null,
        loadTrace: options['load-traces'] ? path.join(options['load-traces'], `${name}-load.trace.json`) : null,
      });
      out(
        `${warm ? 'Warm-up' : `Run ${run}/${options.runs}`}${perBuild > 1 ? `, ${build}` : ''}: first bars ${integer(result.firstBarsMs)} ms, ` +
          `End ${integer(result.endMs)} ms, jumps median ${integer(result.jumpMedianMs)} ms, ` +
          `${result.maxDomRows} rows at most, longest scroll task ${taskMs(result.longestScrollTaskMs)} ms, ` +
          `heap ${oneDecimal(result.heapAfterScrollMb)} MB (${seconds(runStarted)}, load average ${loadAverage()})`,
      );
      out(
        `  first window: asked ${integer(result.firstPageRequestedMs)}, sent ${integer(result.firstPageSentMs)}, ` +
          `received ${integer(result.firstPageReceivedMs)} ms; server ${result.firstPageServerTiming || 'n/a'}`,
      );
      if (!warm) results.get(build)?.push(result);
    });
  }
  variants.restore();
  for (const [build, list] of results) {
    printReport(list, {
      epics: options.epics,
      levels: options.levels,
      browserVersion,
      warmup: options.warmup,
      load,
      build,
    });
  }
  out(`Done in ${seconds(started)}.`);
}

await runBench('bench:web', main);
