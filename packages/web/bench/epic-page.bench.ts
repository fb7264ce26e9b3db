/**
 * `npm run bench:web` (epic page part): the epic page of the demo's 'Platform modernization' (child
 * epics and issues, a real sidebar and activity) in a real browser, as alice (the group's Owner).
 *
 * Starts the real server with the demo (fresh temp data directory; see bench-server.ts), then per
 * run, in a fresh browser context (cold: no cache, a new page load), on the page's own clock:
 *
 * - header: the epic's title painted;
 * - first tree row: the first row of the child-items tree painted (from navigation start);
 * - Roadmap tab: from the click on 'Roadmap view' (about a second after the tree showed, as a reader
 *   would) to the first child epic row of its roadmap painted;
 * - the longest task while loading;
 * - the page's own work for the tree: from the tree's answer (`EpicChildItemsQuery` done) to the
 *   first row painted, and the main thread's work up to the first row (Chromium's counters: its CPU
 *   time, which a busy machine does not inflate; script, style recalculations and layouts, their time).
 *
 * Prints each run and the medians with issue 15's targets (first tree row ≤ 500 ms, Roadmap tab
 * ≤ 500 ms); asserts nothing. Options: `--runs N` (default 5), `--warmup N` (default 1), `--compare DIR`
 * (another web build's `dist`: the runs alternate between the served build and that one on the same
 * server, each build with its own table), `--waterfall N` (print the requests of the first N measured
 * runs of each build: scripts and GraphQL operations, when each was sent, answered and done, beside
 * the marks), `--trace DIR` (one more run of each build, not in the table, with a Chromium trace saved
 * for DevTools and the main thread's time by event printed, in all and from the tree's answer to the
 * first row), `--profile DIR` (likewise, a JavaScript CPU profile and its top functions), `--build`,
 * `--no-build`, `--headed`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchServer } from '@milepost/server/bench/bench-server.ts';
import type { Browser, Page, Request as PlaywrightRequest } from '@playwright/test';
import {
  addPaintMarks,
  compareBuilds,
  countRendererTime,
  ensureBuild,
  loadAverage,
  mainThreadSelfTimes,
  openSignedIn,
  out,
  parseBenchArgs,
  printRunTable,
  printTable,
  readPaintMarks,
  runBench,
  startBench,
  startCpuProfile,
  startTrace,
  type TraceEvent,
  VIEWPORT,
  waitForMark,
} from './bench-common.ts';

const TARGET = { firstRowMs: 500, roadmapTabMs: 500 };
const EPIC_TITLE = 'Platform modernization';
const GROUP = 'acme';
const TREE_ROW = 'section[aria-labelledby="child-items-heading"] [role="treegrid"] [role="row"]';
const ROADMAP_ROW = 'ul[aria-label="Child epics"] > li';
/** How long the reader looks at the tree before opening the Roadmap tab. */
const READING_MS = 1000;

const parseArgs = (argv: readonly string[]) =>
  parseBenchArgs(argv, { runs: { min: 1, value: 5 }, warmup: { min: 0, value: 1 }, waterfall: { min: 0, value: 0 } }, [
    'compare',
    'trace',
    'profile',
  ]);

type Selectors = { title: string; treeRow: string; roadmapRow: string };

/** In the page: the epic's title, the first tree row and the first roadmap row, each once it is drawn. */
function epicPageMarks(mark: (name: string) => void, { title, treeRow, roadmapRow }: Selectors, stop: () => void) {
  if (document.querySelector('h1')?.textContent === title) mark('header');
  if (document.querySelector(treeRow)) mark('firstRow');
  if (document.querySelector(roadmapRow)) {
    mark('roadmapRow');
    stop();
  }
}

type RunResult = {
  headerMs: number;
  firstRowMs: number;
  roadmapTabMs: number;
  longestTaskMs: number;
  /** When the tree's first page (`EpicChildItemsQuery`) and the page's query had arrived. */
  treeAnswerMs: number;
  pageAnswerMs: number;
  mainThread: MainThread;
};

/** One request of a page load, on the page's clock (ms from navigation start). */
type Request = { name: string; askedMs: number; sentMs: number; firstByteMs: number; doneMs: number };

/**
 * Records the page's scripts and GraphQL requests until `stop()`, which answers them in the order
 * they were sent, each named by its file or GraphQL operation.
 */
function recordRequests(page: Page): { stop: () => Promise<Request[]> } {
  const finished: { request: PlaywrightRequest; name: string }[] = [];
  const onFinished = (request: PlaywrightRequest) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/graphql') {
      const body = request.postDataJSON() as { operationName?: string } | null;
      finished.push({ request, name: body?.operationName ?? 'GraphQL' });
    } else if (url.pathname.endsWith('.js') || request.resourceType() === 'document') {
      finished.push({ request, name: url.pathname.split('/').pop() || url.pathname });
    }
  };
  page.on('requestfinished', onFinished);
  return {
    stop: async () => {
      page.off('requestfinished', onFinished);
      const origin = await page.evaluate(() => performance.timeOrigin);
      return finished
        .map(({ request, name }) => {
          const timing = request.timing();
          const asked = timing.startTime - origin;
          return {
            name,
            askedMs: asked,
            // Chromium's request start: past the wait for a free connection (six per server).
            sentMs: asked + Math.max(0, timing.requestStart),
            firstByteMs: asked + timing.responseStart,
            doneMs: asked + timing.responseEnd,
          };
        })
        .sort((a, b) => a.askedMs - b.askedMs);
    },
  };
}

function printWaterfall(requests: readonly Request[], result: RunResult): void {
  const rows = [
    ...requests.map((r) => [r.name, ms(r.askedMs), ms(r.sentMs), ms(r.firstByteMs), ms(r.doneMs)]),
    ['— header painted', '', '', '', ms(result.headerMs)],
    ['— first tree row painted', '', '', '', ms(result.firstRowMs)],
  ];
  out('  Requests of this run (ms from navigation start):');
  printTable(['  Request', 'Asked', 'Sent', 'First byte', 'Done'], rows, 0);
}

async function epicPath(browser: Browser, server: BenchServer): Promise<string> {
  const { context } = await openSignedIn(browser, server);
  try {
    const response = await context.request.get(
      `/api/v4/groups/${GROUP}/epics?${new URLSearchParams({ search: EPIC_TITLE, per_page: '20' })}`,
    );
    const epics = (await response.json()) as { iid: number; title: string }[];
    const epic = epics.find((e) => e.title === EPIC_TITLE);
    if (!epic) throw new Error(`The demo has no epic '${EPIC_TITLE}' in ${GROUP}.`);
    return `/groups/${GROUP}/-/epics/${epic.iid}`;
  } finally {
    await context.close();
  }
}

/** Chromium's counters of the page's main thread (`countRendererTime`), read once the first row is painted. */
type MainThread = {
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  /** The main thread's CPU time: the work, which a busy machine does not inflate. */
  threadMs: number;
  styles: number;
  layouts: number;
};

/** What one run's extras go to: a trace file, a CPU profile file (one more run, not in the table). */
type Extras = { trace?: string; profile?: string };

/** In the page, at its start: a trace event at a known time on the page's clock, to align a trace with it. */
function traceOrigin() {
  (window as unknown as { __benchTraceOrigin: number }).__benchTraceOrigin = performance.now();
  console.timeStamp('bench:origin');
}

/**
 * The traced run's main-thread time by event (self time) between `fromMs` and `toMs` on the page's
 * clock: what the page did from the tree's answer to the first row. `originMs` is when the page logged
 * the `bench:origin` time stamp.
 */
function printTraceWindow(file: string, originMs: number, fromMs: number, toMs: number): void {
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const origin = traceEvents.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'bench:origin');
  if (!origin) {
    out('  (the trace has no bench:origin time stamp: no breakdown of the window)');
    return;
  }
  const from = origin.ts + (fromMs - originMs) * 1000;
  const to = origin.ts + (toMs - originMs) * 1000;
  const inWindow = traceEvents.filter((e) => e.ph !== 'X' || (e.ts >= from && e.ts + (e.dur ?? 0) <= to));
  out(
    `  From the tree's answer (${ms(fromMs)} ms) to the first row (${ms(toMs)} ms), the main thread by event (self):`,
  );
  for (const [name, time] of mainThreadSelfTimes(inWindow, 20)) out(`    ${time.toFixed(0).padStart(6)} ms  ${name}`);
}

async function measure(
  browser: Browser,
  server: BenchServer,
  target: string,
  waterfall: boolean,
  extras: Extras = {},
): Promise<RunResult> {
  const selectors = { title: EPIC_TITLE, treeRow: TREE_ROW, roadmapRow: ROADMAP_ROW };
  const { context, page } = await openSignedIn(browser, server);
  try {
    await addPaintMarks(page, epicPageMarks, selectors);
    await page.addInitScript(traceOrigin);
    const requests = recordRequests(page);
    const renderer = await countRendererTime(page);
    const profiler = extras.profile ? await startCpuProfile(page) : null;
    const tracer = extras.trace ? await startTrace(browser, page) : null;
    await page.goto(target);
    await waitForMark(page, 'firstRow');
    const work = await renderer.read();
    if (profiler && extras.profile) await profiler.stop(extras.profile);
    if (tracer && extras.trace) await tracer.stop(extras.trace);
    const loaded = await requests.stop();
    await page.waitForTimeout(READING_MS);
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    await waitForMark(page, 'roadmapRow');
    const { marks, longTasks } = await readPaintMarks(page, ['header', 'firstRow', 'roadmapRow']);
    const answered = (operation: string) => loaded.find((r) => r.name === operation)?.doneMs ?? Number.NaN;
    const result: RunResult = {
      headerMs: marks.header ?? Number.NaN,
      firstRowMs: marks.firstRow ?? Number.NaN,
      roadmapTabMs: (marks.roadmapRow ?? Number.NaN) - clickedAt,
      longestTaskMs: Math.max(0, ...longTasks),
      treeAnswerMs: answered('EpicChildItemsQuery'),
      pageAnswerMs: answered('EpicPageQuery'),
      mainThread: work,
    };
    if (waterfall) printWaterfall(loaded, result);
    if (extras.trace) {
      const originMs = await page.evaluate(
        () => (window as unknown as { __benchTraceOrigin: number }).__benchTraceOrigin,
      );
      printTraceWindow(extras.trace, originMs, result.treeAnswerMs, result.firstRowMs);
    }
    return result;
  } finally {
    await context.close();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '—' : String(Math.round(v)));

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // The served build first (a build empties dist), then the other's assets beside it, then the server.
  await ensureBuild(options.build, out);
  const variants = compareBuilds(options.compare);
  const { server, browser } = await startBench('bench-epic-page', { ...options, build: 'never' });
  const target = await epicPath(browser, server);
  const perBuild = variants.names.length;
  const results = new Map<string, RunResult[]>(variants.names.map((name) => [name, []]));
  for (let i = 0; i < (options.warmup + options.runs) * perBuild; i++) {
    const warm = i < options.warmup * perBuild;
    const build = variants.use(i);
    const measured = Math.floor(i / perBuild) - options.warmup;
    const result = await measure(browser, server, target, !warm && measured < options.waterfall);
    out(
      `${perBuild > 1 ? `${build}, ` : ''}${warm ? 'warm-up' : `run ${Math.floor(i / perBuild) - options.warmup + 1}/${options.runs}`}: header ${ms(result.headerMs)} ms, ` +
        `tree's answer ${ms(result.treeAnswerMs)} ms, first tree row ${ms(result.firstRowMs)} ms, ` +
        `Roadmap tab ${ms(result.roadmapTabMs)} ms (load average ${loadAverage()})`,
    );
    if (!warm) results.get(build)?.push(result);
  }
  variants.use(0);
  for (const [build, runs] of results) {
    out();
    out(
      `Epic page (${target}), the demo, ${build}; ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium; ${runs.length} runs; load average ${loadAverage()}`,
    );
    out();
    printRunTable(runs, [
      { label: 'Header: the title painted (ms)', pick: (r) => r.headerMs, format: ms },
      {
        label: 'First tree row painted, cold load (ms)',
        pick: (r) => r.firstRowMs,
        format: ms,
        target: { text: `≤ ${TARGET.firstRowMs} ms`, within: (v) => v <= TARGET.firstRowMs },
      },
      {
        label: 'Roadmap tab: click to first row painted (ms)',
        pick: (r) => r.roadmapTabMs,
        format: ms,
        target: { text: `≤ ${TARGET.roadmapTabMs} ms`, within: (v) => v <= TARGET.roadmapTabMs },
      },
      { label: 'Longest task while loading (ms)', pick: (r) => r.longestTaskMs, format: ms },
      { label: "The page's query arrived (ms)", pick: (r) => r.pageAnswerMs, format: ms },
      { label: "The tree's first page arrived (ms)", pick: (r) => r.treeAnswerMs, format: ms },
      { label: "Tree's answer → first row painted (ms)", pick: (r) => r.firstRowMs - r.treeAnswerMs, format: ms },
      { label: 'Main thread to the first row: CPU (ms)', pick: (r) => r.mainThread.threadMs, format: ms },
      { label: 'Main thread to the first row: script (ms)', pick: (r) => r.mainThread.scriptMs, format: ms },
      { label: 'Main thread to the first row: style (ms)', pick: (r) => r.mainThread.styleMs, format: ms },
      { label: 'Main thread to the first row: layout (ms)', pick: (r) => r.mainThread.layoutMs, format: ms },
      { label: 'Style recalculations to the first row', pick: (r) => r.mainThread.styles, format: ms },
      { label: 'Layouts to the first row', pick: (r) => r.mainThread.layouts, format: ms },
    ]);
  }
  for (const [index, build] of variants.names.entries()) {
    const name = build.replace(/\W+/g, '-');
    if (options.trace) {
      out(`${build}: one more run, traced (not in the table: tracing slows the page) …`);
      variants.use(index);
      await measure(browser, server, target, false, {
        trace: path.join(options.trace, `epic-page-${name}.trace.json`),
      });
    }
    if (options.profile) {
      out(`${build}: one more run, profiled (not in the table: the profiler slows the page) …`);
      variants.use(index);
      await measure(browser, server, target, false, {
        profile: path.join(options.profile, `epic-page-${name}.cpuprofile`),
      });
    }
  }
  variants.use(0);
}

await runBench('bench:web (epic page)', main);
