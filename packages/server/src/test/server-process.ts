/**
 * The real server process (main.ts) for end-to-end start-up tests: spawned on a data directory with
 * the given environment, its output collected, waited for by what it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type ServerProcess = {
  child: ChildProcess;
  /** everything it printed so far (stdout and stderr) */
  out: () => string;
  /** its exit code (null when a signal ended it) */
  exited: Promise<number | null>;
  /** true once it printed `text`; false if it exited first or `ms` passed */
  printed: (text: string, ms?: number) => Promise<boolean>;
};

const SERVER_DIR = path.join(import.meta.dirname, '..', '..');

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'src', 'main.ts')], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '', MILEPOST_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const printed = async (text: string, ms = 60_000) => {
    const until = Date.now() + ms;
    while (!out.includes(text)) {
      if (ended || Date.now() > until) return out.includes(text);
      await sleep(25);
    }
    return true;
  };
  return { child, out: () => out, exited, printed };
}
