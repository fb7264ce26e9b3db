/**
 * The real server for a benchmark, started as `npm start` starts it: `node <its flags> --import tsx
 * src/main.ts` (SERVER_NODE_FLAGS, read from packages/server/package.json)
 * on a free loopback port with a fresh temporary data directory and the demo users, then one large
 * group seeded into its embedded PostgreSQL by `seed-large-group.ts` (as `npm run bench:seed`).
 * Everything it starts is stopped by `cleanUp()`, the last started first, also on Ctrl-C; the
 * temporary directory is removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startNodeFlags } from '../src/start-flags.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
export const DEMO_PASSWORD = 'demo-password-123';

export type BenchServer = {
  baseUrl: string;
  dataDir: string;
  pid: number;
  logFile: string;
  /** from the spawn until the first answer to the readiness request */
  readyMs: number;
  /** how long that first answered request took */
  firstRequestMs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type CleanUpStep = () => Promise<void> | void;
const steps = new Set<CleanUpStep>();
let cleaning: Promise<void> | null = null;

/** Registers a clean-up step; returns its removal (for a step done early). */
export function onCleanUp(step: CleanUpStep): () => void {
  steps.add(step);
  return () => steps.delete(step);
}

/** Runs every clean-up step registered so far once, the last registered first; never throws. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    const all = [...steps].reverse();
    steps.clear();
    for (const step of all) {
      try {
        await step();
      } catch (error) {
        process.stderr.write(`clean-up: ${(error as Error).message}\n`);
      }
    }
  })().finally(() => {
    cleaning = null; // a bench that starts servers one after another cleans up after each
  });
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (cleaning) return;
    process.stderr.write(`\n${signal}: stopping the server …\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The server's environment: our data directory, never a DATABASE_URL from the caller's shell. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const out = { ...process.env, ...extra };
  delete out.DATABASE_URL;
  delete out.INIT_CWD;
  return out;
}

/**
 * The server's Node flags, those `npm start` gives it (packages/server/package.json's `start`, read
 * here so the two never differ): young-generation semi-spaces of at most 16 MB (decision 0056) and an
 * old generation of at most 1 GB, which also keeps V8 growing the heap by 1.6 times what a collection
 * leaves rather than 4 times (decision 0095).
 */
const SERVER_NODE_FLAGS = startNodeFlags();

function run(script: string, args: string[], environment: NodeJS.ProcessEnv): ChildProcess {
  const flags = script === 'src/main.ts' ? SERVER_NODE_FLAGS : [];
  return spawn(process.execPath, [...flags, '--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: Ctrl-C reaches us, and we stop it in order
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** SIGTERM, and after `graceMs` SIGKILL to its whole process group. */
export async function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const done = exited(child);
  child.kill('SIGTERM');
  if (await Promise.race([done.then(() => true), sleep(graceMs).then(() => false)])) return;
  process.stderr.write(`pid ${child.pid} did not stop in ${graceMs / 1000} s, killing it\n`);
  process.kill(-child.pid, 'SIGKILL');
  await done;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the embedded PostgreSQL of `dataDir` if it outlived its server. */
async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the server; `settings` are extra environment variables (e.g. limits). Resolves once it
 * answers `readyPath` (asked every `pollMs`).
 */
export async function startBenchServer(
  name: string,
  settings: Record<string, string>,
  log: (line: string) => void,
  { readyPath = '/-/readiness', pollMs = 250 }: { readyPath?: string; pollMs?: number } = {},
): Promise<BenchServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `milepost-${name}-`));
  fs.chmodSync(tmp, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach the data directory
  const dataDir = path.join(tmp, 'data');
  onCleanUp(() => fs.rmSync(tmp, { recursive: true, force: true }));
  onCleanUp(() => stopLeftoverPostgres(dataDir));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const logStream = fs.createWriteStream(logFile);
  log(`Starting the server on ${baseUrl} (data directory ${dataDir}) …`);
  const started = performance.now();
  const child = run(
    'src/main.ts',
    [],
    env({
      PORT: String(port),
      HOST: '127.0.0.1',
      MILEPOST_EXTERNAL_URL: baseUrl,
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_DEMO: '1',
      MILEPOST_DEMO_PASSWORD: DEMO_PASSWORD,
      MILEPOST_LOG_LEVEL: 'warn',
      ...settings,
    }),
  );
  child.stdout?.pipe(logStream, { end: false });
  child.stderr?.pipe(logStream, { end: false });
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  onCleanUp(async () => {
    await stopProcess(child, 20_000);
    logStream.end();
  });
  const tail = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; await sleep(pollMs)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${tail()}`);
    const asked = performance.now();
    const ready = await fetch(`${baseUrl}${readyPath}`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready && child.pid !== undefined) {
      const readyMs = performance.now() - started;
      log(`  ready in ${(readyMs / 1000).toFixed(1)} s`);
      return { baseUrl, dataDir, pid: child.pid, logFile, readyMs, firstRequestMs: performance.now() - asked };
    }
  }
  throw new Error(`The server was not ready within 240 s:\n${tail()}`);
}

/** Seeds `group` (epics, issues) into the server's database with `member` a Developer of it. */
export async function seedBenchGroup(
  server: BenchServer,
  opts: { group: string; member: string; epics: number; issues: number; levels?: number },
  log: (line: string) => void,
): Promise<void> {
  log(`Seeding group ${opts.group} (${opts.epics} epics, ${opts.issues} issues, ${opts.member} a Developer) …`);
  const args = ['--group', opts.group, '--member', opts.member, '--epics', String(opts.epics)];
  const child = run(
    'bench/seed-large-group.ts',
    [...args, '--issues', String(opts.issues), '--levels', String(opts.levels ?? 4)],
    env({ MILEPOST_DATA_DIR: server.dataDir }),
  );
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) log(`  ${line}`);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const remove = onCleanUp(() => stopProcess(child, 5000));
  const code = await exited(child);
  remove();
  if (code !== 0) throw new Error(`Seeding failed (exit code ${code}).`);
}
