import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// MILEPOST_E2E_PORT lets a second run go beside the first (another port, its own web build).
const PORT = Number(process.env.MILEPOST_E2E_PORT ?? 3100);
const webDist = process.env.MILEPOST_E2E_PORT ? path.join(tmpdir(), `milepost-e2e-web-${PORT}`) : undefined;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// A fresh data directory per run, left for the server to create (it sets the owner and mode the
// embedded PostgreSQL needs). Workers inherit the name from the runner's environment.
process.env.MILEPOST_E2E_DATA_DIR ??= path.join(tmpdir(), `milepost-e2e-${Date.now()}-${process.pid}`);

// "Today" for the run: the server's demo spreads its dates around it, and journeys that read dates
// give the browser the same day (e2e/demo-today.ts) and derive what they expect from it. The real
// date (UTC) unless MILEPOST_DEMO_TODAY pins another, to replay a run on a given day. Workers inherit it.
if (!process.env.MILEPOST_DEMO_TODAY) {
  process.env.MILEPOST_DEMO_TODAY = new Date().toISOString().slice(0, 10);
  console.log(`Journeys run on ${process.env.MILEPOST_DEMO_TODAY} (set MILEPOST_DEMO_TODAY to replay another day).`);
}

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * The narrow project (390 × 844, touch) runs the journeys whose interaction changes at narrow width —
 * drawers, collapsed sidebars and search, the roadmap's settings, touch drag — and the @narrow-only
 * ones (the drawer navigation, and the narrow layout of every kind of page: e2e/narrow-layout.e2e.ts).
 * Every other journey tagged @narrow works at narrow width too, and runs there with
 * MILEPOST_E2E_NARROW=all; CI runs the desktop project for what pages do (decision 0051).
 */
const NARROW_INTERACTIONS = [
  'deep links to nested groups, project pages and unknown paths work',
  'alice opens an issue: header, badges, description and the sidebar',
  'the sticky header appears when the title scrolls away and links back to the top',
  'alice edits an issue sidebar and links a blocking issue',
  'alice edits the title and description, with a preview',
  'alice comments, starts and resolves a thread, replies, edits, reacts and deletes',
  'alice writes a description in rich text with a table and a task list',
  'a member sees this quarter week by week, with milestones, progress and today',
  'each date range and layout from the settings drawer',
  'expanding a parent shows its child epics',
  'the milestones row: one tab stop, arrow keys, titles beside bars, sticky, collapsed for the session',
  'axe: the default view',
  'axe: the settings drawer',
  'axe: the token-type suggestions',
  'drag (or Alt+arrows) reorders epics and the order stays',
  'a long title is cut with an ellipsis and never widens the page',
  'alice finds her private issues from the top bar; others find nothing',
];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const narrowJourneys = new RegExp(`@narrow-only|${NARROW_INTERACTIONS.map(literal).join('|')}`);

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.e2e.ts',
  outputDir: './test-results',
  // Files spread over the workers; a file's journeys run in order in one worker. Journeys make their own
  // objects (or only read the demo), so two workers do not meet. MILEPOST_E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.MILEPOST_E2E_WORKERS ?? 2),
  // No retries: a journey that passes only on its second try is a flake to fix, not a pass to count.
  retries: 0,
  // A hang guard, not a speed check: the longest journeys take 20–25 s on a quiet 2-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    // A failed journey keeps its trace: the actions with their timing, the console and the network.
    // On CI without the page snapshots and screencast, which cost a quarter of the journeys' CPU
    // (decision 0087); MILEPOST_E2E_TRACE=full keeps them there too, to replay a failure step by step.
    trace:
      process.env.CI && process.env.MILEPOST_E2E_TRACE !== 'full'
        ? { mode: 'retain-on-failure', snapshots: false, screenshots: false }
        : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // Journeys tagged @narrow-only test the drawer navigation of the narrow layout.
      grepInvert: /@narrow-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'narrow',
      grep: process.env.MILEPOST_E2E_NARROW === 'all' ? /@narrow/ : narrowJourneys,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
    },
  ],
  webServer: {
    // The server serves the built web bundle (packages/web/dist) with an SPA fallback.
    // MILEPOST_E2E_BUILT=1: the web bundle in packages/web/dist was just built (`npm test` builds it in
    // its own step before the journeys), so the server starts on it without building again.
    command: webDist
      ? `npm run build -w @milepost/web -- --outDir ${webDist} --emptyOutDir && npm start`
      : process.env.MILEPOST_E2E_BUILT === '1'
        ? 'npm start'
        : 'npm run build && npm start',
    cwd: repoRoot,
    url: `http://localhost:${PORT}/-/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      MILEPOST_DATA_DIR: process.env.MILEPOST_E2E_DATA_DIR,
      MILEPOST_DEMO: 'true',
      MILEPOST_DEMO_PASSWORD: 'demo-password-123',
      MILEPOST_DEMO_TODAY: process.env.MILEPOST_DEMO_TODAY,
      MILEPOST_ROOT_PASSWORD: 'root-password-123',
      MILEPOST_LOG_LEVEL: 'warn',
      // Journeys sign in many times a minute from one address: no sign-in throttle here.
      MILEPOST_PROTECTED_PATHS_LIMIT: '0',
      // 'Copy email address' on the issue page needs an incoming address.
      MILEPOST_INCOMING_EMAIL: 'incoming+%{key}@milepost.test',
      ...(webDist ? { MILEPOST_WEB_DIST: webDist } : {}),
    },
  },
});
