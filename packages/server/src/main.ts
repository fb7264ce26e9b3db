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

/**
 * The code the first start needs (the database client, the services, root and the demo): loaded
 * while PostgreSQL starts. The rest (the HTTP app, GraphQL) is loaded after it, while the demo loads:
 * both take a while, and the demo mostly waits for PostgreSQL.
 */
const loadStartCode = () =>
  Promise.all([import('./db/client.ts'), import('./bootstrap.ts')]).then(([client, bootstrap]) => ({
    ...client,
    ...bootstrap,
  }));
const loadAppCode = () => import('./app.ts');

/** A stop asked for (SIGINT/SIGTERM) while starting: the start-up stops at the next step. */
class StopRequested extends Error {}

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
  let app: { close: () => Promise<unknown> } | undefined;
  /** The warm-up after the ready line, while it runs: a stop waits for it before closing the pool. */
  let warming: Promise<unknown> | undefined;
  const cleanup = async () => {
    // The warm-up stops at its next request (it has the stop's signal); its request under way ends
    // first, so it never meets a closed pool ('Cannot use a pool after calling end on the pool').
    await warming?.catch(() => {});
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    release?.();
  };

  // A signal at any moment stops cleanly: while starting, the start-up stops at its next step (the
  // first start's set-up is interrupted at once and rolls back); once running, right away.
  const stopping = new AbortController();
  let running = false;
  let firstStart = false;
  const stop = async () => {
    await cleanup();
    log('Stopped.');
    process.exit(0);
  };
  const onSignal = (signal: string) => {
    if (stopping.signal.aborted) return;
    log(`Received ${signal}, stopping …`);
    stopping.abort();
    if (running) void stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => onSignal(signal));
  /** Waits for a start-up step; a stop asked for meanwhile ends the start-up there. */
  const step = async <T>(work: Promise<T>): Promise<T> => {
    try {
      const result = await work;
      if (stopping.signal.aborted) throw new StopRequested();
      return result;
    } catch (error) {
      // A step that failed because of the stop (Ctrl-C reaches PostgreSQL too) is just the stop.
      throw stopping.signal.aborted ? new StopRequested() : error;
    }
  };

  const timer = startupTimer();
  // Loading the code keeps this thread busy for a while: start it once initdb/PostgreSQL run in their
  // own processes, so the two overlap; the app's code loads later, alongside the demo.
  let startLoading = () => {};
  const loading = new Promise<void>((resolve) => {
    startLoading = resolve;
  });
  const code = timer.time('code', loading.then(loadStartCode));
  code.catch(() => {}); // awaited below; a failure is reported there
  try {
    let url = config.databaseUrl;
    if (!url) {
      release = lockDataDir(config.dataDir);
      log(`Starting the embedded PostgreSQL in ${config.dataDir} …`);
      const starting = startEmbeddedPostgres(config.dataDir, {
        notice: log,
        busy: () => startLoading(),
        phase: timer.record,
      });
      // Stopped meanwhile: the database is stopped once it is up (or has failed).
      embedded = await step(timer.time('database', starting)).catch(async (error) => {
        embedded = await starting.catch(() => undefined);
        throw error;
      });
      url = embedded.url;
    }
    startLoading();
    const { connect, isFirstStart, setUpFirstStart } = await step(code);
    database = connect(url, config.dbPoolSize, config.dbPoolTimeoutMs, {}, config.database);
    const applied = await step(timer.time('migrations', migrate(database.pool)));
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    // An empty database: root and the demo, all or nothing, while the app's code loads and the app
    // readies its plugins and routes.
    firstStart = await step(isFirstStart(database.db, config));
    if (firstStart && config.demo) log('First start: creating the administrator account and loading the demo …');
    const setUp = async () => {
      await setUpFirstStart(url, config, log, stopping.signal);
      firstStart = false;
    };
    const settingUp = firstStart ? timer.time(config.demo ? 'demo' : 'root', setUp()) : undefined;
    settingUp?.catch(() => {}); // awaited below
    // The app's code loads now, not while the pool connects and migrates: loading keeps this thread
    // busy, and a busy machine could then make a connection attempt time out.
    let warmUp = async () => ({ ms: 0, opened: 0, stopped: false });
    const building = timer.time(
      'app',
      loadAppCode().then(async (code) => {
        const built = await code.buildApp({
          config,
          database: database as Database,
          logger: { level: config.logLevel },
        });
        app = built.app;
        await built.app.ready();
        warmUp = () => code.warmUp(built.app, database as Database, config.dbPoolSize, stopping.signal);
        return built.app;
      }),
    );
    building.catch(() => {}); // awaited below
    const [ready] = await step(
      Promise.all([
        building,
        settingUp,
        // Nothing is acknowledged before a new database is on disk.
        embedded?.durable,
      ]),
    );
    const address = await step(timer.time('listen', ready.listen({ port: config.port, host: config.host })));
    running = true;
    // PORT=0 listens on any free port: the line names the one it got.
    log(`Milepost is ready on ${config.port === 0 ? address : config.externalUrl} in ${timer.summary()}`);
    // Ready first, then warm (decision 0066): the first requests find open connections and compiled
    // code; one that comes meanwhile is served as always.
    warming = warmUp().then(
      ({ ms, opened, stopped }) => {
        if (!stopped)
          log(
            `Warmed up in ${(ms / 1000).toFixed(1)} s (${opened} database connections opened, the common requests run once).`,
          );
      },
      () => {},
    );
  } catch (error) {
    if (error instanceof StopRequested) {
      if (firstStart)
        log(
          config.demo
            ? 'The first start was stopped before the demo was loaded: nothing of it was kept, and the next start sets it up again.'
            : 'The first start was stopped before the administrator account was created: the next start creates it.',
        );
      return await stop();
    }
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
 * long a phase took, `record` one timed elsewhere (phases may overlap: the rest of the code loads
 * while PostgreSQL starts; `database` holds `initdb` and `postgres`, and `sync` runs beside them).
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
    record: (phase: string, ms: number) => {
      phases.push([phase, ms]);
    },
    summary: () =>
      `${seconds(performance.now())} (${phases.map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')})`,
  };
}

void main();
