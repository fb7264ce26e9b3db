/**
 * Opens the database the server uses, for the bench commands: `DATABASE_URL` when set; else the
 * embedded PostgreSQL in the data directory — the running one (found through its `postmaster.pid`
 * and the password file beside it) when a server holds the data directory, or started here for
 * the command (and stopped after it) when none does. Without the web requests' 15 s limit per
 * statement: a bulk command's statements (the seeder's date recomputation of 100,000 epics on a
 * loaded machine) may take longer.
 */
const BULK = { ...DEFAULT_TIMEOUTS, statementTimeoutMs: 0 };

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config.ts';
import { connect, type Database, DEFAULT_TIMEOUTS } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';

export async function openServerDatabase(
  config: Config,
  log: (line: string) => void,
): Promise<{ database: Database; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    const database = connect(config.databaseUrl, 4, 0, {}, BULK);
    return { database, close: () => database.close() };
  }
  let release: () => void;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // A server is running on this data directory: use its PostgreSQL.
    const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
    const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
    const password = fs.readFileSync(path.join(config.dataDir, 'postgres.password'), 'utf8').trim();
    if (!Number.isInteger(port) || port <= 0) throw new Error(`Could not read the PostgreSQL port from ${pidFile}`);
    log(`Using the running server's PostgreSQL (port ${port}, data directory ${config.dataDir})`);
    const database = connect(
      `postgres://milepost:${encodeURIComponent(password)}@127.0.0.1:${port}/milepost`,
      4,
      0,
      {},
      BULK,
    );
    return { database, close: () => database.close() };
  }
  try {
    log(`Starting the embedded PostgreSQL in ${config.dataDir} …`);
    const embedded = await startEmbeddedPostgres(config.dataDir);
    const database = connect(embedded.url, 4, 0, {}, BULK);
    return {
      database,
      close: async () => {
        await database.close();
        await embedded.stop();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
