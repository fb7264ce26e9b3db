#!/usr/bin/env node
/**
 * Layer boundaries (run by `npm run lint`), beyond Biome's import rules:
 * - no file imports across packages by relative path (`../../server/...`);
 * - shared imports neither server nor web, nor Node built-ins, React or the ORM;
 * - web imports no server code (its only contract is the generated GraphQL types);
 * - the server's imports point one way (docs/ARCHITECTURE.md, "Layers"):
 *     entry (app, main, demo, bench, tests) → transport (GraphQL, REST, UI JSON) → service
 *     → repository / policy → db → base (config, errors, markdown, crypto helpers);
 *   no file imports a higher layer, only the GraphQL layer (and the entry points) imports
 *   `graphql/` or a `*.schema.ts`, and no import circle exists, type-only imports included
 *   (decision 0010).
 *
 * `node scripts/check-boundaries.mjs [root]` checks the tree at `root` (default: this repository);
 * `--report` prints the server's layer counts (files, imports, circles, upward imports) and
 * every violation without failing.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const report = args.includes('--report');
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '..'));
const packages = ['shared', 'server', 'web'];
const problems = [];

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'gql') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file imports or re-exports (static, side-effect and dynamic `import()`). */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

const forbidden = {
  shared: [
    /^@milepost\/(server|web)/,
    /^node:/,
    /^(fs|path|os|crypto|child_process)$/,
    /^react/,
    /^drizzle-orm/,
    /^pg$/,
  ],
  web: [/^@milepost\/server/],
  server: [/^@milepost\/web/],
};

for (const pkg of packages) {
  const pkgDir = path.join(root, 'packages', pkg);
  for (const file of walk(path.join(pkgDir, 'src'))) {
    for (const spec of importsOf(file)) {
      const rel = path.relative(root, file);
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(pkgDir + path.sep))
          problems.push(`${rel}: imports ${spec} from outside packages/${pkg}`);
      } else if (forbidden[pkg].some((re) => re.test(spec))) {
        problems.push(`${rel}: packages/${pkg} may not import ${spec}`);
      }
    }
  }
}

// ---- The server's layers ------------------------------------------------------------------------

const serverDir = path.join(root, 'packages', 'server');
const LAYERS = ['base', 'db', 'domain', 'repository', 'service', 'transport', 'entry'];
const isTest = (rel) => /\.(test|world|fixture)\.ts$/.test(rel) || rel.startsWith('src/test/');

/**
 * A server file's layer, from its path relative to packages/server (forward slashes).
 * Order matters: the first rule that matches decides.
 */
function layerOf(rel) {
  const name = path.posix.basename(rel);
  if (!rel.startsWith('src/')) return 'entry'; // bench/, scripts/
  if (isTest(rel)) return 'entry';
  if (/^src\/(app|main|bootstrap)\.ts$/.test(rel) || rel.startsWith('src/demo/')) return 'entry';
  if (rel.startsWith('src/graphql/') || rel.startsWith('src/http/')) return 'transport';
  if (/\.(schema|routes|entity|loaders)\.ts$/.test(name) || /-(rest|params)\.ts$/.test(name)) return 'transport';
  if (rel.startsWith('src/db/')) return 'db';
  if (rel.startsWith('src/domain/') || /\.types\.ts$/.test(name)) return 'domain';
  if (rel.startsWith('src/authz/') || /\.repository\.ts$/.test(name) || /-filters\.ts$/.test(name)) return 'repository';
  if (rel.startsWith('src/modules/') && name !== 'validation.ts') return 'service';
  return 'base'; // config, errors, auth/ (passwords, tokens), markdown/, modules/validation.ts
}

/** Files of the GraphQL transport (Pothos builder, refs, context, schema files, dataloaders). */
const isGraphql = (rel) => rel.startsWith('src/graphql/') || /^src\/.*\.(schema|loaders)\.ts$/.test(rel);
/** Who may import them: the GraphQL layer itself, the app that mounts it, the schema printer, tests. */
const mayImportGraphql = (rel) => isGraphql(rel) || rel === 'src/app.ts' || rel.startsWith('scripts/') || isTest(rel);

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

const serverFiles = ['src', 'bench', 'scripts']
  .flatMap((d) => walk(path.join(serverDir, d)))
  .filter((f) => /\.tsx?$/.test(f));
const relOf = (f) => path.relative(serverDir, f).split(path.sep).join('/');
/** rel → the rels it imports (inside the server). */
const graph = new Map();
for (const file of serverFiles) {
  const targets = new Set();
  for (const spec of importsOf(file)) {
    const target = resolve(file, spec);
    if (target?.startsWith(serverDir + path.sep)) targets.add(relOf(target));
  }
  graph.set(relOf(file), [...targets].sort());
}

let edges = 0;
const upward = [];
const transport = [];
for (const [from, targets] of graph) {
  for (const to of targets) {
    edges += 1;
    const a = layerOf(from);
    const b = layerOf(to);
    if (LAYERS.indexOf(b) > LAYERS.indexOf(a)) upward.push(`${from} (${a}) imports ${to} (${b})`);
    else if (isGraphql(to) && !mayImportGraphql(from))
      transport.push(`${from} (${a}) imports the GraphQL layer: ${to}`);
  }
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan. */
function circles() {
  let index = 0;
  const stack = [];
  const info = new Map();
  const out = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!info.has(v)) visit(v);
  return out;
}

/** The shortest circle through the first file of a component, for a readable message. */
function shortestCircle(scc) {
  const inScc = new Set(scc);
  const start = scc[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inScc.has(w)) continue;
      if (w === start) {
        const circle = [start];
        for (let u = v; u !== start; u = prev.get(u)) circle.unshift(u);
        return [start, ...circle];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const sccs = circles();
const cycleProblems = sccs.map(
  (scc) => `import circle of ${scc.length} file(s): ${shortestCircle(scc).join(' → ')} (all: ${scc.join(', ')})`,
);
const serverProblems = [
  ...cycleProblems,
  ...upward.map((u) => `upward import: ${u}`),
  ...transport.map((t) => `transport import: ${t}`),
];

if (report) {
  const counts = Object.fromEntries(LAYERS.map((l) => [l, 0]));
  for (const rel of graph.keys()) counts[layerOf(rel)] += 1;
  process.stdout.write(
    [
      `server files: ${graph.size} (${LAYERS.map((l) => `${l} ${counts[l]}`).join(', ')}), imports: ${edges}`,
      `import circles: ${sccs.length} (${sccs.reduce((n, s) => n + s.length, 0)} files in them)`,
      `upward imports: ${upward.length}`,
      `imports of the GraphQL layer from outside it: ${transport.length}`,
      ...problems.map((p) => `  ${p}`),
      ...serverProblems.map((p) => `  ${p}`),
      '',
    ].join('\n'),
  );
  process.exit(0);
}

problems.push(...serverProblems.map((p) => `packages/server: ${p}`));
if (problems.length) {
  process.stderr.write(`Layer boundary violations:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Layer boundaries: ok\n');
