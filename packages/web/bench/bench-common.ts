/**
 * What the web benchmarks (`npm run bench:web`: roadmap.bench.ts, discussions.bench.ts) share:
 * building the web app when its sources are newer, Debian's Chromium, signing in.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, onCleanUp, stopProcess } from '@milepost/server/bench/bench-server.ts';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const webDir = path.join(repoRoot, 'packages/web');
const sharedDir = path.join(repoRoot, 'packages/shared');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds `packages/web/dist` when it is missing or older than the sources (`auto`), always, or never. */
export async function ensureBuild(mode: 'auto' | 'always' | 'never', out: (line: string) => void): Promise<void> {
  const index = path.join(webDir, 'dist/index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(sharedDir, 'src')),
    fs.statSync(path.join(webDir, 'index.html')).mtimeMs,
  );
  if (mode === 'never' && !built) throw new Error('packages/web/dist is missing: run without --no-build.');
  if (mode === 'never' || (mode === 'auto' && built > sources)) return;
  out(built ? 'Building the web app (the sources are newer than packages/web/dist) …' : 'Building the web app …');
  const started = performance.now();
  const child = spawn('npm', ['run', 'build', '-w', '@milepost/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const remove = onCleanUp(() => stopProcess(child, 2000));
  const code = await exited(child);
  remove();
  if (code !== 0) throw new Error(`npm run build -w @milepost/web failed:\n${log.slice(-4000)}`);
  out(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Headless Debian Chromium, without Playwright's signal handlers (the caller stops the server first). */
export async function launchChromium(headed: boolean): Promise<Browser> {
  return await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: !headed,
    // Playwright's own handlers would exit the process (code 130) before the server is stopped.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs `login` in with the context's cookies (the context has the server's baseURL). */
export async function signIn(context: BrowserContext, login: string, password: string): Promise<void> {
  await context.request.get('/-/health');
  const csrf = (await context.cookies()).find((cookie) => cookie.name === '_milepost_csrf')?.value ?? '';
  const response = await context.request.post('/users/sign_in', {
    data: { login, password },
    headers: { 'X-CSRF-Token': csrf, Accept: 'application/json' },
  });
  if (response.status() !== 200) throw new Error(`Signing in as ${login} failed: HTTP ${response.status()}`);
}
