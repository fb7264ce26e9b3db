/**
 * `npm run bench:web` (third part; alone: `node packages/web/bench/lists.bench.ts`): the issue and
 * epic lists in a real browser, at the demo's size (acme: ~300 issues, ~60 epics) and on the
 * benchmark group (`bench:seed`: 10,000 epics, 50,000 issues by default).
 *
 * Starts the real server (demo users, fresh temp data directory; see bench-server.ts), seeds the
 * benchmark group with alice a Developer, then per list and run, in a fresh browser signed in as
 * alice, on the page's own clock:
 *
 * - first rows: navigation start → the list's first rows painted;
 * - next page: 'Next' clicked → the next page's rows painted;
 * - filter: a label filter applied (the URL changed in place, as the filter bar does) → its rows painted.
 *
 * Prints each run and the medians beside issue 13's targets (group issue list first rows ≤ 500 ms,
 * filter change → new rows ≤ 300 ms), with the server's CPU time (Node + PostgreSQL) for the first
 * rows and for the filter, and the page main thread's CPU time until the first rows (with its script and
 * style + layout time), which the machine's load does not inflate; asserts nothing. Options:
 * `--runs N` (default 3), `--warmup N` (default 1), `--epics N` (at least 20), `--issues N`, `--only TEXT`
 * (only the lists whose name contains it, e.g. 'group issues'; without a list on the benchmark group,
 * e.g. '(demo)', nothing is seeded), `--compare DIR` (another web build's `dist`:
 * the runs alternate between the served build and that one on the same server and data, each build
 * with its own lines in the table — on a busy machine the only fair before/after), `--build`,
 * `--no-build`, `--headed`.
 */
import { type BenchServer, seedBenchGroup } from '@milepost/server/bench/bench-server.ts';
import type { Browser } from '@playwright/test';
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

const USER = 'alice';
const GROUP = 'bench-lists';
const TARGET = { firstRowsMs: 500, filterMs: 300 };

// `bench:seed` makes at least 20 epics (a four-level tree with a parent epic in the top group).
const parseArgs = (argv: readonly string[]) =>
  parsePagesBenchArgs(argv, { epics: { min: 20, value: 10_000 }, issues: { min: 1, value: 50_000 } });

type List = { name: string; path: string; rows: string; label: string };

const lists = (group: string, project: string, size: string): List[] => [
  {
    name: `project issues (${size})`,
    path: `/${project}/-/issues`,
    rows: 'ul[aria-label="Issues"] > li',
    label: 'bug',
  },
  {
    name: `group issues (${size})`,
    path: `/groups/${group}/-/issues`,
    rows: 'ul[aria-label="Issues"] > li',
    label: 'bug',
  },
  { name: `epics (${size})`, path: `/groups/${group}/-/epics`, rows: 'ul[aria-label="Epics"] > li', label: 'bug' },
];

type Probe = (selector: string, before: string | null) => Promise<number>;

/** In the page before its scripts: `__rowsPainted(selector, before)` resolves with the time (page clock)
 * the list's first row differs from `before` (and no skeleton is left) and has been painted. */
function installProbe() {
  const probe: Probe = (selector, before) =>
    new Promise((resolve) => {
      const check = () => {
        const first = document.querySelector(selector);
        const skeleton = document.querySelector('[aria-busy="true"]');
        // New rows, or (after a change) none at all: the filter's empty state.
        if (!skeleton && (first ? first.textContent !== before : before !== null)) {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
        } else requestAnimationFrame(check);
      };
      check();
    });
  (window as unknown as { __rowsPainted: Probe }).__rowsPainted = probe;
}

/** In the page: the time from `change` (clicking Next, or a filter put in the URL) to the new rows painted. */
function timeChange({ selector, next, url }: { selector: string; next: boolean; url: string }): Promise<number> {
  const before = document.querySelector(selector)?.textContent ?? null;
  const start = performance.now();
  const done = (window as unknown as { __rowsPainted: Probe }).__rowsPainted(selector, before);
  if (next) {
    // Every list's 'Next' is the shared pager's link.
    document.querySelector<HTMLElement>('a[rel="next"]')?.click();
  } else {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }
  return done.then((t) => t - start);
}

type RunResult = {
  firstRowsMs: number;
  nextPageMs: number | null;
  filterMs: number | null;
  rows: number;
  /** the server's CPU time (Node + PostgreSQL) for the first rows and for the filter change */
  firstRowsCpuMs: number;
  filterCpuMs: number;
  /** the page's main thread until the first rows: its CPU time, and of its tasks' time script and style + layout */
  mainThreadMs: number;
  scriptMs: number;
  styleLayoutMs: number;
};

async function measure(browser: Browser, server: BenchServer, list: List): Promise<RunResult> {
  const { context, page } = await openSignedIn(browser, server, { login: USER });
  try {
    await page.addInitScript(installProbe);
    const renderer = await countRendererTime(page);
    const cpuAtStart = serverCpuMs(server);
    await page.goto(list.path, { waitUntil: 'commit' });
    const firstRowsMs = await page.evaluate(
      (selector) => (window as unknown as { __rowsPainted: Probe }).__rowsPainted(selector, null),
      list.rows,
    );
    const firstRowsCpuMs = serverCpuMs(server) - cpuAtStart;
    const thread = await renderer.read();
    const rows = await page.locator(list.rows).count();
    const url = `${list.path}?label_name[]=${list.label}`;
    const hasNext = (await page.locator('a[rel="next"]').count()) > 0;
    // A change that never settles counts as not measured (—) after a minute instead of hanging the bench.
    const bounded = (change: Promise<number>) =>
      Promise.race([change, new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000))]);
    const nextPageMs = hasNext
      ? await bounded(page.evaluate(timeChange, { selector: list.rows, next: true, url }))
      : null;
    const cpuBeforeFilter = serverCpuMs(server);
    const filterMs = await bounded(page.evaluate(timeChange, { selector: list.rows, next: false, url }));
    const filterCpuMs = serverCpuMs(server) - cpuBeforeFilter;
    return {
      firstRowsMs,
      nextPageMs,
      filterMs,
      rows,
      firstRowsCpuMs,
      filterCpuMs,
      mainThreadMs: thread.threadMs,
      scriptMs: thread.scriptMs,
      styleLayoutMs: thread.styleMs + thread.layoutMs,
    };
  } finally {
    await context.close();
  }
}

const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { server, browser, variants } = await startComparingBench('bench-lists', options);
  const all = onlyMatching(
    [
      ...lists('acme', 'acme/website', 'demo'),
      ...lists(GROUP, `${GROUP}/platform/api`, `${options.epics} epics, ${options.issues} issues`),
    ],
    options.only,
  );
  // The benchmark group only when a list on it is measured (`--only "(demo)"` skips the seeding).
  if (all.some((list) => list.path.includes(GROUP)))
    await seedBenchGroup(server, { group: GROUP, member: USER, epics: options.epics, issues: options.issues }, out);
  const perBuild = variants.names.length;
  const summary: string[][] = [];
  for (const list of all) {
    for (let i = 0; i < options.warmup * perBuild; i++) {
      variants.use(i);
      await measure(browser, server, list);
    }
    const results = new Map<string, RunResult[]>(variants.names.map((name) => [name, []]));
    for (let i = 0; i < options.runs * perBuild; i++) {
      const build = variants.use(i);
      const r = await measure(browser, server, list);
      results.get(build)?.push(r);
      out(
        `${list.name} ${list.path}${perBuild > 1 ? `, ${build}` : ''} run ${Math.floor(i / perBuild) + 1}: first rows ${ms(r.firstRowsMs)}, next page ${ms(r.nextPageMs)}, filter ${ms(r.filterMs)} (${r.rows} rows; page main thread until the first rows: CPU ${ms(r.mainThreadMs)}, script ${ms(r.scriptMs)}, style + layout ${ms(r.styleLayoutMs)}; server CPU ${ms(r.firstRowsCpuMs)} for the first rows, ${ms(r.filterCpuMs)} for the filter; load average ${loadAverage()})`,
      );
    }
    for (const [build, runs] of results) {
      const next = runs.map((r) => r.nextPageMs).filter((v): v is number => v !== null);
      const filtered = runs.map((r) => r.filterMs).filter((v): v is number => v !== null);
      summary.push([
        perBuild > 1 ? `${list.name}, ${build}` : list.name,
        ms(median(runs.map((r) => r.firstRowsMs))),
        ms(next.length ? median(next) : null),
        ms(filtered.length ? median(filtered) : null),
        ms(median(runs.map((r) => r.mainThreadMs))),
        ms(median(runs.map((r) => r.scriptMs))),
        ms(median(runs.map((r) => r.styleLayoutMs))),
        ms(median(runs.map((r) => r.firstRowsCpuMs))),
        ms(median(runs.map((r) => r.filterCpuMs))),
      ]);
    }
  }
  variants.use(0);
  out();
  out(
    `Lists, ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium, signed in as ${USER}; ${options.runs} runs, median; load average ${loadAverage()}`,
  );
  out(
    `targets (issue 13): group issue list first rows ≤ ${TARGET.firstRowsMs} ms, filter change → new rows ≤ ${TARGET.filterMs} ms`,
  );
  printTable(
    [
      'list',
      'first rows',
      'next page',
      'filter applied',
      'page CPU: first rows',
      'script',
      'style + layout',
      'server CPU: first rows',
      'filter',
    ],
    summary,
    0,
  );
}

await runBench('bench:web (lists)', main);
