/**
 * Durability and crash recovery, end to end: the real server process (main.ts) on a temp data
 * directory takes REST writes, is killed with SIGKILL while writes are in flight — alone, with its
 * watchdog, or with its PostgreSQL — and the next start on the same directory comes up by itself and
 * still has every write it acknowledged. Linux only: it finds processes through /proc.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { alive, postgresProcessesIn } from './db/processes.ts';
import { type ServerProcess, spawnServer } from './test/server-process.ts';

const PASSWORD = 'crash-test-password';

describe.skipIf(process.platform !== 'linux')('crash recovery', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-crash-'));
  const pgDir = path.join(dataDir, 'postgres');
  let server: Server | undefined;
  let port = 0;
  let token = '';
  let projectId = 0;
  /** Every issue the server acknowledged (201), by iid: what must survive any crash. */
  const acknowledged = new Map<number, string>();

  type Server = ServerProcess;

  async function start(): Promise<Server> {
    const started = spawnServer({
      PORT: String(port),
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_DEMO: 'no',
      MILEPOST_ROOT_PASSWORD: PASSWORD,
    });
    server = started;
    if (!(await started.printed('Milepost is ready'))) throw new Error(`The server did not start:\n${started.out()}`);
    return started;
  }

  async function api(method: string, route: string, body?: unknown): Promise<Response> {
    return await fetch(`http://127.0.0.1:${port}/api/v4${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function postmasterPid(): number {
    return Number.parseInt(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
  }

  /** The watchdog shells guarding this data directory's PostgreSQL. */
  function watchdogs(): number[] {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          return command.includes('milepost-watchdog') && command.includes(pgDir);
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  async function gone(pids: number[], ms = 15_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (pids.some(alive) && Date.now() < until) await sleep(25);
    return !pids.some(alive);
  }

  function kill(pids: number[], signal: NodeJS.Signals = 'SIGKILL') {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  }

  /**
   * Eight writers create issues as fast as the server answers; once `count` more are acknowledged,
   * `crash` runs while the other requests are still in flight. Returns how many were in flight.
   */
  async function writeUntilCrash(count: number, crash: () => void): Promise<number> {
    const target = acknowledged.size + count;
    let inFlight = 0;
    let crashed = false;
    let crashedWith = 0;
    const writer = async (w: number) => {
      for (let n = 0; !crashed; n++) {
        const title = `durable ${acknowledged.size} ${w}-${n}`;
        inFlight++;
        try {
          const response = await api('POST', `/projects/${projectId}/issues`, { title });
          if (response.status !== 201) throw new Error(`create answered ${response.status}`);
          const issue = (await response.json()) as { iid: number; title: string };
          acknowledged.set(issue.iid, issue.title);
        } catch (error) {
          if (!crashed) throw error;
          return; // the server died under this request: not acknowledged, so it may or may not exist
        } finally {
          inFlight--;
        }
        if (!crashed && acknowledged.size >= target) {
          crashed = true;
          crashedWith = inFlight;
          crash();
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    return crashedWith;
  }

  /** Every acknowledged issue is there, with its title. */
  async function expectAcknowledgedWrites() {
    const found = new Map<number, string>();
    for (let page = 1; ; page++) {
      const response = await api('GET', `/projects/${projectId}/issues?per_page=100&page=${page}&sort=asc`);
      expect(response.status).toBe(200);
      const issues = (await response.json()) as { iid: number; title: string }[];
      for (const issue of issues) found.set(issue.iid, issue.title);
      if (issues.length < 100) break;
    }
    const missing = [...acknowledged].filter(([iid, title]) => found.get(iid) !== title);
    expect(missing).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(0);
  }

  async function restart(): Promise<Server> {
    const before = Date.now();
    const restarted = await start();
    // A figure for the report, not an assertion: speed is measured, never asserted.
    console.log(`restart after the crash: ${((Date.now() - before) / 1000).toFixed(1)} s`);
    return restarted;
  }

  beforeAll(async () => {
    port = await freePort();
    await start();
    const grant = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'root', password: PASSWORD }),
    });
    expect(grant.status).toBe(200);
    token = ((await grant.json()) as { access_token: string }).access_token;
    const group = await api('POST', '/groups', { name: 'Durable', path: 'durable' });
    expect(group.status).toBe(201);
    const groupId = ((await group.json()) as { id: number }).id;
    const project = await api('POST', '/projects', { name: 'Durable', namespace_id: groupId });
    expect(project.status).toBe(201);
    projectId = ((await project.json()) as { id: number }).id;
  }, 120_000);

  afterAll(async () => {
    // Whatever failed, leave no process behind: the server, its watchdog, its PostgreSQL.
    const child = server?.child;
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      kill([child.pid], 'SIGTERM');
      if (!(await gone([child.pid], 10_000))) kill([child.pid]);
    }
    kill(watchdogs());
    const postgres = postgresProcessesIn(pgDir);
    kill(postgres, 'SIGQUIT');
    if (!(await gone(postgres, 5_000))) kill(postgres);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('keeps every acknowledged write when the server is killed mid-write, and its watchdog stops PostgreSQL', async () => {
    const running = server as Server;
    const postgres = postmasterPid();
    const inFlight = await writeUntilCrash(150, () => running.child.kill('SIGKILL'));
    expect(inFlight).toBeGreaterThan(0);
    await running.exited;
    // No orphan: the watchdog gave the database a fast shutdown as soon as its server died.
    expect(await gone([postgres])).toBe(true);
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);

    await restart();
    await expectAcknowledgedWrites();
  }, 60_000);

  it('stops a PostgreSQL that outlived its server and watchdog, then starts by itself', async () => {
    const running = server as Server;
    const postgres = postmasterPid();
    const guards = watchdogs();
    expect(guards).toHaveLength(1);
    await writeUntilCrash(100, () => kill([running.child.pid as number, ...guards]));
    await running.exited;
    await sleep(300);
    expect(alive(postgres)).toBe(true); // the orphan the next start must deal with

    const restarted = await restart();
    expect(restarted.out()).toContain(`A PostgreSQL (pid ${postgres}) is still running in ${pgDir}`);
    expect(alive(postgres)).toBe(false);
    expect(postmasterPid()).not.toBe(postgres);
    await expectAcknowledgedWrites();
  }, 60_000);

  it('recovers when the server and its PostgreSQL are killed together, even if their pid is reused', async () => {
    const running = server as Server;
    const postgres = postgresProcessesIn(pgDir);
    expect(postgres).toContain(postmasterPid());
    await writeUntilCrash(100, () => kill([running.child.pid as number, ...watchdogs(), ...postgres]));
    await running.exited;
    expect(await gone(postgres)).toBe(true);
    // As after a container restart: the pid in postmaster.pid now belongs to an unrelated process.
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const pidFile = path.join(pgDir, 'postmaster.pid');
      const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
      fs.writeFileSync(pidFile, [String(stranger.pid), ...lines.slice(1)].join('\n'));

      const restarted = await restart();
      expect(restarted.out()).toContain(`its pid ${stranger.pid} is now an unrelated process`);
      expect(stranger.exitCode).toBe(null); // left alone
    } finally {
      stranger.kill('SIGKILL');
    }
    await expectAcknowledgedWrites();
  }, 60_000);

  it('explains a PostgreSQL that does not start, and starts again once the cause is gone', async () => {
    const running = server as Server;
    const guards = watchdogs();
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(await gone(guards)).toBe(true); // a clean stop stands the watchdog down
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    const conf = path.join(pgDir, 'postgresql.auto.conf');
    const original = fs.readFileSync(conf, 'utf8');
    fs.appendFileSync(conf, "shared_buffers = 'lots'\n");
    try {
      await expect(start()).rejects.toThrow('The server did not start');
      const failed = server as Server;
      expect(await failed.exited).toBe(1);
      expect(failed.out()).toContain(`milepost: The embedded PostgreSQL in ${pgDir} did not start`);
      expect(failed.out()).toContain('shared_buffers');
      expect(failed.out()).not.toContain('TypeError');
    } finally {
      fs.writeFileSync(conf, original);
    }
    await start();
    await expectAcknowledgedWrites();
  }, 60_000);
});
