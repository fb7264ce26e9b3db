/**
 * `npm run bench:web` (second part): the discussion section in a real browser on pages with 500
 * notes — an epic's page, and an issue's page once the issue page shows the section.
 *
 * Starts the real server (demo users, fresh temp data directory; see bench-server.ts), creates as
 * alice an epic in acme and an issue in acme/website, each with 500 notes through the GraphQL API
 * (300 comments, 50 threads of 4 notes, reactions on every tenth), then measures per run in a fresh
 * browser signed in as alice, on the page's own clock from navigation start:
 *
 * - first content: the page's title and description painted (the frame after both entered the DOM);
 * - first comments: the first comment of the activity painted;
 * - full thread: every discussion in the DOM and no "Loading more activity" left (painted);
 * - the longest task while loading, the comments in the DOM, and the JS heap after GC;
 * - the work, which the machine's load does not inflate as it does the times: the page's main-thread
 *   time (all tasks, and of it script and layout + style), its CPU time, and the server's CPU time
 *   (Node and its PostgreSQL) from navigation start to the full thread, and the GraphQL requests the
 *   page sent;
 * - the page's own work once its data is there: when the issue's (or epic's) query arrived, first
 *   content after that, and the main thread's long tasks from then to first content;
 * - per run, when each page of discussions was sent and arrived (the chain of further pages).
 *
 * Prints each run and the medians with issue 12's targets (first content ≤ 500 ms, full thread ≤ 1 s)
 * and the load average; asserts nothing. Options: `--runs N` (default 5), `--warmup N` (default 1),
 * `--build`, `--no-build`, `--headed`, `--screenshots DIR`, `--page epic|issue` (only that page),
 * `--compare DIR` (another web build's `dist`, e.g. of the code before a change: the runs alternate
 * between the served build and that one, on the same server and data, and each gets its table — on a
 * busy machine the only fair before/after), `--profile DIR` (one more run of each page
 * after the measured ones, with the page's JavaScript CPU profile saved as a `.cpuprofile` for
 * DevTools and its top functions by self time printed), `--trace DIR` (likewise, a Chromium trace for
 * DevTools' Performance panel, with the main thread's time by event printed).
 */
import path from 'node:path';
import type { BenchServer } from '@milepost/server/bench/bench-server.ts';
import type { Browser } from '@playwright/test';
import {
  addPaintMarks,
  compareBuilds,
  countRendererTime,
  ensureBuild,
  graphqlFor,
  loadAverage,
  type MetricRow,
  openSignedIn,
  out,
  parseBenchArgs,
  printRunTable,
  readPaintMarks,
  runBench,
  serverCpuMs,
  startBench,
  startCpuProfile,
  startTrace,
  VIEWPORT,
  waitForMark,
} from './bench-common.ts';

const USER = 'alice';
const TARGET = { firstContentMs: 500, fullThreadMs: 1000 };
const COMMENTS = 300;
const THREADS = 50;
const REPLIES = 3;
const NOTES = COMMENTS + THREADS * (1 + REPLIES);
const DISCUSSIONS = COMMENTS + THREADS;
const LIST = 'ol[aria-label="Activity"]';
const TITLE = 'Bench: 500 notes';
const DESCRIPTION = 'What this is about: **500 notes**, see the [plan](https://example.com/plan).';

const parseArgs = (argv: readonly string[]) =>
  parseBenchArgs(
    argv,
    { runs: { min: 1, value: 5 }, warmup: { min: 0, value: 1 } },
    ['screenshots', 'profile', 'trace', 'compare'],
    ['page'],
  );

// --- set-up -------------------------------------------------------------------------------------------

type Api = Awaited<ReturnType<typeof graphqlFor>>;

const CREATE_NOTE = `mutation($input: CreateNoteInput!) { createNote(input: $input) { note { id discussion { id } } errors } }`;
const CREATE_THREAD = `mutation($input: CreateDiscussionInput!) { createDiscussion(input: $input) { note { id discussion { id } } errors } }`;
const AWARD = `mutation($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) { errors } }`;

/** Runs `tasks` with at most `width` at a time. */
async function pool(width: number, tasks: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]?.();
    }),
  );
}

async function addNotes(api: Api, noteableId: string): Promise<void> {
  const body = (i: number) =>
    `Comment ${i}: **progress** on the plan, see [the notes](https://example.com/${i}) and @bob's review.\n\n- one\n- two`;
  const comments = Array.from({ length: COMMENTS }, (_, i) => async () => {
    const data = (await api(CREATE_NOTE, { input: { noteableId, body: body(i) } })) as {
      createNote: { note: { id: string } };
    };
    if (i % 10 === 0) await api(AWARD, { input: { awardableId: data.createNote.note.id, name: 'thumbsup' } });
  });
  const threads = Array.from({ length: THREADS }, (_, i) => async () => {
    const data = (await api(CREATE_THREAD, { input: { noteableId, body: `Thread ${i}: shall we?` } })) as {
      createDiscussion: { note: { discussion: { id: string } } };
    };
    const discussionId = data.createDiscussion.note.discussion.id;
    for (let r = 0; r < REPLIES; r++) {
      await api(CREATE_NOTE, { input: { noteableId, body: `Reply ${r} in thread ${i}`, discussionId } });
    }
  });
  await pool(6, [...comments, ...threads]);
}

/** Creates the pages to measure: both, or only `only` ('epic', 'issue'). */
async function setUp(browser: Browser, server: BenchServer, only: string | null) {
  const { context } = await openSignedIn(browser, server, { login: USER });
  try {
    const api = await graphqlFor(context);
    const pages: { name: string; path: string }[] = [];
    const started = performance.now();
    if (only !== 'issue') {
      const epic = (await api(
        'mutation($title: String!, $description: String) { createEpic(input: { groupPath: "acme", title: $title, description: $description }) { epic { id iid } errors } }',
        { title: TITLE, description: DESCRIPTION },
      )) as { createEpic: { epic: { id: string; iid: string } } };
      await addNotes(api, epic.createEpic.epic.id);
      pages.push({ name: 'Epic page', path: `/groups/acme/-/epics/${epic.createEpic.epic.iid}` });
    }
    if (only !== 'epic') {
      const issue = (await api(
        'mutation($title: String!, $description: String) { createIssue(input: { projectPath: "acme/website", title: $title, description: $description }) { issue { id iid } errors } }',
        { title: TITLE, description: DESCRIPTION },
      )) as { createIssue: { issue: { id: string; iid: string } } };
      await addNotes(api, issue.createIssue.issue.id);
      pages.push({ name: 'Issue page', path: `/acme/website/-/issues/${issue.createIssue.issue.iid}` });
    }
    out(`  ${NOTES} notes on each in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return pages;
  } finally {
    await context.close();
  }
}

// --- one run -----------------------------------------------------------------------------------------

type Marks = { list: string; discussions: number; title: string };

/** In the page: the title and description, the first comment and the whole thread, each once it is drawn. */
function discussionMarks(mark: (name: string) => void, { list, discussions, title }: Marks, stop: () => void) {
  const heading = document.querySelector('h1');
  if (heading?.textContent === title && heading.nextElementSibling?.querySelector('strong')) mark('content');
  const root = document.querySelector(list);
  if (!root) return;
  if (root.querySelector('article')) mark('first');
  const loading = document.querySelector('[role="status"][aria-label="Loading more activity"]');
  if (!loading && root.children.length >= discussions) {
    mark('full');
    stop();
  }
}

type RunResult = {
  contentMs: number;
  firstContentMs: number;
  fullThreadMs: number;
  discussionsInDom: number;
  commentsInDom: number;
  longestTaskMs: number;
  heapMb: number;
  rendererTaskMs: number;
  rendererScriptMs: number;
  rendererLayoutMs: number;
  /** The page's main thread's CPU time (ms): what a busy machine inflates least. */
  rendererThreadMs: number;
  serverCpuMs: number;
  graphqlRequests: number;
  /** When the page's own query (the issue or the epic) arrived, on the page's clock (ms). */
  dataMs: number;
  /** Long tasks (ms) between that and first content: the page's work before it showed anything. */
  tasksBeforeContent: number[];
  /**
   * The discussion pages' requests on the page's clock: `size@start–end` (ms), in the order sent; the
   * size marked `↑` for a page newest first, `*` for a list's first page.
   */
  pages: string;
};

async function measure(
  browser: Browser,
  server: BenchServer,
  target: string,
  shot: string | null,
  profile: string | null,
  trace: string | null = null,
): Promise<RunResult> {
  const { context, page } = await openSignedIn(browser, server, { login: USER });
  try {
    await addPaintMarks(page, discussionMarks, { list: LIST, discussions: DISCUSSIONS, title: TITLE });
    await page.addInitScript(recordLongTasks);
    let graphqlRequests = 0;
    let dataArrived = Number.NaN;
    const pageRequests: { page: string; sent: number; done: number }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/graphql') graphqlRequests++;
    });
    // When each page of discussions left and arrived (wall clock; turned into the page's clock below).
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname !== '/api/graphql') return;
      const body = request.postDataJSON() as {
        operationName?: string;
        variables?: { first?: number; sort?: string; after?: string };
      } | null;
      const timing = request.timing();
      if (body?.operationName === 'IssuePageQuery' || body?.operationName === 'EpicPageQuery') {
        dataArrived = timing.startTime + timing.responseEnd;
      }
      if (!body?.operationName?.endsWith('DiscussionsQuery')) return;
      pageRequests.push({
        page: `${body.variables?.sort === 'DESC' ? '↑' : ''}${body.variables?.first ?? 0}${body.variables?.after ? '' : '*'}`,
        sent: timing.startTime,
        done: timing.startTime + timing.responseEnd,
      });
    });
    const renderer = await countRendererTime(page);
    const profiler = profile ? await startCpuProfile(page) : null;
    const tracer = trace ? await startTrace(browser, page) : null;
    const cpuBefore = serverCpuMs(server);
    await page.goto(target);
    await waitForMark(page, 'full');
    const cpuAfter = serverCpuMs(server);
    const work = await renderer.read();
    if (profiler && profile) await profiler.stop(profile);
    if (tracer && trace) await tracer.stop(trace);
    const probe = await readPaintMarks(page, ['content', 'first', 'full']);
    const counts = await page.evaluate(
      (list) => ({
        discussions: document.querySelector(list)?.children.length ?? 0,
        comments: document.querySelectorAll(`${list} article`).length,
      }),
      LIST,
    );
    const origin = await page.evaluate(() => performance.timeOrigin);
    const dataMs = dataArrived - origin;
    const tasks = await page.evaluate(() => (window as unknown as { __benchTasks: [number, number][] }).__benchTasks);
    const contentAt = probe.marks.content ?? Number.NaN;
    const pages = pageRequests
      .sort((a, b) => a.sent - b.sent)
      .map((r) => `${r.page}@${Math.round(r.sent - origin)}–${Math.round(r.done - origin)}`)
      .join(' ');
    if (shot) await page.screenshot({ path: shot });
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    await cdp.detach();
    return {
      contentMs: probe.marks.content ?? Number.NaN,
      firstContentMs: probe.marks.first ?? Number.NaN,
      fullThreadMs: probe.marks.full ?? Number.NaN,
      discussionsInDom: counts.discussions,
      commentsInDom: counts.comments,
      longestTaskMs: Math.max(0, ...probe.longTasks),
      heapMb: (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024,
      rendererTaskMs: work.taskMs,
      rendererScriptMs: work.scriptMs,
      rendererLayoutMs: work.layoutMs + work.styleMs,
      rendererThreadMs: work.threadMs,
      serverCpuMs: cpuAfter - cpuBefore,
      graphqlRequests,
      dataMs,
      tasksBeforeContent: tasks
        .filter(([start, duration]) => start + duration > dataMs && start < contentAt)
        .map(([, duration]) => duration),
      pages,
    };
  } finally {
    await context.close();
  }
}

/** In the page before its scripts: each long task's start and duration (ms), in `__benchTasks`. */
function recordLongTasks() {
  const tasks: [number, number][] = [];
  (window as unknown as { __benchTasks: typeof tasks }).__benchTasks = tasks;
  try {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask entries in this browser
  }
}

/** Whether the page shows the discussion section at all (the issue page mounts it later). */
async function hasSection(browser: Browser, server: BenchServer, target: string): Promise<boolean> {
  const { context, page } = await openSignedIn(browser, server, { login: USER });
  try {
    await page.goto(target);
    return await page
      .waitForSelector(LIST, { timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
  } finally {
    await context.close();
  }
}

// --- report -------------------------------------------------------------------------------------------

function printTable(name: string, results: RunResult[]) {
  const ms = (v: number) => (Number.isNaN(v) ? '—' : String(Math.round(v)));
  const rows: MetricRow<RunResult>[] = [
    {
      label: 'First content: title and description painted (ms)',
      pick: (r) => r.contentMs,
      format: ms,
      target: { text: `≤ ${TARGET.firstContentMs} ms`, within: (v) => v <= TARGET.firstContentMs },
    },
    { label: "  the page's own query arrived (ms)", pick: (r) => r.dataMs, format: ms },
    { label: '  first content after it (ms)', pick: (r) => r.contentMs - r.dataMs, format: ms },
    {
      label: '  long tasks between them, in all (ms)',
      pick: (r) => r.tasksBeforeContent.reduce((sum, task) => sum + task, 0),
      format: ms,
    },
    { label: 'First comments painted (ms)', pick: (r) => r.firstContentMs, format: ms },
    {
      label: 'Full thread painted (ms)',
      pick: (r) => r.fullThreadMs,
      format: ms,
      target: { text: `≤ ${TARGET.fullThreadMs} ms`, within: (v) => v <= TARGET.fullThreadMs },
    },
    { label: `Discussions in the DOM (of ${DISCUSSIONS})`, pick: (r) => r.discussionsInDom, format: ms },
    { label: `Comments in the DOM (of ${NOTES})`, pick: (r) => r.commentsInDom, format: ms },
    { label: 'Longest task while loading (ms)', pick: (r) => r.longestTaskMs, format: ms },
    {
      label: 'JS heap used after GC (MB)',
      pick: (r) => r.heapMb,
      format: (v) => (Number.isNaN(v) ? '—' : v.toFixed(1)),
    },
    { label: 'Page main thread busy until full thread (ms)', pick: (r) => r.rendererTaskMs, format: ms },
    { label: '  of it script (ms)', pick: (r) => r.rendererScriptMs, format: ms },
    { label: '  of it style and layout (ms)', pick: (r) => r.rendererLayoutMs, format: ms },
    { label: 'Page main thread CPU time until full thread (ms)', pick: (r) => r.rendererThreadMs, format: ms },
    { label: 'Server CPU, Node + PostgreSQL (ms)', pick: (r) => r.serverCpuMs, format: ms },
    { label: 'GraphQL requests', pick: (r) => r.graphqlRequests, format: ms },
  ];
  out();
  out(
    `${name}: ${NOTES} notes in ${DISCUSSIONS} discussions; ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium; ${results.length} runs, median; load average ${loadAverage()}`,
  );
  out();
  printRunTable(results, rows);
}

// --- main ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // The served build first (a build empties dist), then the other's assets beside it, then the server.
  await ensureBuild(options.build, out);
  const variants = compareBuilds(options.compare);
  const { server, browser } = await startBench('bench-discussions', { ...options, build: 'never' });
  out(`Creating an epic and an issue with ${NOTES} notes each …`);
  if (options.page !== null && options.page !== 'epic' && options.page !== 'issue') {
    throw new Error('--page must be epic or issue');
  }
  const pages = await setUp(browser, server, options.page);
  for (const target of pages) {
    if (!(await hasSection(browser, server, target.path))) {
      out();
      out(`${target.name} (${target.path}): no discussion section on this page yet — not measured.`);
      continue;
    }
    const results = new Map<string, RunResult[]>(variants.names.map((name) => [name, []]));
    const perBuild = variants.names.length;
    for (let i = 0; i < (options.warmup + options.runs) * perBuild; i++) {
      const warm = i < options.warmup * perBuild;
      const build = variants.use(i);
      const shot =
        options.screenshots && !warm
          ? path.join(options.screenshots, `${target.name.replace(/\W+/g, '-')}-${i}.png`)
          : null;
      const result = await measure(browser, server, target.path, shot, null);
      out(
        `${target.name}, ${build}, ${warm ? 'warm-up' : `run ${Math.floor(i / perBuild) - options.warmup + 1}/${options.runs}`}: first content ` +
          `${Math.round(result.contentMs)} ms, first comments ${Math.round(result.firstContentMs)} ms, ` +
          `full thread ${Math.round(result.fullThreadMs)} ms (load average ${loadAverage()})\n` +
          `  discussion pages (size@sent–arrived ms; ↑ newest first, * first page): ${result.pages}`,
      );
      if (!warm) results.get(build)?.push(result);
    }
    variants.use(0);
    for (const [build, list] of results) printTable(`${target.name} (${target.path}), ${build}`, list);
    if (options.profile) {
      out(`${target.name}: one more run, profiled (not in the table: the profiler slows the page) …`);
      await measure(
        browser,
        server,
        target.path,
        null,
        path.join(options.profile, `${target.name.replace(/\W+/g, '-')}.cpuprofile`),
      );
    }
    if (options.trace) {
      out(`${target.name}: one more run, traced (not in the table: tracing slows the page) …`);
      const file = path.join(options.trace, `${target.name.replace(/\W+/g, '-')}.trace.json`);
      const traced = await measure(browser, server, target.path, null, null, file);
      out(
        `  that run: the page's query arrived ${Math.round(traced.dataMs)} ms, first content ${Math.round(traced.contentMs)} ms, ` +
          `full thread ${Math.round(traced.fullThreadMs)} ms`,
      );
    }
  }
}

await runBench('bench:web (discussions)', main);
