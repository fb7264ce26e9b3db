/**
 * Starts Milepost: reads the config, locks the data directory, starts the embedded PostgreSQL
 * (or connects to DATABASE_URL) while the rest of the code loads, applies migrations, creates root
 * and the demo on first start, and serves the API and the web app on one port. SIGINT/SIGTERM stop
 * everything cleanly; after a crash the next start cleans up (see db/embedded.ts). The ready line
 * says where the start-up time went.
 */
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { type EmbeddedDatabase, EmbeddedPostgresError, startEmbeddedPostgres } from './db/embedded.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { MigrationError, migrate } from './db/migrate.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);
const fail = (message: string): never => {
  process.stderr.write(`milepost: ${message}\n`);
  process.exit(1);
};

/** The server's code beyond start-up plumbing: loaded while PostgreSQL starts (both take a while). */
const loadServerCode = () =>
  Promise.all([import('./db/client.ts'), import('./app.ts'), import('./bootstrap.ts'), import('./demo/demo.ts')]).then(
    ([client, app, bootstrap, demo]) => ({ ...client, ...app, ...bootstrap, ...demo }),
  );

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

  const timer = startupTimer();
  // Loading the code keeps this thread busy for a while: start it once initdb/PostgreSQL run in their
  // own processes, so the two overlap.
  let startLoading = () => {};
  const code = timer.time(
    'code',
    new Promise<void>((resolve) => {
      startLoading = resolve;
    }).then(loadServerCode),
  );
  code.catch(() => {}); // awaited below; a failure is reported there
  try {
    let url = config.databaseUrl;
    if (!url) {
      release = lockDataDir(config.dataDir);
      log(`Starting the embedded PostgreSQL in ${config.dataDir} …`);
      embedded = await timer.time(
        'database',
        startEmbeddedPostgres(config.dataDir, { notice: log, busy: () => startLoading() }),
      );
      url = embedded.url;
    }
    startLoading();
    const { connect, buildApp, ensureRootUser, loadDemoDurably } = await code;
    database = connect(url, config.dbPoolSize, config.dbPoolTimeoutMs, {}, config.database);
    const applied = await timer.time('migrations', migrate(database.pool));
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    const { app, fresh } = await timer.time(
      'app',
      (async () => {
        const built = await buildApp({ config, database, logger: { level: config.logLevel } });
        return { ...built, fresh: await ensureRootUser(built.services, config, log) };
      })(),
    );
    // The app readies its plugins and routes while the demo waits on the database.
    await Promise.all([
      app.ready(),
      fresh && config.demo ? timer.time('demo', loadDemoDurably(url, config, log)) : undefined,
    ]);

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

    await timer.time('listen', app.listen({ port: config.port, host: config.host }));
    log(`Milepost is ready on ${config.externalUrl} in ${timer.summary()}`);
  } catch (error) {
    await cleanup();
    if (
      error instanceof DataDirLockedError ||
      error instanceof MigrationError ||
      error instanceof EmbeddedPostgresError
    )
      return fail(error.message);
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE')
      return fail(`Port ${config.port} is already in use. Set PORT to another port.`);
    return fail(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Where start-up time goes. The total counts from the process's own start; `node` is the time
 * until start-up began (Node and the start-up code loading); `time(phase, promise)` records how
 * long a phase took (phases may overlap: the rest of the code loads while PostgreSQL starts).
 */
function startupTimer() {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const phases: [string, number][] = [['node', performance.now()]];
  return {
    async time<T>(phase: string, work: Promise<T>): Promise<T> {
      const began = performance.now();
      const result = await work;
      phases.push([phase, performance.now() - began]);
      return result;
    },
    summary: () =>
      `${seconds(performance.now())} (${phases.map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')})`,
  };
}

void main();
