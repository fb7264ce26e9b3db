#!/usr/bin/env node
/**
 * Real GitLab clients against a real Milepost: starts the server (tsx, embedded PostgreSQL in a temp
 * data dir, the demo), signs alice in with the OAuth password grant, gives her a personal access
 * token, then runs each client script under packages/server/clients/ (python-gitlab, its CLI, the
 * Ruby gitlab gem). Each script prints one `ok - name` / `not ok - name` line per check (with the
 * request and Milepost's answer indented under a failure); every line is one test.
 *
 *   node scripts/client-checks.mjs [--json report.json] [--only python,cli,ruby]
 *
 * Env: MILEPOST_CLIENT_PORT (default 3900 + a random offset). Exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const clients = path.join(root, 'packages/server/clients');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const reportPath = option('--json');
const only = option('--only')?.split(',');

const PASSWORD = 'client-checks-pass-123';
const port = Number(process.env.MILEPOST_CLIENT_PORT ?? 39000 + Math.floor(Math.random() * 900));
const url = `http://127.0.0.1:${port}`;

/** The client scripts: name, the program that must exist, and the command line. */
const SCRIPTS = [
  {
    name: 'python',
    needs: '/usr/bin/python3',
    cmd: ['/usr/bin/python3', path.join(clients, 'python_gitlab_checks.py')],
  },
  { name: 'cli', needs: '/usr/bin/python-gitlab', cmd: ['/usr/bin/python3', path.join(clients, 'cli_checks.py')] },
  { name: 'ruby', needs: '/usr/bin/ruby', cmd: ['/usr/bin/ruby', path.join(clients, 'ruby_gitlab_checks.rb')] },
].filter((s) => !only || only.includes(s.name));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(server, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (server.exitCode !== null) throw new Error(`Milepost exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/-/readiness`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`Milepost did not become ready on ${url} within ${seconds} s`);
}

async function json(method, pathname, body, token) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Counts a script's `ok` / `not ok` lines; a script that fails without a `not ok` line counts one failure. */
function runScript(script, env) {
  if (!fs.existsSync(script.needs)) {
    process.stdout.write(`${script.needs} is missing (apt-get install python3-gitlab gitlab-cli ruby-gitlab)\n`);
    return { name: script.name, passed: 0, failed: 1, seconds: 0 };
  }
  const started = Date.now();
  const res = spawnSync(script.cmd[0], script.cmd.slice(1), {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`;
  const lines = out.trimEnd().split('\n');
  process.stdout.write(`${lines.map((l) => (/^\s/.test(l) ? l : `[${script.name}] ${l}`)).join('\n')}\n`);
  const passed = (res.stdout ?? '').match(/^ok - /gm)?.length ?? 0;
  let failed = (res.stdout ?? '').match(/^not ok - /gm)?.length ?? 0;
  if (res.status !== 0 && failed === 0) failed = 1;
  if (passed === 0 && failed === 0) failed = 1;
  // What failed, for the closing summary of `npm test`: the `not ok` lines, else the output's last line.
  const failures = failed ? ((res.stdout ?? '').match(/^not ok - .*$/gm) ?? [lines.at(-1) ?? '']) : [];
  return { name: script.name, passed, failed, failures, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-clients-'));
  fs.chmodSync(dataDir, 0o755);
  const serverLog = path.join(dataDir, 'server.log');
  const logFd = fs.openSync(serverLog, 'a');
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: '',
      MILEPOST_DATA_DIR: path.join(dataDir, 'data'),
      MILEPOST_EXTERNAL_URL: url,
      MILEPOST_DEMO: '1',
      MILEPOST_DEMO_PASSWORD: PASSWORD,
      MILEPOST_ROOT_PASSWORD: PASSWORD,
      MILEPOST_LOG_LEVEL: 'warn',
    },
  });
  const results = [];
  try {
    const started = Date.now();
    await waitReady(server, 180);
    process.stdout.write(
      `Milepost with the demo is ready on ${url} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    );
    const oauth = await json('POST', '/oauth/token', { grant_type: 'password', username: 'alice', password: PASSWORD });
    const pat = await json(
      'POST',
      '/api/v4/user/personal_access_tokens',
      { name: 'client checks', scopes: ['api'] },
      oauth.access_token,
    );
    const env = {
      MILEPOST_URL: url,
      MILEPOST_TOKEN: pat.token,
      MILEPOST_USERNAME: 'alice',
      MILEPOST_PASSWORD: PASSWORD,
      MILEPOST_CONFIG_DIR: dataDir,
      PYTHONDONTWRITEBYTECODE: '1',
    };
    for (const script of SCRIPTS) results.push(runScript(script, env));
  } catch (error) {
    process.stdout.write(`client checks could not run: ${error.message}\n`);
    process.stdout.write(fs.readFileSync(serverLog, 'utf8').slice(-4000));
    results.push({ name: 'setup', passed: 0, failed: 1, failures: [error.message], seconds: 0 });
  } finally {
    server.kill('SIGTERM');
    for (let i = 0; i < 80 && server.exitCode === null && server.signalCode === null; i++) await sleep(250);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    fs.closeSync(logFd);
    const errors = fs
      .readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    if (errors.length)
      process.stdout.write(`Milepost logged ${errors.length} error(s):\n${errors.slice(0, 5).join('\n')}\n`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  for (const r of results)
    process.stdout.write(`  ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)\n`);
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  if (reportPath) fs.writeFileSync(reportPath, JSON.stringify({ passed, failed, scripts: results }));
  process.exit(failed > 0 ? 1 : 0);
}

await main();
