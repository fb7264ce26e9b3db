#!/usr/bin/env node
/**
 * `npm test`: every check and every suite, then one line `N passed, N failed` summed over all.
 * Steps: typecheck, lint, schema and client-type drift, unit/integration (shared, server, web),
 * web build, Playwright e2e, real GitLab clients (python-gitlab, its CLI and the Ruby gem driving a
 * running Milepost: scripts/client-checks.mjs), and the server suite once more against Debian's PostgreSQL 15
 * (when its binaries are installed; CI installs them) to prove the external-server path.
 * Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { externalPostgres } from './external-postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-tests-'));
const results = [];
const only = process.env.MILEPOST_TEST_ONLY?.split(',');

function run(cmd, args, opts = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env }, shell: false });
  return { ok: res.status === 0, seconds: (Date.now() - started) / 1000 };
}

function step(name, fn) {
  if (only && !only.includes(name)) return;
  process.stdout.write(`\n=== ${name} ===\n`);
  // A step that throws (a runner that cannot start, a database that cannot be set up) is one failure
  // with its message, and the steps after it still run: the closing line is always printed.
  const started = Date.now();
  let r;
  try {
    r = fn();
  } catch (error) {
    process.stdout.write(`${name} could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    r = { passed: 0, failed: 1, seconds: (Date.now() - started) / 1000 };
  }
  results.push({ name, ...r });
  process.stdout.write(
    `=== ${name}: ${r.failed ? 'FAILED' : 'ok'} (${r.passed} passed, ${r.failed} failed, ${r.seconds.toFixed(0)} s) ===\n`,
  );
}

/** A check that is one pass or one fail. */
function check(cmd, args, env) {
  const r = run(cmd, args, { env });
  return { passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds };
}

/**
 * The server and web suites run one worker per core: Vitest's default (cores − 1, so one worker on
 * CI's 2 cores) left the second core idle. Server workers wait on PostgreSQL about half the time; the
 * web components' time-outs are hang guards sized for two workers on two cores (docs/decisions/0027,
 * 0042). The shared unit suite takes seconds either way.
 */
const perCore = [`--maxWorkers=${os.availableParallelism()}`];
/**
 * The server suite's files share their worker's module cache (`--isolate=false`): each file built
 * its own copy of the whole app's modules, 157 of its 207 s (decision 0043). Every file has its own
 * database, and no server test mocks modules or changes the environment.
 */
const serverArgs = [...perCore, '--isolate=false'];

/**
 * Server test files that never use the PostgreSQL in DATABASE_URL: they start Milepost's own embedded
 * PostgreSQL (servers spawned with `DATABASE_URL` empty, or the embedded cluster itself), so a second
 * run of them against PostgreSQL 15 would run the same thing again. The run against PostgreSQL 15
 * leaves them out (decision 0087); every file that sends a query to the database runs there.
 */
const EMBEDDED_ONLY = ['src/crash-recovery.test.ts', 'src/first-start-signals.test.ts', 'src/db/embedded-port.test.ts'];

/** A Vitest run, counted from its JSON report. */
function vitest(workspace, env = {}, args = []) {
  const report = path.join(tmp, `${workspace.replace(/\W/g, '_')}-${Date.now()}.json`);
  const r = run(
    'npx',
    [
      'vitest',
      'run',
      '--root',
      `packages/${workspace}`,
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { env },
  );
  return counts(report, r, (j) => ({
    passed: j.numPassedTests,
    failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0),
    failures: vitestFailures(j),
  }));
}

function counts(report, r, pick) {
  let passed = 0;
  let failed = 0;
  let failures = [];
  try {
    ({ passed, failed, failures = [] } = pick(JSON.parse(fs.readFileSync(report, 'utf8'))));
  } catch {
    failed = 1; // no report: the runner itself failed
  }
  if (!r.ok && failed === 0) failed = 1;
  if (r.ok && passed === 0) failed += 1; // a suite that ran no test is a failure
  return { passed, failed, failures, seconds: r.seconds };
}

/**
 * A failure as the closing summary names it: where, and the first four lines of what went wrong
 * (colours and stack frames left out). A CI log is often read only from its end; the summary alone
 * tells which test failed and why. Steps that are one check (typecheck, lint) print their errors above.
 */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'); // terminal colours in runners' messages
function failure(where, message) {
  const line = String(message ?? '')
    .replace(COLOURS, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '))
    .slice(0, 4)
    .join(' | ');
  return { where, message: line.length > 400 ? `${line.slice(0, 400)}…` : line };
}

/** The failed tests of a Vitest JSON report. */
function vitestFailures(j) {
  const out = [];
  for (const file of j.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(failure(`${name} › ${t.fullName}`, t.failureMessages?.[0]));
    if (file.status === 'failed' && failedTests.length === 0) out.push(failure(name, file.message));
  }
  return out;
}

/** The failed (or flaky) journeys of a Playwright JSON report, and its errors outside any journey. */
function playwrightFailures(j) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results?.find((res) => res.error)?.error;
          const at = error?.location ? ` (${path.relative(root, error.location.file)}:${error.location.line})` : '';
          out.push(failure(`[${t.projectName}] ${[...titles, spec.title].join(' › ')}${at}`, error?.message));
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of j.suites ?? []) walk(suite, [suite.title]);
  for (const e of j.errors ?? []) out.push(failure('(outside any journey)', e.message));
  return out;
}

step('typecheck', () => check('npm', ['run', '--silent', 'typecheck']));
step('lint', () => check('npm', ['run', '--silent', 'lint']));
step('schema drift', () => check('npm', ['run', '--silent', 'schema:check']));
step('client types drift', () => {
  const gen = run('npm', ['run', '--silent', 'codegen']);
  const diff = run('git', ['diff', '--exit-code', '--stat', '--', 'packages/web/src/gql']);
  const ok = gen.ok && diff.ok;
  if (!diff.ok) process.stdout.write('Generated client types are out of date: run `npm run codegen` and commit.\n');
  return { passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: gen.seconds + diff.seconds };
});
step('shared unit', () => vitest('shared'));
step('server integration (embedded PostgreSQL 18)', () => vitest('server', { DATABASE_URL: '' }, serverArgs));
step('web components', () => vitest('web', {}, perCore));
step('web build', () => check('npm', ['run', '--silent', 'build']));
step('e2e (Chromium)', () => {
  const report = path.join(tmp, 'e2e.json');
  // The journeys' server serves the bundle the step before just built, instead of building it again.
  const built = results.some((r) => r.name === 'web build' && r.failed === 0);
  const r = run(
    'npx',
    ['playwright', 'test', '--config', 'packages/web/playwright.config.ts', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...(built ? { MILEPOST_E2E_BUILT: '1' } : {}) },
    },
  );
  return counts(report, r, (j) => {
    // No retries (playwright.config.ts): a journey that fails once is a failure. A flaky count can only
    // come from a config that retries again; it is counted as failed, never hidden.
    return {
      passed: j.stats?.expected ?? 0,
      failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0) + (j.errors?.length ?? 0),
      failures: playwrightFailures(j),
    };
  });
});
step('GitLab clients (python-gitlab, its CLI, the Ruby gem)', () => {
  const report = path.join(tmp, 'clients.json');
  const r = run('node', ['scripts/client-checks.mjs', '--json', report]);
  return counts(report, r, (j) => ({
    passed: j.passed,
    failed: j.failed,
    failures: (j.scripts ?? []).filter((s) => s.failed > 0).map((s) => failure(s.name, s.failures?.join('; '))),
  }));
});
step('server integration (external PostgreSQL 15)', () => {
  const pg = externalPostgres(tmp, 15);
  if (!pg) {
    process.stdout.write(
      'PostgreSQL 15 binaries are not installed (apt-get install postgresql-15); this step cannot run.\n',
    );
    return { passed: 0, failed: process.env.CI ? 1 : 0, seconds: 0 };
  }
  try {
    return vitest('server', { DATABASE_URL: pg.url, MILEPOST_EXPECT_PG_MAJOR: '15' }, [
      ...serverArgs,
      ...EMBEDDED_ONLY.map((file) => `--exclude=${file}`),
    ]);
  } finally {
    pg.stop();
  }
});

const total = results.reduce((n, r) => n + r.seconds, 0);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write('\nSummary:\n');
const SHOWN = 10;
for (const r of results) {
  process.stdout.write(
    `  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)\n`,
  );
  const failures = r.failures ?? [];
  for (const f of failures.slice(0, SHOWN))
    process.stdout.write(`      ✗ ${f.where}${f.message ? `: ${f.message}` : ''}\n`);
  if (failures.length > SHOWN) process.stdout.write(`      … and ${failures.length - SHOWN} more (above)\n`);
}
process.stdout.write(`  (${total.toFixed(0)} s in all)\n`);
fs.rmSync(tmp, { recursive: true, force: true });
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
