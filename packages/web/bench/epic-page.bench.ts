/**
 * `npm run bench:web` (epic page part): the epic page of the demo's 'Platform modernisation' (child
 * epics and issues, a real sidebar and activity) in a real browser, as alice (the group's Owner).
 *
 * Starts the real server with the demo (fresh temp data directory; see bench-server.ts), then per
 * run, in a fresh browser context (cold: no cache, a new page load), on the page's own clock:
 *
 * - header: the epic's title painted;
 * - first tree row: the first row of the child-items tree painted (from navigation start);
 * - Roadmap tab: from the click on 'Roadmap view' (about a second after the tree showed, as a reader
 *   would) to the first child epic row of its roadmap painted;
 * - the longest task while loading.
 *
 * Prints each run and the medians with issue 15's targets (first tree row ≤ 500 ms, Roadmap tab
 * ≤ 500 ms); asserts nothing. Options: `--runs N` (default 5), `--warmup N` (default 1), `--build`,
 * `--no-build`, `--headed`.
 */
import {
  type BenchServer,
  cleanUp,
  DEMO_PASSWORD,
  onCleanUp,
  startBenchServer,
} from '@milepost/server/bench/bench-server.ts';
import type { Browser } from '@playwright/test';
import { ensureBuild, launchChromium, signIn } from './bench-common.ts';

const USER = 'alice';
const VIEWPORT = { width: 1440, height: 900 };
const TARGET = { firstRowMs: 500, roadmapTabMs: 500 };
const EPIC_TITLE = 'Platform modernisation';
const GROUP = 'acme';
const TREE_ROW = 'section[aria-labelledby="child-items-heading"] [role="treegrid"] [role="row"]';
const ROADMAP_ROW = 'ul[aria-label="Child epics"] > li';
/** How long the reader looks at the tree before opening the Roadmap tab. */
const READING_MS = 1000;

const out = (line = '') => process.stdout.write(`${line}\n`);

function parseArgs(argv: readonly string[]) {
  const options = { runs: 5, warmup: 1, build: 'auto' as 'auto' | 'always' | 'never', headed: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const number = (min: number) => {
      const n = Number(inline ?? argv[++i]);
      if (!Number.isSafeInteger(n) || n < min) throw new Error(`${flag} must be a whole number of at least ${min}`);
      return n;
    };
    if (flag === '--runs') options.runs = number(1);
    else if (flag === '--warmup') options.warmup = number(0);
    else if (flag === '--build') options.build = 'always';
    else if (flag === '--no-build') options.build = 'never';
    else if (flag === '--headed') options.headed = true;
    else throw new Error(`Unknown option ${flag}. Options: --runs N --warmup N --build --no-build --headed`);
  }
  return options;
}

type Probe = { header: number | null; firstRow: number | null; roadmapRow: number | null; longTasks: number[] };

/** In the page before its scripts: when the title, the first tree row and the first roadmap row are painted. */
function installProbes({ title, treeRow, roadmapRow }: { title: string; treeRow: string; roadmapRow: string }) {
  const state: Probe = { header: null, firstRow: null, roadmapRow: null, longTasks: [] };
  (window as unknown as { __bench: Probe }).__bench = state;
  try {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) state.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask entries in this browser
  }
  const painted = (set: (t: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => set(performance.now());
      channel.port2.postMessage(null);
    });
  const observer = new MutationObserver(() => {
    if (state.header === null && document.querySelector('h1')?.textContent === title) {
      state.header = 0;
      painted((t) => {
        state.header = t;
      });
    }
    if (state.firstRow === null && document.querySelector(treeRow)) {
      state.firstRow = 0;
      painted((t) => {
        state.firstRow = t;
      });
    }
    if (state.roadmapRow === null && document.querySelector(roadmapRow)) {
      state.roadmapRow = 0;
      painted((t) => {
        state.roadmapRow = t;
      });
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

type RunResult = { headerMs: number; firstRowMs: number; roadmapTabMs: number; longestTaskMs: number };

async function epicPath(browser: Browser, server: BenchServer): Promise<string> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    await signIn(context, USER, DEMO_PASSWORD);
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

async function measure(browser: Browser, server: BenchServer, target: string): Promise<RunResult> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT });
  try {
    await signIn(context, USER, DEMO_PASSWORD);
    const page = await context.newPage();
    await page.addInitScript('globalThis.__name ??= (fn) => fn;');
    await page.addInitScript(installProbes, { title: EPIC_TITLE, treeRow: TREE_ROW, roadmapRow: ROADMAP_ROW });
    await page.goto(target);
    const probe = () => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.firstRow, null, {
      timeout: 60_000,
      polling: 20,
    });
    await page.waitForTimeout(READING_MS);
    const clickedAt = await page.evaluate(() => performance.now());
    await page.getByRole('tab', { name: 'Roadmap view' }).click();
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.roadmapRow, null, {
      timeout: 60_000,
      polling: 20,
    });
    const result = await probe();
    return {
      headerMs: result.header ?? Number.NaN,
      firstRowMs: result.firstRow ?? Number.NaN,
      roadmapTabMs: (result.roadmapRow ?? Number.NaN) - clickedAt,
      longestTaskMs: Math.max(0, ...result.longTasks),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function printTable(target: string, results: RunResult[]) {
  const ms = (v: number) => (Number.isNaN(v) ? '—' : String(Math.round(v)));
  const rows: [string, (r: RunResult) => number, string, ((v: number) => boolean)?][] = [
    ['Header: the title painted (ms)', (r) => r.headerMs, '—'],
    [
      'First tree row painted, cold load (ms)',
      (r) => r.firstRowMs,
      `≤ ${TARGET.firstRowMs} ms`,
      (v) => v <= TARGET.firstRowMs,
    ],
    [
      'Roadmap tab: click to first row painted (ms)',
      (r) => r.roadmapTabMs,
      `≤ ${TARGET.roadmapTabMs} ms`,
      (v) => v <= TARGET.roadmapTabMs,
    ],
    ['Longest task while loading (ms)', (r) => r.longestTaskMs, '—'],
  ];
  const header = ['Metric', ...results.map((_, i) => `Run ${i + 1}`), 'Median', 'Target', ''];
  const body = rows.map(([label, pick, goal, within]) => {
    const values = results.map(pick);
    const m = median(values);
    return [label, ...values.map(ms), ms(m), goal, within ? (within(m) ? 'met' : 'MISSED') : ''];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((line) => (line[c] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c === 0 || c >= cells.length - 2 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0),
      )
      .join('  ')
      .trimEnd();
  out();
  out(
    `Epic page (${target}), the demo; ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium; ${results.length} runs`,
  );
  out();
  out(line(header));
  out(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of body) out(line(row));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  await ensureBuild(options.build, out);
  const server = await startBenchServer('bench-epic-page', { MILEPOST_PROTECTED_PATHS_LIMIT: '0' }, out);
  const browser = await launchChromium(options.headed);
  const removeClose = onCleanUp(() => browser.close());
  try {
    const target = await epicPath(browser, server);
    const results: RunResult[] = [];
    for (let i = 0; i < options.warmup + options.runs; i++) {
      const warm = i < options.warmup;
      const result = await measure(browser, server, target);
      out(
        `${warm ? 'warm-up' : `run ${i - options.warmup + 1}/${options.runs}`}: header ${Math.round(result.headerMs)} ms, ` +
          `first tree row ${Math.round(result.firstRowMs)} ms, Roadmap tab ${Math.round(result.roadmapTabMs)} ms`,
      );
      if (!warm) results.push(result);
    }
    printTable(target, results);
  } finally {
    removeClose();
    await browser.close();
  }
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench:web (epic page): ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
} finally {
  out('Stopping the server …');
  await cleanUp();
}
