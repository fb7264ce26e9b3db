/**
 * A stop asked for while Milepost starts for the first time, end to end: the real server process
 * (main.ts) on a new data directory gets SIGTERM while PostgreSQL starts and while the demo loads.
 * It stops cleanly (a clear message, exit code 0 as for any stop, its PostgreSQL stopped, the
 * data-directory lock released, no stack trace) and the next start comes up with the whole demo:
 * the first start's set-up is one transaction, so an interrupted one left nothing behind.
 * Linux only: it finds processes through /proc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresProcessesIn } from './db/processes.ts';
import { type ServerProcess, spawnServer } from './test/server-process.ts';

const ROOT_PASSWORD = 'signal-test-root-password';

describe.skipIf(process.platform !== 'linux')('a signal during the first start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-signal-'));
  const pgDir = path.join(dataDir, 'postgres');
  /** the port the ready server listens on: any free one (PORT=0), so no other process can hold it first */
  let port = 0;
  const servers: ServerProcess[] = [];

  const start = () => {
    const server = spawnServer({
      PORT: '0',
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_ROOT_PASSWORD: ROOT_PASSWORD,
      MILEPOST_DEMO_PASSWORD: 'signal-test-demo-password',
      MILEPOST_DEMO_TODAY: '2026-06-15',
    });
    servers.push(server);
    return server;
  };

  /** It stopped as a stop should: exit 0, no trace, nothing of it left running or locked. */
  async function expectCleanStop(server: ServerProcess) {
    expect(await server.exited).toBe(0);
    const out = server.out();
    expect(out).toContain('Received SIGTERM, stopping …');
    expect(out).toContain('Stopped.');
    expect(out).not.toMatch(/Error|\n\s+at /);
    expect(postgresProcessesIn(pgDir)).toEqual([]);
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'milepost.lock'))).toBe(false);
  }

  async function api(token: string, route: string) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v4${route}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return response;
  }

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    const postgres = postgresProcessesIn(pgDir);
    for (const pid of postgres) process.kill(pid, 'SIGQUIT');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('stops cleanly when stopped while its PostgreSQL starts', async () => {
    const server = start();
    expect(await server.printed('Starting the embedded PostgreSQL')).toBe(true);
    server.child.kill('SIGTERM');
    await expectCleanStop(server);
  }, 120_000);

  it('stops cleanly while loading the demo, keeps nothing of it, and the next start loads all of it', async () => {
    const server = start();
    expect(await server.printed('loading the demo …', 120_000)).toBe(true);
    await sleep(300);
    expect(server.out()).not.toContain('Loaded the demo'); // still loading: the case under test
    server.child.kill('SIGTERM');
    await expectCleanStop(server);
    expect(server.out()).toContain('The first start was stopped before the demo was loaded');
    expect(server.out()).not.toContain('Milepost is ready');

    const next = start();
    expect(await next.printed('Milepost is ready', 120_000), next.out()).toBe(true);
    port = Number(/Milepost is ready on http:\/\/127\.0\.0\.1:(\d+) /.exec(next.out())?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(next.out()).toContain('Created the administrator account root');
    expect(next.out()).toContain('Planning: 25 labels, 57 milestones, 60 epics, 300 issues, 30 comments,');

    const grant = await fetch(`http://127.0.0.1:${port}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'root', password: ROOT_PASSWORD }),
    });
    expect(grant.status).toBe(200);
    const { access_token: token } = (await grant.json()) as { access_token: string };
    // One root, ten demo users, and the whole demo: nothing doubled, nothing missing.
    const users = (await (await api(token, '/users?per_page=100')).json()) as { username: string }[];
    expect(users.map((u) => u.username).sort()).toEqual(
      ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'root'].sort(),
    );
    expect((await api(token, '/groups/acme/epics?per_page=1')).headers.get('x-total')).toBe('60');
    expect((await api(token, '/groups/acme/issues?per_page=1&scope=all')).headers.get('x-total')).toBe('300');

    next.child.kill('SIGTERM');
    await expectCleanStop(next);
  }, 300_000);

  it('stops cleanly at the ready line, while the warm-up runs', async () => {
    // The database is set up by now (the test before): this start only warms up after its ready line.
    const server = start();
    expect(await server.printed('Milepost is ready', 120_000), server.out()).toBe(true);
    server.child.kill('SIGTERM');
    await expectCleanStop(server);
    // A stop during the warm-up waits for its request under way and ends it (decision 0066): the
    // pool is never closed under it.
    expect(server.out()).not.toContain('Cannot use a pool');
  }, 180_000);
});
