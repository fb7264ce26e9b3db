/**
 * `npm run bench:web`: the roadmap scenario (roadmap.bench.ts) with every option given, then the
 * discussions scenario (discussions.bench.ts), the markdown editor's (markdown-editor.bench.ts),
 * the lists' (lists.bench.ts) and the epic page's (epic-page.bench.ts) with the options they all know (`--runs`, `--warmup`, `--build`,
 * `--no-build`, `--headed`). Each can also run alone: `node packages/web/bench/<name>.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const shared: string[] = [];
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = (args[i] ?? '').split('=', 2);
  if (flag === '--runs' || flag === '--warmup')
    shared.push(...(inline === undefined ? [flag, args[++i] ?? ''] : [args[i] ?? '']));
  else if (flag === '--build' || flag === '--no-build' || flag === '--headed') shared.push(flag);
}
const run = (name: string, options: string[]) =>
  spawnSync(process.execPath, [fileURLToPath(new URL(`./${name}.bench.ts`, import.meta.url)), ...options], {
    stdio: 'inherit',
  }).status ?? 1;

const roadmap = run('roadmap', args);
// The web app is built by then: no need to check again.
const built = shared.includes('--build') ? shared.filter((a) => a !== '--build') : shared;
const discussions = run('discussions', built);
const editor = run('markdown-editor', built);
const lists = run('lists', built);
const epicPage = run('epic-page', built);
process.exitCode = roadmap || discussions || editor || lists || epicPage;
