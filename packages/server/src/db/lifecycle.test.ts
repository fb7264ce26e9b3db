/**
 * Start-up plumbing: the data-directory lock, the migration runner and the configuration check.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';
import { MigrationError, migrate, migrationFiles } from './migrate.ts';

const tmpDirs: string[] = [];
/** The pid a lock file names (its first line; the second is the holder's start time). */
const lockHolder = (dir: string) => fs.readFileSync(path.join(dir, 'milepost.lock'), 'utf8').split('\n')[0];
function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  /** Another Milepost process: it takes the lock on `dir` and keeps running until killed. */
  async function otherServer(dir: string): Promise<ChildProcess> {
    const lockModule = path.join(import.meta.dirname, 'lock.ts');
    const code = `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.on('exit', (code) => reject(new Error(`the other server exited with ${code}`)));
    });
    return child;
  }

  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    return child.pid as number;
  }

  it('refuses a second server on the same directory, naming the holder and the way out', async () => {
    const dir = tmpDir('milepost-lock-');
    const other = await otherServer(dir);
    expect(lockHolder(dir)).toBe(String(other.pid));

    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(`pid ${other.pid}`);
    expect(message).toContain(dir);
    expect(message).toContain('MILEPOST_DATA_DIR');
    // The holder's lock is left alone.
    expect(lockHolder(dir)).toBe(String(other.pid));
  });

  it('takes over once the holder has died', async () => {
    const dir = tmpDir('milepost-lock-');
    const other = await otherServer(dir);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.on('exit', resolve));
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'milepost.lock'))).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')(
    'takes over a lock whose pid now belongs to a process that started later (a reused pid)',
    async () => {
      const dir = tmpDir('milepost-lock-');
      const other = await otherServer(dir);
      const [pid, started] = fs.readFileSync(path.join(dir, 'milepost.lock'), 'utf8').split('\n');
      expect(started).toMatch(/^\d+$/);
      // The same live pid, but the lock says it started at another time: not the holder.
      fs.writeFileSync(path.join(dir, 'milepost.lock'), `${pid}\n${Number(started) - 1}\n`);
      const release = lockDataDir(dir);
      expect(lockHolder(dir)).toBe(String(process.pid));
      release();
      expect(other.exitCode).toBe(null);
    },
  );

  it.each([
    ['the pid of a process that is gone', async () => `${await deadPid()}\n`],
    ['garbage', async () => 'not a pid'],
    ['nothing', async () => ''],
  ])('takes over a stale lock holding %s', async (_what, content) => {
    const dir = tmpDir('milepost-lock-');
    fs.writeFileSync(path.join(dir, 'milepost.lock'), await content());
    const release = lockDataDir(dir);
    expect(lockHolder(dir)).toBe(String(process.pid));
    release();
  });

  it('creates the directory, and release leaves alone a lock that is no longer ours', () => {
    const dir = path.join(tmpDir('milepost-lock-'), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'milepost.lock'))).toBe(true);
    fs.writeFileSync(path.join(dir, 'milepost.lock'), '1\n');
    release();
    expect(fs.readFileSync(path.join(dir, 'milepost.lock'), 'utf8')).toBe('1\n');
  });
});

describe('migrations', () => {
  const adminUrl = inject('adminDatabaseUrl');
  let name: string;
  let pool: pg.Pool;
  let dir: string;

  const write = (file: string, sql: string) => fs.writeFileSync(path.join(dir, file), sql);
  const applied = async () =>
    (await pool.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map(
      (r) => r.version,
    );
  const tables = async () =>
    (
      await pool.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      )
    ).rows.map((r) => r.t);

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  beforeEach(async () => {
    name = `milepost_test_migrate_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
    dir = tmpDir('milepost-migrations-');
  });
  afterEach(async () => {
    await pool.end();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('applies the files in order, once', async () => {
    write('0002_add_rows.sql', "INSERT INTO notes (body) VALUES ('second');");
    write('0001_create_notes.sql', 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);');
    write('README.md', 'not a migration');
    expect(await migrate(pool, dir)).toEqual(['0001_create_notes', '0002_add_rows']);
    expect(await migrate(pool, dir)).toEqual([]);
    expect(await applied()).toEqual(['0001_create_notes', '0002_add_rows']);
    expect((await pool.query('SELECT body FROM notes')).rows).toEqual([{ body: 'second' }]);
  });

  it('rolls a failing file back whole and names it; the files before it stay applied', async () => {
    write('0001_create_notes.sql', 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);');
    write(
      '0002_half_done.sql',
      `CREATE TABLE tags (name text);
       INSERT INTO notes (body) VALUES ('half');
       ALTER TABLE notes ADD COLUMN done boolean;
       SELECT * FROM no_such_table;`,
    );
    write('0003_after.sql', 'CREATE TABLE later (id int);');

    const error = await migrate(pool, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toContain('0002_half_done');
    expect((error as Error).message).toContain('relation "no_such_table" does not exist');

    expect(await applied()).toEqual(['0001_create_notes']);
    expect(await tables()).toEqual(['notes', 'schema_migrations']);
    expect((await pool.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 0 }]);
    const columns = await pool.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'notes'");
    expect(columns.rows.map((r) => r.column_name).sort()).toEqual(['body', 'id']);

    // Fixed, the run picks up where it stopped.
    write('0002_half_done.sql', 'CREATE TABLE tags (name text);');
    expect(await migrate(pool, dir)).toEqual(['0002_half_done', '0003_after']);
    expect(await tables()).toEqual(['later', 'notes', 'schema_migrations', 'tags']);
  });

  it('applies each file once when several servers start together', async () => {
    write('0001_create_notes.sql', 'CREATE TABLE notes (id serial PRIMARY KEY);');
    write('0002_seed.sql', 'INSERT INTO notes DEFAULT VALUES;');
    const other = new pg.Pool({ connectionString: new URL(`/${name}`, adminUrl).toString(), max: 1 });
    try {
      const runs = await Promise.all([migrate(pool, dir), migrate(other, dir), migrate(pool, dir)]);
      expect(runs.flat().sort()).toEqual(['0001_create_notes', '0002_seed']);
      expect((await pool.query('SELECT count(*)::int AS n FROM notes')).rows).toEqual([{ n: 1 }]);
    } finally {
      await other.end();
    }
  });

  it('refuses a .sql file whose name would make it silently skipped', () => {
    write('0001_create_notes.sql', 'SELECT 1;');
    write('0002_add-tags.sql', 'SELECT 1;');
    expect(() => migrationFiles(dir)).toThrow(MigrationError);
    expect(() => migrationFiles(dir)).toThrow('0002_add-tags.sql');
  });

  it('ships migrations that all follow the naming rule', () => {
    expect(migrationFiles().length).toBeGreaterThan(0);
    expect(migrationFiles()[0]?.version).toBe('0001_foundation');
  });
});

describe('configuration', () => {
  const problem = (env: NodeJS.ProcessEnv): string => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted the environment');
  };

  it.each([['abc'], ['-1'], ['70000'], ['80.5']])('refuses PORT=%s, naming it', (port) => {
    expect(problem({ PORT: port })).toMatch(/^Invalid configuration:\n {2}PORT: /);
  });

  it('refuses a root password under 8 characters, saying why', () => {
    expect(problem({ MILEPOST_ROOT_PASSWORD: 'short' })).toContain(
      'MILEPOST_ROOT_PASSWORD: MILEPOST_ROOT_PASSWORD must have at least 8 characters',
    );
  });

  it('lists every problem at once', () => {
    const message = problem({ PORT: 'abc', MILEPOST_ROOT_PASSWORD: 'short', MILEPOST_LOG_LEVEL: 'loud' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(['PORT', 'MILEPOST_ROOT_PASSWORD', 'MILEPOST_LOG_LEVEL']);
  });

  it('accepts a valid environment and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '', MILEPOST_ROOT_PASSWORD: 'long enough', MILEPOST_DEMO: 'no' });
    expect(config).toMatchObject({
      port: 3000,
      rootPassword: 'long enough',
      demo: false,
      externalUrl: 'http://localhost:3000',
    });
    expect(loadConfig({ PORT: '8080', MILEPOST_EXTERNAL_URL: 'https://plan.example/' }).externalUrl).toBe(
      'https://plan.example',
    );
  });
});
