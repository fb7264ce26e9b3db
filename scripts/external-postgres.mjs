/**
 * Starts Debian's PostgreSQL (of the given major version) in a temporary directory on a free
 * loopback port, as the `postgres` system user when we are root. Returns {url, stop} or null when
 * the binaries are missing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function freePortSync() {
  // A port in the dynamic range not currently listening (checked with a quick connect attempt list).
  const used = new Set(
    (spawnSync('ss', ['-ltnH'], { encoding: 'utf8' }).stdout || '')
      .split('\n')
      .map((l) => Number(l.trim().split(/\s+/)[3]?.split(':').pop()))
      .filter(Boolean),
  );
  for (let i = 0; i < 200; i++) {
    const port = 40000 + Math.floor(Math.random() * 20000);
    if (!used.has(port)) return port;
  }
  return 54329;
}

export function externalPostgres(tmpRoot, major) {
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!fs.existsSync(path.join(bin, 'initdb'))) return null;
  const dir = fs.mkdtempSync(path.join(tmpRoot, `pg${major}-`));
  fs.chmodSync(tmpRoot, 0o755);
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = (cmd, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = freePortSync();
  const pwfile = path.join(dir, 'pw');
  fs.writeFileSync(pwfile, 'milepost\n');
  if (asRoot) execFileSync('chown', ['postgres:postgres', pwfile]);
  const [c1, a1] = as(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'milepost',
    `--pwfile=${pwfile}`,
    '-A',
    'scram-sha-256',
    '--no-sync',
  ]);
  execFileSync(c1, a1, { stdio: 'ignore' });
  const [c2, a2] = as(path.join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  execFileSync(c2, a2, { stdio: 'inherit' });
  return {
    url: `postgres://milepost:milepost@127.0.0.1:${port}/postgres`,
    stop: () => {
      const [c3, a3] = as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      spawnSync(c3, a3, { stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
