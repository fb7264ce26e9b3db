import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import type { Services } from './modules/services.ts';

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
