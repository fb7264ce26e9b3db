#!/usr/bin/env node
/**
 * Layer boundaries (run by `npm run lint`), beyond Biome's import rules:
 * - no file imports across packages by relative path (`../../server/...`);
 * - shared imports neither server nor web, nor Node built-ins, React or the ORM;
 * - web imports no server code (its only contract is the generated GraphQL types).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const packages = ['shared', 'server', 'web'];
const importRe = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
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
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const spec = m[1] ?? m[2];
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

if (problems.length) {
  process.stderr.write(`Layer boundary violations:\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Layer boundaries: ok\n');
