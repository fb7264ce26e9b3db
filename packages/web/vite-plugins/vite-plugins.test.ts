/**
 * The build's own steps: GraphQL documents split out of the generated module, React Aria's string
 * tables cut to US English, and the compressed copies of the built assets.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { splitDocuments } from './graphql-documents.ts';
import { compressedCopies } from './precompress.ts';
import { keepLocales } from './react-aria-locales.ts';

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
