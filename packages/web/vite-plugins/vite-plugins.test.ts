/**
 * The build's own steps: GraphQL documents split out of the generated module, React Aria's string
 * tables cut to US English, the app's modules sorted into a few chunks, and the compressed copies of
 * the built assets; the early script's documents prepared as Apollo sends them; React Router's
 * production build.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { prepareDocuments } from './first-requests.ts';
import { splitDocuments } from './graphql-documents.ts';
import { type ModuleNode, pageChunkSorter } from './page-chunks.ts';
import { compressedCopies } from './precompress.ts';
import { keepLocales } from './react-aria-locales.ts';
import { reactRouterProductionEntry } from './react-router-production.ts';

const GENERATED = `/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Scalars = { ID: { input: string; output: string } };
export type ViewerQuery = { __typename?: 'Query', currentUser?: { __typename?: 'CurrentUser', id: string } | null };

export const ViewerFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ViewerFields"}}]} as unknown as DocumentNode<ViewerFieldsFragment, unknown>;
export const ViewerQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewerQuery"}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
`;

describe('splitDocuments', () => {
  it('moves each document into a module of its own and re-exports it, line for line', () => {
    const split = splitDocuments(GENERATED);
    expect(split).not.toBeNull();
    const { facade, documents } = split!;
    expect([...documents.keys()]).toEqual(['ViewerFieldsFragmentDoc', 'ViewerQueryDocument']);
    expect(documents.get('ViewerQueryDocument')).toBe(
      'export const ViewerQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewerQuery"}}]};\n',
    );
    // The types stay; each document line became one re-export, so the lines still match the source map.
    expect(facade.split('\n')).toHaveLength(GENERATED.split('\n').length);
    expect(facade).toContain("export type ViewerQuery = { __typename?: 'Query'");
    expect(facade).toContain(
      `export { ViewerQueryDocument } from ${JSON.stringify('\0milepost-graphql-document:ViewerQueryDocument')};`,
    );
    expect(facade).not.toContain('"kind":"Document"');
  });

  it('leaves a module without documents alone', () => {
    expect(splitDocuments('export type A = { a: string };\n')).toBeNull();
  });
});

const TABLE = `import $x$intlarAEmjs from "./intl/ar-AE.mjs";
import $x$intlenUSmjs from "./intl/en-US.mjs";
import $x$intlzhTWmjs from "./intl/zh-TW.mjs";


var $t$exports = {};
$t$exports = {
    "ar-AE": $x$intlarAEmjs,
    "en-US": $x$intlenUSmjs,
    "zh-TW": $x$intlzhTWmjs
};


export {$t$exports as default};
`;

describe('prepareDocuments', () => {
  it('replaces each document of the generated module by what Apollo sends for it, and keeps the rest', () => {
    const ast = JSON.stringify(
      parse(
        'query ViewerQuery($first: Int = 20, $unused: ID) { currentUser { id } items(first: $first) @connection(key: "items") { nodes { id } } }',
        { noLocation: true },
      ),
    );
    const source = `export type Kept = { a: 1 };\nexport const ViewerQueryDocument = ${ast} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;\n`;
    const prepared = prepareDocuments(source);
    expect(prepared).toContain('export type Kept = { a: 1 };\n');
    const json = /^export const ViewerQueryDocument = (.*);$/m.exec(prepared)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({
      operationName: 'ViewerQuery',
      defaults: { first: 20 },
      used: ['first'],
      query:
        'query ViewerQuery($first: Int = 20, $unused: ID) {\n  currentUser {\n    id\n    __typename\n  }\n  items(first: $first) {\n    nodes {\n      id\n      __typename\n    }\n    __typename\n  }\n}',
    });
  });
});

describe('keepLocales', () => {
  it('keeps only the given locales’ imports and entries, line for line', () => {
    const kept = keepLocales(TABLE, ['en-US']);
    expect(kept).not.toBeNull();
    expect(kept!.split('\n')).toHaveLength(TABLE.split('\n').length);
    expect(kept).toContain('import $x$intlenUSmjs from "./intl/en-US.mjs";');
    expect(kept).toContain('"en-US": $x$intlenUSmjs,');
    expect(kept).not.toMatch(/ar-AE|zh-TW/);
    // Still a module that evaluates to the table.
    const body = kept!.replace(/^import .*$/gm, '').replace(/^export .*$/gm, '');
    const table = new Function('$x$intlenUSmjs', `${body}; return $t$exports;`)({ hello: 'Hello' });
    expect(table).toEqual({ 'en-US': { hello: 'Hello' } });
  });

  it('leaves other modules, and tables without the kept locale, alone', () => {
    expect(keepLocales('export const a = 1;\n', ['en-US'])).toBeNull();
    expect(keepLocales(TABLE, ['de-DE'])).toBeNull();
  });
});

describe('compressedCopies', () => {
  it('answers brotli and gzip copies that decompress to the file', async () => {
    const bytes = Buffer.from(`export const text = ${JSON.stringify('milepost '.repeat(400))};\n`);
    const copies = await compressedCopies(bytes);
    expect(copies).not.toBeNull();
    expect(copies!.br.length).toBeLessThan(bytes.length);
    expect(zlib.brotliDecompressSync(copies!.br).equals(bytes)).toBe(true);
    expect(zlib.gunzipSync(copies!.gz).equals(bytes)).toBe(true);
  });

  it('skips files under 1 KiB', async () => {
    expect(await compressedCopies(Buffer.from('export const a = 1;\n'))).toBeNull();
  });
});

/** A module graph as Rolldown describes it: `imports` static, `lazy` dynamic, `names` what the code names. */
function graphOf(modules: Record<string, { imports?: string[]; lazy?: string[]; names?: string[]; entry?: boolean }>) {
  const nodes = new Map<string, ModuleNode>();
  for (const [id, module] of Object.entries(modules)) {
    nodes.set(id, {
      id,
      isEntry: module.entry ?? false,
      importers: Object.entries(modules)
        .filter(([, other]) => other.imports?.includes(id))
        .map(([otherId]) => otherId),
      dynamicImporters: Object.entries(modules)
        .filter(([, other]) => other.lazy?.includes(id))
        .map(([otherId]) => otherId),
      importedIds: module.imports ?? [],
      code: (module.names ?? []).map((name) => `import { ${name} } from "../gql/graphql.ts";`).join('\n'),
    });
  }
  return (id: string) => nodes.get(id) ?? null;
}

describe('pageChunkSorter', () => {
  const doc = (name: string) => `\0milepost-graphql-document:${name}`;
  const NS = '/app/src/features/namespaces/namespace-page.tsx';
  const GROUPS = '/app/src/features/namespaces/groups-prefix-page.tsx';
  const graph = graphOf({
    '/app/index.html': { entry: true, imports: ['/app/src/app/main.tsx'] },
    '/app/src/app/main.tsx': {
      imports: ['/app/src/app/router.tsx', '/app/src/gql/graphql.ts', '/app/src/ui/button.tsx'],
      names: ['ShellQueryDocument'],
    },
    '/app/src/app/router.tsx': { lazy: [NS, GROUPS, '/app/src/admin/admin-page.tsx'] },
    '/app/src/gql/graphql.ts': {
      imports: [
        doc('ShellQueryDocument'),
        doc('IssueQueryDocument'),
        doc('ListFragmentDoc'),
        doc('AdminQueryDocument'),
      ],
    },
    [doc('ShellQueryDocument')]: {},
    [doc('IssueQueryDocument')]: {},
    [doc('ListFragmentDoc')]: {},
    [doc('AdminQueryDocument')]: {},
    [NS]: { imports: ['/app/src/issues/issue-page.tsx'] },
    [GROUPS]: { imports: ['/app/src/epics/epic-page.tsx', '/app/src/roadmap/roadmap.tsx'] },
    '/app/src/issues/issue-page.tsx': {
      imports: ['/app/src/gql/graphql.ts', '/app/src/ui/list.tsx', '/app/src/ui/table.tsx', '/app/src/ui/button.tsx'],
      names: ['IssueQueryDocument', 'ListFragmentDoc'],
    },
    '/app/src/epics/epic-page.tsx': {
      imports: ['/app/src/gql/graphql.ts', '/app/src/ui/list.tsx'],
      lazy: ['/app/src/editor/rich-text.tsx', '/app/src/roadmap/roadmap.tsx'],
      names: ['ListFragmentDoc'],
    },
    '/app/src/roadmap/roadmap.tsx': {},
    '/app/src/editor/rich-text.tsx': { imports: ['/app/node_modules/@tiptap/core/index.js', '/app/src/ui/list.tsx'] },
    '/app/node_modules/@tiptap/core/index.js': {},
    '/app/src/admin/admin-page.tsx': {
      imports: ['/app/src/gql/graphql.ts', '/app/src/ui/table.tsx'],
      names: ['AdminQueryDocument'],
    },
    '/app/src/ui/list.tsx': {},
    '/app/src/ui/table.tsx': {},
    '/app/src/ui/button.tsx': {},
  });
  const chunkOf = (id: string) => pageChunkSorter()(id, graph);

  it('puts what the entry imports in one chunk, documents by the code that names them', () => {
    expect(chunkOf('/app/src/app/main.tsx')).toBe('app');
    expect(chunkOf('/app/src/ui/button.tsx')).toBe('app');
    expect(chunkOf('/app/src/gql/graphql.ts')).toBe('app');
    expect(chunkOf(doc('ShellQueryDocument'))).toBe('app');
    expect(chunkOf(doc('IssueQueryDocument'))).toBe('project-pages');
    expect(chunkOf(doc('ListFragmentDoc'))).toBe('pages');
  });

  it('sorts what the catch-all pages import by which pages need it', () => {
    const sort = pageChunkSorter();
    expect(sort(NS, graph)).toBe('project-pages');
    expect(sort('/app/src/issues/issue-page.tsx', graph)).toBe('project-pages');
    expect(sort(GROUPS, graph)).toBe('group-pages');
    expect(sort('/app/src/epics/epic-page.tsx', graph)).toBe('group-pages');
    // Imported by the groups page and loaded lazily by a part of it: loaded with the page.
    expect(sort('/app/src/roadmap/roadmap.tsx', graph)).toBe('group-pages');
    expect(sort('/app/src/ui/list.tsx', graph)).toBe('pages');
    // Shared with a page that is not a catch-all: in the chunk both load.
    expect(sort('/app/src/ui/table.tsx', graph)).toBe('pages-shared');
  });

  it('leaves what the pages load lazily and the other pages to the bundler', () => {
    expect(chunkOf('/app/src/editor/rich-text.tsx')).toBeNull();
    expect(chunkOf('/app/node_modules/@tiptap/core/index.js')).toBeNull();
    expect(chunkOf('/app/src/admin/admin-page.tsx')).toBeNull();
    expect(chunkOf(doc('AdminQueryDocument'))).toBeNull();
  });

  it('starts over on a new module graph', () => {
    const sort = pageChunkSorter();
    expect(sort('/app/src/ui/table.tsx', graph)).toBe('pages-shared');
    const rebuilt = graphOf({
      '/app/index.html': { entry: true, imports: ['/app/src/app/router.tsx'] },
      '/app/src/app/router.tsx': { lazy: [NS] },
      [NS]: { imports: ['/app/src/ui/table.tsx'] },
      '/app/src/ui/table.tsx': {},
    });
    expect(sort('/app/src/ui/table.tsx', rebuilt)).toBe('project-pages');
  });
});

describe('reactRouterProductionEntry', () => {
  it('is React Router’s build with its development warnings off, of the version the app imports', () => {
    const entry = reactRouterProductionEntry();
    const code = fs.readFileSync(entry, 'utf8');
    const chunks = [...code.matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((m) => m[1] ?? '');
    const flags = chunks.map((chunk) => fs.readFileSync(path.join(path.dirname(entry), chunk), 'utf8'));
    expect(flags.some((text) => text.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true);
    expect(flags.some((text) => text.includes('var ENABLE_DEV_WARNINGS = true;'))).toBe(false);
  });
});
