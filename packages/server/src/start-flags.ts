import fs from 'node:fs';
import path from 'node:path';

/**
 * The Node flags `npm start` gives the server (packages/server/package.json's `start`: the words
 * between `node` and `--import`): its memory limits (decisions 0056 and 0095). The benches start
 * their server with these, so the two never differ.
 */
export function startNodeFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = manifest.scripts.start.trim().split(/\s+/);
  const end = words.indexOf('--import');
  if (words[0] !== 'node' || end === -1) {
    throw new Error(
      `packages/server/package.json: "start" is not "node <flags> --import tsx …": ${manifest.scripts.start}`,
    );
  }
  return words.slice(1, end);
}
