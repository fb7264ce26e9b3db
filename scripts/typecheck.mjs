#!/usr/bin/env node
/**
 * `npm run typecheck`: every TypeScript project of the workspaces, checked with `tsc --noEmit`, as
 * many at a time as the machine has cores. `tsc` uses one core, so one project after another left the
 * second core of CI's machine idle (decision 0087). Each project's output is printed whole, after it
 * ends; the exit code is non-zero when any project fails.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/** The web app's project is the largest: it starts first, so the others fill the second core. */
const projects = [
  'packages/web/tsconfig.json',
  'packages/server/tsconfig.json',
  'packages/shared/tsconfig.json',
  'packages/web/tsconfig.node.json',
];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ project, ok: false, output: `${error.message}\n`, started }));
    child.on('close', (code) => resolve({ project, ok: code === 0, output, started }));
  });
}

const queue = [...projects];
const results = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const result = await check(project);
    process.stdout.write(result.output);
    const seconds = ((Date.now() - result.started) / 1000).toFixed(0);
    process.stdout.write(`${result.ok ? 'ok' : 'FAILED'}: tsc --noEmit -p ${project} (${seconds} s)\n`);
    results.push(result);
  }
}

await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), projects.length) }, worker));
process.exit(results.every((r) => r.ok) ? 0 : 1);
