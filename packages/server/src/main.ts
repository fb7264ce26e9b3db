/**
 * Starts Milepost: reads the config, locks the data directory, starts the embedded PostgreSQL
 * (or connects to DATABASE_URL), applies migrations, creates root and the demo on first start,
 * and serves the API and the web app on one port. SIGINT/SIGTERM stop everything cleanly.
 */
import { buildApp } from './app.ts';
import { ensureRootUser } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connect, type Database } from './db/client.ts';
import { type EmbeddedDatabase, EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { MigrationError, migrate } from './db/migrate.ts';
import { loadDemo } from './demo/demo.ts';

const started = Date.now();
const log = (line: string) => process.stdout.write(`${line}\n`);
const fail = (message: string): never => {
  process.stderr.write(`milepost: ${message}\n`);
  process.exit(1);
};

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }

  let release: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  const cleanup = async () => {
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    release?.();
  };

  try {
    let url = config.databaseUrl;
    if (!url) {
      release = lockDataDir(config.dataDir);
      log(`Starting the embedded PostgreSQL in ${config.dataDir} …`);
      embedded = await startEmbeddedPostgres(config.dataDir, { notice: log });
      url = embedded.url;
    }
    database = connect(url, config.dbPoolSize, config.dbPoolTimeoutMs);
    const applied = await migrate(database.pool);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    const { app, services } = await buildApp({ config, database, logger: { level: config.logLevel } });
    const fresh = await ensureRootUser(services, config, log);
    if (fresh && config.demo) await loadDemo(services, config, log);

    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log(`Received ${signal}, stopping …`);
      await app.close().catch(() => {});
      await cleanup();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));

    await app.listen({ port: config.port, host: config.host });
    log(`Milepost is ready on ${config.externalUrl} (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    await cleanup();
    if (error instanceof DataDirLockedError || error instanceof MigrationError || error instanceof EmbeddedPostgresError)
      return fail(error.message);
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE')
      return fail(`Port ${config.port} is already in use. Set PORT to another port.`);
    return fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

void main();
