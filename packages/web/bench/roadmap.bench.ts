/**
 * `npm run bench:web`: the group roadmap page in a real browser on a group of 10,000 epics.
 *
 * Sets everything up by itself: builds the web app when `packages/web/dist` is missing or older
 * than the sources, starts the real server (`packages/server/src/main.ts`, as `npm start` does) on a
 * free loopback port with a fresh temp `MILEPOST_DATA_DIR` and the demo users, waits for
 * `/-/readiness`, seeds one large group into that server's embedded PostgreSQL with the server's
 * seeder (`npm run bench:seed`, `packages/server/bench/seed-large-group.ts`) with the demo user
 * alice as a Developer, then signs in as alice in headless Chromium (Debian's `/usr/bin/chromium`)
 * and measures, per run in a fresh browser:
 *
 * - navigation → first epic bars painted (the page's own clock: a MutationObserver installed before
 *   any script of the page sees the first bar, then the frame after it is painted);
 * - the time to page through to the end of the list (the roadmap's scroll container scrolled to the
 *   bottom again and again until no "Loading epics" row remains and the row count stops growing);
 * - the largest number of row elements in the DOM at any scroll position (after every scroll step,
 *   while paging through and while sweeping the whole loaded list down and up again);
 * - the longest task while scrolling (PerformanceObserver 'longtask' entries);
 * - the JS heap (CDP `Performance.getMetrics`) after the first page and with every page loaded.
 *
 * It prints a table of each run and the median, with the targets beside them; it asserts nothing.
 * The server and its PostgreSQL are stopped at the end, also on errors and on Ctrl-C.
 *
 * Runs on Node's type stripping (`node packages/web/bench/roadmap.bench.ts`: Node ≥ 22.18, as the
 * repository's own Node 24 that npm scripts use), or with tsx.
 *
 * Options: `--runs N` (default 3), `--warmup N` (unreported runs first, default 1), `--epics N`
 * (default 10000), `--issues N` (default 50000), `--build` (always build the web app), `--no-build`
 * (never), `--headed`, `--screenshots DIR` (the first page and the end of the list, each run),
 * `--profiles DIR` (a CPU profile and a trace of the scrolling of each run, for DevTools' Performance
 * panel; they slow the run down).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type BenchServer, seedBenchGroup } from '@milepost/server/bench/bench-server.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  type MetricRow,
  median,
  openSignedIn,
  out,
  parseBenchArgs,
  printRunTable,
  runBench,
  startServer,
  VIEWPORT,
  withOwnBrowser,
} from './bench-common.ts';

const GROUP = 'bench-roadmap';
const USER = 'alice';
const ROADMAP_QUERY = '?timeframe_range_type=THREE_YEARS&layout=MONTHS';
const TARGET = { firstBarsMs: 1000, domRows: 100, longTaskMs: 200 };
// The page's hooks (see packages/web/src/features/roadmap/components/roadmap-shell.tsx, epic-bar.tsx).
const SHELL = '[data-testid="roadmap-shell"]';
const ROW = 'li[aria-posinset]';
const BAR = 'li[data-kind="epic"] [data-period-index]';

const parseArgs = (argv: readonly string[]) =>
  parseBenchArgs(
    argv,
    {
      runs: { min: 1, value: 3 },
      warmup: { min: 0, value: 1 },
      epics: { min: 20, value: 10_000 },
      issues: { min: 0, value: 50_000 },
    },
    ['screenshots', 'profiles'],
  );

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- set-up: build, server, seed --------------------------------------------------------------------

// --- one measured run ---------------------------------------------------------------------------------

type RunResult = {
  firstBarsMs: number;
  firstBarsInDomMs: number;
  firstPageRequestedMs: number;
  firstPageReceivedMs: number;
  rowsAtEnd: number;
  pageResponseMedianMs: number;
  pageThroughMs: number;
  pages: number;
  epicsLoaded: number;
  epicsCount: number | null;
  maxDomRows: number;
  longestScrollTaskMs: number;
  longestPagingTaskMs: number;
  longestSweepTaskMs: number;
  longestLoadTaskMs: number;
  heapFirstPageMb: number;
  heapAllLoadedMb: number;
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

type PageThrough = { ms: number; steps: number; maxRows: number; rows: number; timedOut: boolean; end: number };

/**
 * In the page: scrolls the roadmap's scroll container to the bottom again and again until no
 * "Loading epics" row remains and the row count (`aria-setsize`) has not changed for `settleMs`.
 * The time is to the last change (the last page drawn), on the page's clock.
 */
async function pageThroughInPage({
  shellSelector,
  rowSelector,
  settleMs,
  timeoutMs,
}: {
  shellSelector: string;
  rowSelector: string;
  settleMs: number;
  timeoutMs: number;
}): Promise<PageThrough> {
  const shell = document.querySelector<HTMLElement>(shellSelector);
  if (!shell) throw new Error(`No ${shellSelector} on the page`);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const rowCount = () => shell.querySelectorAll(rowSelector).length;
  const total = () => Number(shell.querySelector(rowSelector)?.getAttribute('aria-setsize') ?? 0);
  const loading = () =>
    Array.from(shell.querySelectorAll('[role="status"]')).some(
      (el) => el.getAttribute('aria-label') === 'Loading epics' || el.textContent?.trim() === 'Loading epics',
    );
  const start = performance.now();
  let lastTotal = total();
  let lastChange = start;
  let lastActivity = start;
  let maxRows = rowCount();
  let steps = 0;
  let timedOut = false;
  for (;;) {
    shell.scrollTop = shell.scrollHeight;
    steps++;
    await frame();
    await frame();
    maxRows = Math.max(maxRows, rowCount());
    const now = performance.now();
    const n = total();
    if (n !== lastTotal) {
      lastTotal = n;
      lastChange = now;
      lastActivity = now;
    }
    if (loading()) lastActivity = now;
    else if (now - lastActivity >= settleMs) break;
    if (now - start > timeoutMs) {
      timedOut = true;
      break;
    }
  }
  return { ms: lastChange - start, steps, maxRows, rows: lastTotal, timedOut, end: performance.now() };
}

/** In the page: sweeps the loaded list top to bottom and back, half a viewport a frame. */
async function sweepInPage({ shellSelector, rowSelector }: { shellSelector: string; rowSelector: string }) {
  const shell = document.querySelector<HTMLElement>(shellSelector);
  if (!shell) throw new Error(`No ${shellSelector} on the page`);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const step = Math.max(1, Math.floor(shell.clientHeight / 2));
  const bottom = shell.scrollHeight - shell.clientHeight;
  let maxRows = 0;
  let positions = 0;
  const visit = async (top: number) => {
    shell.scrollTop = top;
    await frame();
    await frame();
    maxRows = Math.max(maxRows, shell.querySelectorAll(rowSelector).length);
    positions++;
  };
  for (let top = 0; top < bottom; top += step) await visit(top);
  for (let top = bottom; top > 0; top -= step) await visit(top);
  await visit(0);
  return { maxRows, positions, end: performance.now() };
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
  /** a file for the CPU profile of the scrolling (paging through and sweeping); its trace goes beside it */
  profile: string | null;
};

async function measureOnce(browser: Browser, server: BenchServer, artifacts: Artifacts): Promise<RunResult> {
  const { screenshots } = artifacts;
  const { context, page } = await openSignedIn(browser, server, { login: USER });
  try {
    await page.addInitScript(installPageProbes, BAR);

    // The roadmap's epics pages, counted from the network (rows are virtualised).
    let inFlight = 0;
    let pages = 0;
    /** wall-clock ms of each epics page: when its response ended, and how long it took */
    const responses: { sentAt: number; receivedAt: number; ms: number }[] = [];
    let epicsLoaded = 0;
    let epicsCount: number | null = null;
    const isEpicsRequest = (body: string | null) => body?.includes('RoadmapGroupEpicsQuery') === true;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/graphql') && isEpicsRequest(request.postData())) inFlight++;
    });
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/api/graphql') && isEpicsRequest(request.postData())) inFlight--;
    });
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('/api/graphql') || !isEpicsRequest(request.postData())) return;
      try {
        const body = (await (await request.response())?.json()) as {
          data?: { group?: { epics?: { count: number; nodes: unknown[] } } };
        };
        const epics = body.data?.group?.epics;
        if (epics) {
          pages++;
          const timing = request.timing();
          responses.push({
            sentAt: timing.startTime,
            receivedAt: timing.startTime + timing.responseEnd,
            ms: timing.responseEnd,
          });
          epicsLoaded += epics.nodes.length;
          epicsCount = epics.count;
        }
      } finally {
        inFlight--;
      }
    });

    await page.goto(`/groups/${GROUP}/-/roadmap${ROADMAP_QUERY}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __bench: BenchState }).__bench.firstBars !== null, null, {
      timeout: 60_000,
      polling: 50,
    });
    const first = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    await networkQuiet(() => inFlight, 500, 30_000);
    if (screenshots) await page.screenshot({ path: path.join(screenshots, 'first-page.png') });
    const heapFirstPageMb = await heapMb(page, context, true);

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
    const scrollStart = await page.evaluate(() => performance.now());
    const through = await page.evaluate(pageThroughInPage, {
      shellSelector: SHELL,
      rowSelector: ROW,
      settleMs: 1500,
      timeoutMs: 300_000,
    });
    const sweep = await page.evaluate(sweepInPage, { shellSelector: SHELL, rowSelector: ROW });
    if (profiler && artifacts.profile) {
      const { profile } = await profiler.send('Profiler.stop');
      await browser.stopTracing();
      fs.writeFileSync(artifacts.profile, JSON.stringify(profile));
      await profiler.detach();
    }
    const longTasks = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench.longTasks);
    await networkQuiet(() => inFlight, 300, 10_000);
    if (screenshots) {
      await page.evaluate((selector) => {
        const shell = document.querySelector(selector);
        if (shell) shell.scrollTop = shell.scrollHeight;
      }, SHELL);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(screenshots, 'end-of-list.png') });
    }
    const heapAllLoadedMb = await heapMb(page, context, true);

    const longest = (from: number, to: number) =>
      Math.max(0, ...longTasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
    return {
      firstBarsMs: first.firstBars ?? Number.NaN,
      firstBarsInDomMs: first.firstBarsInDom ?? Number.NaN,
      firstPageRequestedMs: (responses[0]?.sentAt ?? Number.NaN) - timeOrigin,
      firstPageReceivedMs: (responses[0]?.receivedAt ?? Number.NaN) - timeOrigin,
      rowsAtEnd: through.rows,
      pageResponseMedianMs: median(responses.map((r) => r.ms)),
      pageThroughMs: through.ms,
      pages,
      epicsLoaded,
      epicsCount,
      maxDomRows: Math.max(through.maxRows, sweep.maxRows),
      longestScrollTaskMs: longest(scrollStart, sweep.end),
      longestPagingTaskMs: longest(scrollStart, through.end),
      longestSweepTaskMs: longest(through.end, sweep.end),
      longestLoadTaskMs: longest(0, scrollStart),
      heapFirstPageMb,
      heapAllLoadedMb,
      timedOut: through.timedOut,
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

function printTable(results: RunResult[], meta: { epics: number; browserVersion: string; warmup: number }) {
  const rows: MetricRow<RunResult>[] = [
    {
      label: 'Navigation → first epic bars painted (ms)',
      pick: (r) => r.firstBarsMs,
      format: integer,
      target: { text: `≤ ${integer(TARGET.firstBarsMs)} ms`, within: (v) => v <= TARGET.firstBarsMs },
    },
    { label: '  first epics page requested (ms)', pick: (r) => r.firstPageRequestedMs, format: integer },
    { label: '  first epics page received (ms)', pick: (r) => r.firstPageReceivedMs, format: integer },
    { label: '  first bar in the DOM (ms)', pick: (r) => r.firstBarsInDomMs, format: integer },
    { label: 'Page through to the end of the list (ms)', pick: (r) => r.pageThroughMs, format: integer },
    { label: '  epics loaded at the end', pick: (r) => r.epicsLoaded, format: integer },
    { label: '  pages fetched', pick: (r) => r.pages, format: integer },
    { label: '  rows in the list at the end', pick: (r) => r.rowsAtEnd, format: integer },
    { label: '  epics page response, median (ms)', pick: (r) => r.pageResponseMedianMs, format: integer },
    {
      label: 'Largest DOM row count at any scroll position',
      pick: (r) => r.maxDomRows,
      format: integer,
      target: { text: `≤ ${TARGET.domRows} rows`, within: (v) => v <= TARGET.domRows },
    },
    {
      label: 'Longest task while scrolling (ms)',
      pick: (r) => r.longestScrollTaskMs,
      format: taskMs,
      target: { text: `≤ ${TARGET.longTaskMs} ms`, within: (v) => v <= TARGET.longTaskMs },
    },
    { label: '  while paging through', pick: (r) => r.longestPagingTaskMs, format: taskMs },
    { label: '  while scrolling the loaded list', pick: (r) => r.longestSweepTaskMs, format: taskMs },
    { label: 'Longest task while loading the page (ms)', pick: (r) => r.longestLoadTaskMs, format: taskMs },
    { label: 'JS heap used, first page, after GC (MB)', pick: (r) => r.heapFirstPageMb, format: oneDecimal },
    { label: 'JS heap used, all pages, after GC (MB)', pick: (r) => r.heapAllLoadedMb, format: oneDecimal },
  ];
  const count = results.find((r) => r.epicsCount !== null)?.epicsCount ?? null;
  out();
  out(
    `Roadmap of /${GROUP}: ${integer(meta.epics)} epics, ${count === null ? '?' : integer(count)} within the timeframe ` +
      `(${ROADMAP_QUERY.slice(1)}); ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium ${meta.browserVersion}; ` +
      `${results.length} runs after ${meta.warmup} warm-up, median`,
  );
  out();
  printRunTable(results, rows);
  out();
  if (results.some((r) => r.timedOut)) out('Note: paging through timed out in some run (300 s).');
}

// --- main ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  // The real server on a free loopback port with a fresh data directory and the demo users.
  const server = await startServer('bench-web', options);
  await seedBenchGroup(server, { group: GROUP, member: USER, epics: options.epics, issues: options.issues }, out);

  const results: RunResult[] = [];
  let browserVersion = '';
  const total = options.warmup + options.runs;
  for (let i = 0; i < total; i++) {
    const warm = i < options.warmup;
    // Each run in a fresh browser.
    await withOwnBrowser(options.headed, async (browser) => {
      browserVersion = browser.version();
      const runStarted = performance.now();
      const result = await measureOnce(browser, server, {
        screenshots: options.screenshots,
        profile: options.profiles
          ? path.join(options.profiles, `${warm ? 'warm-up' : `run-${i - options.warmup + 1}`}-scrolling.cpuprofile`)
          : null,
      });
      out(
        `${warm ? 'Warm-up' : `Run ${i - options.warmup + 1}/${options.runs}`}: first bars ${integer(result.firstBarsMs)} ms, ` +
          `paged through ${integer(result.epicsLoaded)} epics in ${integer(result.pageThroughMs)} ms, ` +
          `${result.maxDomRows} rows at most, longest scroll task ${taskMs(result.longestScrollTaskMs)} ms (${seconds(runStarted)})`,
      );
      if (!warm) results.push(result);
    });
  }
  printTable(results, { epics: options.epics, browserVersion, warmup: options.warmup });
  out(`Done in ${seconds(started)}.`);
}

await runBench('bench:web', main);
