import fs from 'node:fs';
import path from 'node:path';
import { alive, processStartTime } from './processes.ts';

export class DataDirLockedError extends Error {}

/** The holder recorded in a lock file: its pid and, where the platform tells, when it started. */
function readHolder(file: string): { pid: number; started: string | undefined } | undefined {
  const [pidLine, startedLine] = fs.readFileSync(file, 'utf8').split('\n');
  const pid = Number.parseInt(pidLine?.trim() ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, started: startedLine?.trim() || undefined };
}

/**
 * Whether the process that wrote the lock still runs. A pid alone is not enough after a crash: in a
 * container the next start often gets the same small pids, so a live process with the recorded pid
 * is the holder only when it also started at the recorded time (Linux tells; elsewhere the pid is
 * trusted).
 */
function holderRuns(holder: { pid: number; started: string | undefined }): boolean {
  if (holder.pid === process.pid || !alive(holder.pid)) return false;
  const started = processStartTime(holder.pid);
  return holder.started === undefined || started === undefined || started === holder.started;
}

/**
 * Takes an exclusive lock on the data directory: a file holding our pid (and start time), created
 * with O_EXCL. A lock left by a process that no longer runs (a crash, `kill -9`) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'milepost.lock');
  const started = processStartTime(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n${started ?? ''}\n`);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readHolder(file)?.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holderRuns(holder)) {
        throw new DataDirLockedError(
          `Another Milepost server (pid ${holder.pid}) is using the data directory ${dir}. Stop it first, or set MILEPOST_DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale lock from a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
