/**
 * The embedded PostgreSQL's port is Milepost's own choice: when another process takes it between
 * the check that it is free and PostgreSQL's bind (a busy machine's client connections take local
 * ports all the time), Milepost starts PostgreSQL on another free port instead of failing to start.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

it('starts PostgreSQL on another port when its port is taken', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-port-'));
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const taken = (holder.address() as net.AddressInfo).port;
  const notices: string[] = [];
  const database = await startEmbeddedPostgres(dir, { port: taken, notice: (line) => notices.push(line) });
  try {
    expect(new URL(database.url).port).not.toBe(String(taken));
    expect(notices).toEqual([
      `Port ${taken} was taken before the embedded PostgreSQL could listen on it; trying another …`,
    ]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  } finally {
    await database.stop();
    holder.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
