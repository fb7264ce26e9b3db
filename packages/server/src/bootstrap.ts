import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { connectOne, type Db } from './db/client.ts';
import { allOrNothing } from './db/transaction.ts';
import { loadDemo } from './demo/demo.ts';
import { createServices, type Services } from './modules/services.ts';

/** True on an empty database (no users yet): the first start, which creates root and the demo. */
export async function isFirstStart(db: Db, config: Config): Promise<boolean> {
  return (await createServices(db, config).users.count()) === 0;
}

/**
 * First start on an empty database: creates the administrator `root` with MILEPOST_ROOT_PASSWORD,
 * or a generated password printed once. Returns what to print.
 */
export async function ensureRootUser(
  services: Services,
  config: Config,
  log: (line: string) => void,
): Promise<boolean> {
  if ((await services.users.count()) > 0) return false;
  const generated = !config.rootPassword;
  const password = config.rootPassword ?? randomBytes(15).toString('base64url');
  await services.users.create('system', {
    username: 'root',
    name: 'Administrator',
    email: 'admin@example.com',
    password,
    admin: true,
  });
  if (generated) {
    log('');
    log('  Created the administrator account. This password is shown only once:');
    log(`    username: root`);
    log(`    password: ${password}`);
    log('');
  } else {
    log('Created the administrator account root with the password from MILEPOST_ROOT_PASSWORD.');
  }
  return true;
}

/**
 * The first start on an empty database, all or nothing: `root` and, unless MILEPOST_DEMO=no, the
 * demo, through the services as always, in ONE transaction on a connection of its own. Interrupted
 * anywhere (`signal`, a crash, a failure), it leaves the database as it was, so the next start
 * simply does it all again: nothing is ever half loaded. What it has to say (passwords among it)
 * is printed only once it is committed, and an interruption that comes while it commits waits for
 * the commit. One transaction is also quick: no commit per service call, one WAL flush at the end.
 * Returns false when the database already has users.
 */
export async function setUpFirstStart(
  url: string,
  config: Config,
  log: (line: string) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const lines: string[] = [];
  const loader = await connectOne(url);
  let committing = false;
  const interrupt = () => {
    if (!committing) loader.interrupt();
  };
  signal?.addEventListener('abort', interrupt, { once: true });
  try {
    if (signal?.aborted) throw new Error('interrupted');
    const created = await allOrNothing(loader.db, async (tx) => {
      const services = createServices(tx, config);
      if (!(await ensureRootUser(services, config, (line) => lines.push(line)))) return false;
      if (config.demo) await loadDemo(services, config, (line) => lines.push(line));
      committing = true;
      return true;
    });
    for (const line of lines) log(line);
    return created;
  } finally {
    signal?.removeEventListener('abort', interrupt);
    await loader.close();
  }
}
