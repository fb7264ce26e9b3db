/**
 * `node packages/web/bench/first-load.bench.ts`: where a first load's time goes (decision 0061). For
 * the demo's issue page, project and group issue lists, epics list, epic page and roadmap, in a fresh browser
 * context signed in as alice (cold: no cache), on the page's own clock (ms from navigation start):
 *
 * - HTML: the page's response received;
 * - early script: the early script started (`milepost:first-requests`; — in a build without it);
 * - first request sent / shell answered / page answered: the first GraphQL request's start, the last
 *   of the shell's queries answered, the last of the page's own first requests (those asked before the
 *   app's first render) answered (a batch, `A+B+…`, counts as both when it holds both);
 * - entry's scripts: the last of the scripts and style sheets asked for before the app's start downloaded;
 * - app start: the entry's imports downloaded and evaluated, `main.tsx` running (`milepost:app-start`;
 *   in a build without the mark, the first GraphQL request's start, which it sent then);
 * - page chunk: the first URL's catch-all page's chunks downloaded (`project-pages`/`group-pages`);
 * - first commit: React's first commit (`milepost:first-commit`);
 * - first content: the page's first content painted (the issue's title, a list's first row, the
 *   epic's first tree row, the roadmap's first bar);
 * - server Node CPU / PostgreSQL CPU: the server's CPU time over the load (its Node process, its
 *   embedded PostgreSQL's processes; 10 ms ticks): the work, which a busy machine does not inflate;
 * - page CPU / of it script: the page's main thread's CPU time until the first content, and its tasks'
 *   script time (Chromium's Performance metrics): the browser's work, likewise steady under load.
 *
 * Each run also prints where the last of the page's own answers spent its time: before it was sent
 * (the browser waiting for one of its six connections to the server), in the server's handling (its
 * `Server-Timing` total and SQL; the server runs with MILEPOST_SERVER_TIMING=all), and waiting for
 * its first byte beyond that (for the server's thread, busy with other requests).
 *
 * With `--trace DIR` it also saves a Chromium trace of each run and prints the main thread's
 * evaluation of each script; with `--detail 1`, each run's requests: asked, sent, first byte and
 * done, and each GraphQL answer's `Server-Timing`. Options: `--runs N` (default 3), `--warmup N` (default 1), `--only TEXT`,
 * `--compare DIR` (another web build's `dist`, the runs alternating), `--build`, `--no-build`, `--headed`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchServer } from '@milepost/server/bench/bench-server.ts';
import type { Browser, Page, Request } from '@playwright/test';
import {
  countRendererTime,
  loadAverage,
  median,
  onlyMatching,
  openSignedIn,
  out,
  parsePagesBenchArgs,
  printTable,
  runBench,
  serverCpuMs,
  startComparingBench,
  VIEWPORT,
} from './bench-common.ts';

const SHELL_QUERIES = new Set([
  'CurrentUserQuery',
  'DisplayPreferencesQuery',
  'EditorPreferenceQuery',
  'TodoCountQuery',
]);

type Target = { name: string; path: string; content: string };

const parseArgs = (argv: readonly string[]) => parsePagesBenchArgs(argv, { detail: { min: 0, value: 0 } }, ['trace']);

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
      { name: 'group issues', path: '/groups/acme/-/issues', content: 'ul[aria-label="Issues"] > li' },
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
> & {
  requests: number;
  scripts: number;
  pageCpuMs: number;
  pageScriptMs: number;
  serverNodeMs: number;
  serverPostgresMs: number;
  pageServer: string;
  detail: string[];
};

/** A `Server-Timing` header's metrics: name → duration in ms (and `db`'s statement count under `statements`). */
function parseServerTiming(header: string): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    for (const param of params) {
      const [key, value = ''] = param.trim().split('=');
      if (key === 'dur') metrics[name] = Number(value);
      const count = key === 'desc' ? /^"?(\d+) statements?/.exec(value) : null;
      if (count) metrics.statements = Number(count[1]);
    }
  }
  return metrics;
}

type Timed = { operation: string; start: number; sent: number; firstByte: number; end: number; server: string };

/**
 * Where the last-answered of the page's own requests spent its time: in the browser before it was
 * sent (waiting for a connection), in the server's handling (its Server-Timing `total`, of that SQL),
 * and the rest until its first byte (the request waiting for the server's thread, and the way there
 * and back), then the download.
 */
function serverSplit(own: readonly Timed[]): string {
  const last = own.reduce((a, b) => (b.end > a.end ? b : a));
  const server = parseServerTiming(last.server);
  const handled = server.total ?? Number.NaN;
  return (
    `${last.operation}: asked ${cell(last.start)}, sent +${cell(last.sent - last.start)}, ` +
    `server ${cell(handled)} (db ${cell(server.db ?? Number.NaN)} in ${server.statements ?? '?'} statements), ` +
    `waiting +${cell(last.firstByte - last.sent - handled)}, download +${cell(last.end - last.firstByte)}`
  );
}

type Sent = { request: Request; operation: string };

async function measure(browser: Browser, server: BenchServer, target: Target, traceFile: string | null) {
  const { context, page } = await openSignedIn(browser, server);
  try {
    await page.addInitScript(installProbe);
    const sent: Sent[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/graphql')) return;
      // A batch (the early script's shell queries and path lookup) is named by its operations, `A+B+…`.
      const body = request.postDataJSON() as { operationName?: string } | { operationName?: string }[] | null;
      const operation = (Array.isArray(body) ? body : [body]).map((one) => one?.operationName ?? '?').join('+');
      sent.push({ request, operation });
    });
    if (traceFile)
      await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'] });
    const renderer = await countRendererTime(page);
    const cpu = { node: serverCpuMs(server, 'node'), postgres: serverCpuMs(server, 'postgres') };
    await page.goto(target.path, { waitUntil: 'commit' });
    const firstContent = await page.evaluate(
      (selector) =>
        (window as unknown as { __contentPainted: (s: string) => Promise<number> }).__contentPainted(selector),
      target.content,
    );
    const thread = await renderer.read();
    if (traceFile) {
      const buffer = await browser.stopTracing();
      fs.mkdirSync(path.dirname(traceFile), { recursive: true });
      fs.writeFileSync(traceFile, buffer);
      printEvaluations(buffer);
    }
    const result = await breakdown(page, sent, firstContent);
    result.pageCpuMs = thread.threadMs;
    result.pageScriptMs = thread.scriptMs;
    // The server's work for the load (its answers up to the first content and those still in flight then).
    result.serverNodeMs = serverCpuMs(server, 'node') - cpu.node;
    result.serverPostgresMs = serverCpuMs(server, 'postgres') - cpu.postgres;
    return result;
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
      sent: r.requestStart || Number.NaN,
      firstByte: r.responseStart || Number.NaN,
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
  // Playwright's timing: the request's start in epoch ms, the phases relative to it (-1: none).
  const requests = await Promise.all(
    sent.map(async ({ request, operation }) => {
      const response = await request.response().catch(() => null);
      if (response) await response.finished().catch(() => null);
      const headers = response ? await response.allHeaders().catch(() => ({}) as Record<string, string>) : {};
      const timing = request.timing();
      const start = timing.startTime - clock.timeOrigin;
      const at = (phase: number) => (phase >= 0 ? start + phase : Number.NaN);
      return {
        operation,
        start,
        sent: at(timing.requestStart),
        firstByte: at(timing.responseStart),
        end: at(timing.responseEnd),
        server: headers['server-timing'] ?? '',
      };
    }),
  );
  const firstRequest = Math.min(...requests.map((r) => r.start));
  const appStart = Number.isNaN(clock.appStart) ? firstRequest : clock.appStart;
  const operations = (r: { operation: string }) => r.operation.split('+');
  const shell = requests.filter((r) => operations(r).some((name) => SHELL_QUERIES.has(name)));
  // The page's own first requests: those asked before the app's first render (by the early script, or
  // by the app's start); what the page asks once it has rendered does not hold its first content.
  const rendered = Number.isNaN(clock.firstCommit) ? firstContent : clock.firstCommit;
  const own = requests.filter((r) => operations(r).some((name) => !SHELL_QUERIES.has(name)) && r.start < rendered);
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
    pageCpuMs: Number.NaN,
    pageScriptMs: Number.NaN,
    serverNodeMs: Number.NaN,
    serverPostgresMs: Number.NaN,
    scripts: assets.filter((r) => r.start < firstContent).length,
    pageServer: own.length ? serverSplit(own) : '',
    detail: [
      ...requests.map((r) => ({ ...r, what: `${r.operation}${r.server ? `  [${r.server}]` : ''}` })),
      ...assets.map((r) => ({ ...r, what: r.name.replace(/^.*\//, '') })),
    ]
      .sort((a, b) => a.start - b.start)
      .map(
        (r) =>
          `${cell(r.start).padStart(6)} ${cell(r.sent).padStart(6)} ${cell(r.firstByte).padStart(6)} ${cell(r.end).padStart(6)}  ${r.what}`,
      ),
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
  // Every answer's Server-Timing breakdown (http/server-timing.ts), printed with `--detail`.
  const { server, browser, variants } = await startComparingBench('bench-first-load', options, {
    MILEPOST_SERVER_TIMING: 'all',
  });
  const all = onlyMatching(await targets(browser, server), options.only);
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
          `(${r.requests} requests, ${r.scripts} scripts and styles; page CPU ${cell(r.pageCpuMs)}, of it script ${cell(r.pageScriptMs)}; server CPU: Node ${cell(r.serverNodeMs)}, ` +
          `PostgreSQL ${cell(r.serverPostgresMs)} ms; load average ${loadAverage()})`,
      );
      if (r.pageServer) out(`  the page's last answer: ${r.pageServer}`);
      if (options.detail) {
        out('    asked   sent  first   done  (ms from navigation start; GraphQL: [Server-Timing])');
        for (const line of r.detail) out(`    ${line}`);
      }
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
        m((r) => r.pageCpuMs),
        m((r) => r.pageScriptMs),
        m((r) => r.serverNodeMs),
        m((r) => r.serverPostgresMs),
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
      'page CPU',
      'of it script',
      'server Node CPU',
      'PostgreSQL CPU',
    ],
    rows,
    0,
  );
}

await runBench('bench:web (first load)', main);
