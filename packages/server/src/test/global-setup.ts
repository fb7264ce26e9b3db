/**
 * Starts one PostgreSQL for the whole run (embedded in a temp dir, or the server in DATABASE_URL),
 * and builds a migrated template database that each test file clones (CREATE DATABASE … TEMPLATE).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-test-'));
    fs.chmodSync(tmp, 0o755);
    // The suite's files run side by side, each with its own database and pools (the servers some
    // start open ten connections each): at PostgreSQL's default of 100 the run peaked at 92 here and
    // once went over ("too many clients"). The PostgreSQL 15 run's cluster also has 200.
    const embedded = await startEmbeddedPostgres(tmp, { database: 'postgres', settings: { max_connections: '200' } });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `milepost_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (stopEmbedded) {
    // The test cluster is thrown away after the run: no disk flush per commit (the server in
    // DATABASE_URL belongs to someone else and keeps its settings).
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
      await admin.query(`ALTER SYSTEM SET ${setting} = off`);
    await admin.query('SELECT pg_reload_conf()');
  }
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const db = connect(templateUrl.toString(), 2);
  await migrate(db.pool);
  await db.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'milepost_test_%' OR datname = $1`,
      [template],
    );
    for (const row of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await stopEmbedded?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
