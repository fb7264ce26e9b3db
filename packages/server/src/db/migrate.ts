import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export class MigrationError extends Error {}

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;

/** Lists the SQL migration files in order: `NNNN_name.sql`. Any other `.sql` file is a mistake, not skipped. */
export function migrationFiles(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  const files = fs.readdirSync(dir);
  const misnamed = files.filter((f) => f.endsWith('.sql') && !MIGRATION_NAME.test(f));
  if (misnamed.length) {
    throw new MigrationError(`Migration files must be named like 0001_snake_case.sql: ${misnamed.join(', ')}`);
  }
  return files
    .filter((f) => MIGRATION_NAME.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), file: path.join(dir, f) }));
}

/**
 * Applies every migration not yet applied, each in its own transaction, under an advisory lock so
 * that several app servers starting together apply each migration once. A failing migration is
 * rolled back whole and its error thrown, leaving the database as it was before that file.
 */
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    // A migration may rewrite a big table, and another server may hold the lock while it migrates:
    // no statement limit here (RESET restores the connection's own limit before it goes back).
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(7410001)');
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    for (const { version, file } of migrationFiles(dir)) {
      if (done.has(version)) continue;
      const sql = fs.readFileSync(file, 'utf8');
      await client.query('BEGIN');
      try {
        // Its commit need not wait for the disk: nothing is acknowledged on the strength of a
        // migration, and the next acknowledged write's commit flushes the WAL up to it (the WAL is
        // flushed in order). A crash before that loses the migration with its schema_migrations
        // row, and the next start applies it again. (One fsync fewer per migration on a first start.)
        await client.query('SET LOCAL synchronous_commit = off');
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
        await client.query('COMMIT');
        applied.push(version);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(`Migration ${version} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7410001)').catch(() => {});
    await client.query('RESET statement_timeout').catch(() => {});
    client.release();
  }
  return applied;
}
