/**
 * What the operating system says about other processes: whether a pid runs, when it started, and
 * which PostgreSQL processes work in a given data directory. Linux answers through /proc; elsewhere
 * `ps` answers what it can, and the rest is reported as unknown.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Whether /proc answers (Linux): then the lingering processes of a data directory can be seen. */
export const hasProc = fs.existsSync('/proc/self/stat');

/**
 * Whether a process with this pid runs (one we may not signal counts). A zombie — killed, not yet
 * reaped by its parent — does not.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !['Z', 'X'].includes(procStat(pid)?.[0] ?? '');
}

/** The fields of /proc/<pid>/stat after the command name (state first); undefined where unknown. */
function procStat(pid: number): string[] | undefined {
  if (!hasProc) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When the process started, in clock ticks since boot (Linux); undefined where unknown. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

function realpath(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}

/** Whether the process runs the `postgres` executable with its working directory in `dataDir`. */
function isPostgresIn(pid: number, dataDir: string): boolean {
  try {
    const exe = path.basename(fs.readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, ''));
    return exe === 'postgres' && fs.readlinkSync(`/proc/${pid}/cwd`) === dataDir;
  } catch {
    return false; // gone, or not ours to inspect
  }
}

/**
 * Whether `pid` is the PostgreSQL server (postmaster) of `dataDir`: PostgreSQL's processes work
 * inside their data directory. Undefined when the platform cannot tell.
 */
export function isPostgresOf(pid: number, dataDir: string): boolean | undefined {
  if (hasProc) return isPostgresIn(pid, realpath(dataDir));
  try {
    const command = execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return /(^|\/)postgres\s/.test(command) && command.includes(dataDir);
  } catch {
    return undefined; // no such process, or no `ps`: postgres itself will judge its pid file
  }
}

/**
 * Every PostgreSQL process (postmaster or backend) working in `dataDir` (Linux only; elsewhere an
 * empty list). After the postmaster is killed its backends linger a moment; a new server must wait.
 */
export function postgresProcessesIn(dataDir: string): number[] {
  if (!hasProc) return [];
  const dir = realpath(dataDir);
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => isPostgresIn(pid, dir));
}
