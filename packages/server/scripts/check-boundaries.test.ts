/**
 * The layer check (`scripts/check-boundaries.mjs`, run by `npm run lint`) can fail: it runs on small
 * synthetic trees with one planted violation each, and on this repository, which must pass.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const script = path.join(repo, 'scripts/check-boundaries.mjs');
const trees: string[] = [];

/** A clean server tree: db ← repository ← service ← GraphQL schema / REST routes ← app. */
const clean: Record<string, string> = {
  'db/schema.ts': 'export type Row = { id: number };',
  'modules/a/a.types.ts': "import type { Row } from '../../db/schema.ts';\nexport type Node = { row: Row };",
  'modules/a/a.repository.ts': "import type { Row } from '../../db/schema.ts';\nexport const find = (): Row[] => [];",
  'modules/a/a.service.ts':
    "import { find } from './a.repository.ts';\nimport type { Node } from './a.types.ts';\nexport const list = (): Node[] => find().map((row) => ({ row }));",
  'modules/b/b.service.ts': "import { list } from '../a/a.service.ts';\nexport const count = () => list().length;",
  'graphql/builder.ts': 'export const builder = {};',
  'graphql/refs.ts':
    "import type { Node } from '../modules/a/a.types.ts';\nimport { builder } from './builder.ts';\nexport const Ref = builder as Node | object;",
  'modules/a/a.schema.ts':
    "import { Ref } from '../../graphql/refs.ts';\nimport { list } from './a.service.ts';\nexport { Ref, list };",
  'modules/a/a.routes.ts': "import { list } from './a.service.ts';\nexport const routes = () => list();",
  'app.ts': "import './modules/a/a.schema.ts';\nimport { routes } from './modules/a/a.routes.ts';\nroutes();",
};

/** Writes a tree (clean + overrides) under a temporary root and runs the check on it. */
function check(overrides: Record<string, string> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-boundaries-'));
  trees.push(root);
  for (const [rel, text] of Object.entries({ ...clean, ...overrides })) {
    const file = path.join(root, 'packages/server/src', rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${text}\n`);
  }
  const res = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

describe('check-boundaries', () => {
  it('passes a tree whose imports point one way', () => {
    const res = check();
    expect(res.output).toContain('Layer boundaries: ok');
    expect(res.status).toBe(0);
  });

  it('fails on an import circle, type-only and side-effect imports included', () => {
    const res = check({
      'modules/a/a.service.ts':
        "import type { count } from '../b/b.service.ts';\nimport { find } from './a.repository.ts';\nexport const list = (): ReturnType<typeof count>[] => find().map((r) => r.id);",
      'modules/c/c.schema.ts': "import './d.schema.ts';\nexport const c = 1;",
      'modules/c/d.schema.ts': "import { c } from './c.schema.ts';\nexport const d = c;",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain(
      'import circle of 2 file(s): src/modules/a/a.service.ts → src/modules/b/b.service.ts → src/modules/a/a.service.ts',
    );
    expect(res.output).toContain('import circle of 2 file(s): src/modules/c/c.schema.ts → src/modules/c/d.schema.ts');
  });

  it('fails on a service or a repository importing the GraphQL layer', () => {
    const res = check({
      'modules/a/a.types.ts': 'export type Node = { id: number };',
      'modules/b/b.service.ts': "import type { Ref } from '../../graphql/refs.ts';\nexport type R = typeof Ref;",
      'modules/b/b.repository.ts':
        "import type { builder } from '../../graphql/builder.ts';\nexport type B = typeof builder;",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain(
      'upward import: src/modules/b/b.service.ts (service) imports src/graphql/refs.ts (transport)',
    );
    expect(res.output).toContain(
      'upward import: src/modules/b/b.repository.ts (repository) imports src/graphql/builder.ts (transport)',
    );
  });

  it('fails on a repository importing a service, and on REST routes or the demo importing GraphQL', () => {
    const res = check({
      'modules/b/b.repository.ts': "import { list } from '../a/a.service.ts';\nexport const all = () => list();",
      'modules/b/b.routes.ts': "import { Ref } from '../../graphql/refs.ts';\nexport const r = Ref;",
      'demo/demo.ts': "import type { Ref } from '../graphql/refs.ts';\nexport type D = typeof Ref;",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain(
      'upward import: src/modules/b/b.repository.ts (repository) imports src/modules/a/a.service.ts (service)',
    );
    expect(res.output).toContain(
      'src/modules/b/b.routes.ts (transport) imports the GraphQL layer: src/graphql/refs.ts',
    );
    expect(res.output).toContain('src/demo/demo.ts (entry) imports the GraphQL layer: src/graphql/refs.ts');
  });

  it('passes on this repository', () => {
    const res = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(res.stdout).toContain('Layer boundaries: ok');
    expect(res.status).toBe(0);
  });
});
