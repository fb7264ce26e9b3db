/** First start: the administrator `root` is created once, on an empty database only. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureRootUser } from './bootstrap.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** Fresh, empty databases: one per scenario (made up front, so their hooks belong to the file). */
const apps: TestApp[] = [];
beforeAll(async () => {
  apps.push(...(await Promise.all(Array.from({ length: 5 }, () => createTestApp()))));
});

async function emptyApp() {
  const t = apps.pop() as TestApp;
  expect(await t.services.users.count()).toBe(0);
  return t;
}

/** Every user, straight from the table. */
async function users(t: TestApp) {
  const res = await t.database.pool.query<{ username: string; admin: boolean; state: string }>(
    'SELECT username, admin, state FROM users ORDER BY id',
  );
  return res.rows;
}

describe('ensureRootUser', () => {
  it('creates root, an administrator, with MILEPOST_ROOT_PASSWORD, once, without printing the password', async () => {
    const t = await emptyApp();
    const config = { ...t.config, rootPassword: 'root-secret-from-env' };
    const lines: string[] = [];
    expect(await ensureRootUser(t.services, config, (l) => lines.push(l))).toBe(true);
    expect(await users(t)).toEqual([{ username: 'root', admin: true, state: 'active' }]);
    expect((await t.services.auth.checkCredentials('root', 'root-secret-from-env')).username).toBe('root');
    expect(lines.join('\n')).toContain('MILEPOST_ROOT_PASSWORD');
    expect(lines.join('\n')).not.toContain('root-secret-from-env');

    const again: string[] = [];
    expect(
      await ensureRootUser(t.services, { ...config, rootPassword: 'another-password' }, (l) => again.push(l)),
    ).toBe(false);
    expect(again).toEqual([]);
    expect(await users(t)).toHaveLength(1);
    await expect(t.services.auth.checkCredentials('root', 'another-password')).rejects.toThrow();
  });

  it('generates a password when none is set, prints it once, and it signs in', async () => {
    const t = await emptyApp();
    const config = { ...t.config, rootPassword: undefined };
    const lines: string[] = [];
    expect(await ensureRootUser(t.services, config, (l) => lines.push(l))).toBe(true);
    const printed = lines.map((l) => /^\s*password: (\S+)$/.exec(l)?.[1]).filter(Boolean);
    expect(printed).toHaveLength(1);
    const password = printed[0] as string;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(lines.some((l) => /^\s*username: root$/.test(l))).toBe(true);
    expect((await t.services.auth.checkCredentials('root', password)).admin).toBe(true);

    const again: string[] = [];
    expect(await ensureRootUser(t.services, config, (l) => again.push(l))).toBe(false);
    expect(again.join('\n')).not.toContain(password);
    expect(again).toEqual([]);
  });

  it('generates a different password on every fresh install', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i++) {
      const t = await emptyApp();
      const lines: string[] = [];
      await ensureRootUser(t.services, { ...t.config, rootPassword: undefined }, (l) => lines.push(l));
      passwords.push(lines.map((l) => /password: (\S+)/.exec(l)?.[1]).find(Boolean) as string);
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });

  it('does nothing on a database that already has users', async () => {
    const t = await emptyApp();
    const someone = await t.buildUser({ username: 'someone' });
    const lines: string[] = [];
    expect(
      await ensureRootUser(t.services, { ...t.config, rootPassword: 'root-secret-from-env' }, (l) => lines.push(l)),
    ).toBe(false);
    expect(lines).toEqual([]);
    expect(await users(t)).toEqual([{ username: someone.username, admin: false, state: 'active' }]);
  });
});
