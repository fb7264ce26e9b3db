/**
 * `node packages/web/bench/first-load.bench.ts`: where a first load's time goes (decision 0061). For
 * the demo's issue page, project issue list, epics list, epic page and roadmap, in a fresh browser
 * context signed in as alice (cold: no cache), on the page's own clock (ms from navigation start):
 *
 * - HTML: the page's response received;
 * - early script: the early script started (`milepost:first-requests`; — in a build without it);
 * - first request sent / shell answered / page answered: the first GraphQL request's start, the last
 *   of the shell's queries answered, the last of the page's own first requests answered;
 * - entry's scripts: the last of the scripts and style sheets asked for before the app's start downloaded;
 * - app start: the entry's imports downloaded and evaluated, `main.tsx` running (`milepost:app-start`;
 *   in a build without the mark, the first GraphQL request's start, which it sent then);
 * - page chunk: the first URL's catch-all page's chunks downloaded (`project-pages`/`group-pages`);
 * - first commit: React's first commit (`milepost:first-commit`);
 * - first content: the page's first content painted (the issue's title, a list's first row, the
 *   epic's first tree row, the roadmap's first bar).
 *
 * With `--trace DIR` it also saves a Chromium trace of each run and prints the main thread's
 * evaluation of each script; with `--detail 1`, each run's requests (start → answered). Options: `--runs N` (default 3), `--warmup N` (default 1), `--only TEXT`,
 * `--compare DIR` (another web build's `dist`, the runs alternating), `--build`, `--no-build`, `--headed`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchServer } from '@milepost/server/bench/bench-server.ts';
import type { Browser, Page, Request } from '@playwright/test';
import {
  compareBuilds,
  ensureBuild,
  loadAverage,
  median,
  openSignedIn,
  out,
  parseBenchArgs,
  printTable,
  runBench,
  startBench,
  VIEWPORT,
} from './bench-common.ts';

const SHELL_QUERIES = new Set([
  'CurrentUserQuery',
  'DisplayPreferencesQuery',
  'EditorPreferenceQuery',
  'TodoCountQuery',
]);

type Target = { name: string; path: string; content: string };

const parseArgs = (argv: readonly string[]) =>
  parseBenchArgs(
    argv,
    { runs: { min: 1, value: 3 }, warmup: { min: 0, value: 1 }, detail: { min: 0, value: 0 } },
    ['compare', 'trace'],
    ['only'],
  );

/** The demo's pages; the issue and the epic with the most activity of those the API lists first. */
async function targets(browser: Browser, server: BenchServer): Promise<Target[]> {
  const { context } = await openSignedIn(browser, server);
  try {
    const issues = (await (await context.request.get('/api/v4/projects/acme%2Fwebsite/issues?per_page=1')).json()) as {
      iid: number;
    }[];
    const epics = (await (
      await context.request.get('/api/v4/groups/acme/epics?search=Platform%20modernization&per_page=1')
    ).json()) as { iid: number }[];
    return [
      { name: 'issue page', path: `/acme/website/-/issues/${issues[0]?.iid ?? 1}`, content: 'h1:not(:empty)' },
      { name: 'project issues', path: '/acme/website/-/issues', content: 'ul[aria-label="Issues"] > li' },
      { name: 'epics list', path: '/groups/acme/-/epics', content: 'ul[aria-label="Epics"] > li' },
      {
        name: 'epic page',
        path: `/groups/acme/-/epics/${epics[0]?.iid ?? 1}`,
        content: 'section[aria-labelledby="child-items-heading"] [role="treegrid"] [role="row"]',
      },
      { name: 'roadmap', path: '/groups/acme/-/roadmap', content: 'li[data-kind="epic"] [data-period-index]' },
    ];
  } finally {
    await context.close();
  }
}

/** In the page before its scripts: `__contentPainted(selector)` resolves with the time the first match is painted. */
function installProbe() {
  (window as unknown as { __contentPainted: (s: string) => Promise<number> }).__contentPainted = (selector) =>
    new Promise((resolve) => {
      const check = () => {
        if (document.querySelector(selector) && !document.querySelector('[aria-busy="true"]')) {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
        } else requestAnimationFrame(check);
      };
      check();
    });
}

type Breakdown = Record<
  | 'html'
  | 'earlyScript'
  | 'firstRequest'
  | 'shellAnswered'
  | 'pageAnswered'
  | 'entryScripts'
  | 'appStart'
  | 'pageChunk'
  | 'firstCommit'
  | 'firstContent',
  number
> & { requests: number; scripts: number; detail: string[] };

type Sent = { request: Request; operation: string };

async function measure(browser: Browser, server: BenchServer, target: Target, traceFile: string | null) {
  const { context, page } = await openSignedIn(browser, server);
  try {
    await page.addInitScript(installProbe);
    const sent: Sent[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/graphql')) return;
      const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?';
      sent.push({ request, operation });
    });
    if (traceFile)
      await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    await page.goto(target.path, { waitUntil: 'commit' });
    const firstContent = await page.evaluate(
      (selector) =>
        (window as unknown as { __contentPainted: (s: string) => Promise<number> }).__contentPainted(selector),
      target.content,
    );
    if (traceFile) {
      const buffer = await browser.stopTracing();
      fs.mkdirSync(path.dirname(traceFile), { recursive: true });
      fs.writeFileSync(traceFile, buffer);
      printEvaluations(buffer);
    }
    return await breakdown(page, sent, firstContent);
  } finally {
    await context.close();
  }
}

async function breakdown(page: Page, sent: Sent[], firstContent: number): Promise<Breakdown> {
  const clock = await page.evaluate(() => {
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      start: r.startTime,
      end: r.responseEnd,
    }));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      timeOrigin: performance.timeOrigin,
      html: navigation?.responseEnd ?? Number.NaN,
      earlyScript: mark('milepost:first-requests'),
      appStart: mark('milepost:app-start'),
      firstCommit: mark('milepost:first-commit'),
      resources,
    };
  });
  // Playwright's timing: the request's start in epoch ms, the phases relative to it.
  const requests = await Promise.all(
    sent.map(async ({ request, operation }) => {
      const response = await request.response().catch(() => null);
      if (response) await response.finished().catch(() => null);
      const timing = request.timing();
      const start = timing.startTime - clock.timeOrigin;
      return { operation, start, end: timing.responseEnd >= 0 ? start + timing.responseEnd : Number.NaN };
    }),
  );
  const firstRequest = Math.min(...requests.map((r) => r.start));
  const appStart = Number.isNaN(clock.appStart) ? firstRequest : clock.appStart;
  const shell = requests.filter((r) => SHELL_QUERIES.has(r.operation));
  const own = requests.filter((r) => !SHELL_QUERIES.has(r.operation) && r.start < firstContent);
  const assets = clock.resources.filter((r) => /\/assets\/.*\.(js|css)$/.test(r.name));
  const beforeStart = assets.filter((r) => r.start < appStart && !/first-requests-/.test(r.name));
  const pageChunks = assets.filter((r) => /\/assets\/(project|group)-pages-/.test(r.name));
  return {
    html: clock.html,
    earlyScript: clock.earlyScript,
    firstRequest,
    shellAnswered: Math.max(...shell.map((r) => r.end)),
    pageAnswered: own.length ? Math.max(...own.map((r) => r.end)) : Number.NaN,
    entryScripts: Math.max(...beforeStart.map((r) => r.end)),
    appStart,
    pageChunk: pageChunks.length ? Math.max(...pageChunks.map((r) => r.end)) : Number.NaN,
    firstCommit: clock.firstCommit,
    firstContent,
    requests: requests.filter((r) => r.start < firstContent).length,
    scripts: assets.filter((r) => r.start < firstContent).length,
    detail: [
      ...requests.map((r) => ({ what: r.operation, start: r.start, end: r.end })),
      ...assets.map((r) => ({ what: r.name.replace(/^.*\//, ''), start: r.start, end: r.end })),
    ]
      .sort((a, b) => a.start - b.start)
      .map((r) => `${cell(r.start).padStart(6)} → ${cell(r.end).padStart(6)}  ${r.what}`),
  };
}

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; args?: { data?: { url?: string } } };

/** The main thread's evaluation of each script in a trace (module evaluation and classic scripts), by file. */
function printEvaluations(buffer: Buffer): void {
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const start = Math.min(...traceEvents.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const byName = new Map<string, number>();
  for (const event of traceEvents) {
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0));
    if (!/EvaluateScript|evaluateModule|v8\.compileModule|v8\.compile$/.test(event.name)) continue;
    const url = event.args?.data?.url ?? '';
    out(
      `    ${event.name.padEnd(20)} ${((event.ts - start) / 1000).toFixed(0).padStart(6)} ms + ${((event.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${url.replace(/^.*\//, '')}`,
    );
  }
}

const cell = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '—');

async function main() {
  const options = parseArgs(process.argv.slice(2));
  await ensureBuild(options.build, out);
  const variants = compareBuilds(options.compare);
  const { server, browser } = await startBench('bench-first-load', { ...options, build: 'never' });
  const all = (await targets(browser, server)).filter((t) => !options.only || t.name.includes(options.only));
  const perBuild = variants.names.length;
  const rows: string[][] = [];
  for (const target of all) {
    const results = new Map<string, Breakdown[]>(variants.names.map((name) => [name, []]));
    for (let i = 0; i < (options.warmup + options.runs) * perBuild; i++) {
      const warm = i < options.warmup * perBuild;
      const build = variants.use(i);
      const trace =
        options.trace && !warm ? path.join(options.trace, `${target.name.replace(/ /g, '-')}-${i}.json`) : null;
      const r = await measure(browser, server, target, trace);
      out(
        `${target.name} ${target.path}, ${build}, ${warm ? 'warm-up' : 'run'}: HTML ${cell(r.html)}, early script ${cell(r.earlyScript)}, ` +
          `first request ${cell(r.firstRequest)}, shell answered ${cell(r.shellAnswered)}, page answered ${cell(r.pageAnswered)}, ` +
          `entry's files ${cell(r.entryScripts)}, app start ${cell(r.appStart)}, page chunk ${cell(r.pageChunk)}, ` +
          `first commit ${cell(r.firstCommit)}, first content ${cell(r.firstContent)} ms ` +
          `(${r.requests} requests, ${r.scripts} scripts and styles; load average ${loadAverage()})`,
      );
      if (options.detail) for (const line of r.detail) out(`    ${line}`);
      if (!warm) results.get(build)?.push(r);
    }
    for (const [build, runs] of results) {
      const m = (pick: (r: Breakdown) => number) => cell(median(runs.map(pick)));
      rows.push([
        perBuild > 1 ? `${target.name}, ${build}` : target.name,
        m((r) => r.html),
        m((r) => r.earlyScript),
        m((r) => r.firstRequest),
        m((r) => r.shellAnswered),
        m((r) => r.pageAnswered),
        m((r) => r.entryScripts),
        m((r) => r.appStart),
        m((r) => r.pageChunk),
        m((r) => r.firstCommit),
        m((r) => r.firstContent),
      ]);
    }
  }
  variants.use(0);
  out();
  out(
    `First loads, ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium, signed in as alice, the demo; ${options.runs} runs, median ms from navigation start; load average ${loadAverage()}`,
  );
  printTable(
    [
      'page',
      'HTML',
      'early script',
      'first request',
      'shell answered',
      'page answered',
      "entry's files",
      'app start',
      'page chunk',
      'first commit',
      'first content',
    ],
    rows,
    0,
  );
}

await runBench('bench:web (first load)', main);
