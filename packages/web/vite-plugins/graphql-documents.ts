import type { Plugin } from 'vite';

/** GraphQL Code Generator's one module of every typed document (`src/gql/graphql.ts`). */
export const GENERATED = /[\\/]src[\\/]gql[\\/]graphql\.ts$/;
/** A document as the client preset writes it: one line, its AST as JSON, cast to its typed node. */
export const DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm;
const PREFIX = '\0milepost-graphql-document:';

/**
 * The generated module with each document moved out into a module of its own: `export const X = …`
 * becomes `export { X } from '<PREFIX>X'`, the rest (types) stays. Answers the new text and the
 * documents' own modules by name; null when the text has no documents.
 */
export function splitDocuments(source: string): { facade: string; documents: Map<string, string> } | null {
  const documents = new Map<string, string>();
  const facade = source.replace(DOCUMENT, (_line, name: string, ast: string) => {
    documents.set(name, `export const ${name} = ${ast};\n`);
    return `export { ${name} } from ${JSON.stringify(PREFIX + name)};`;
  });
  return documents.size ? { facade, documents } : null;
}

/**
 * Each GraphQL document in the chunk of the code that uses it. The generated module holds all 180
 * documents (≈330 KB): imported by the app's entry (the prefetch), it put every page's queries into
 * the code every page runs before its first request. Split into one module per document (the
 * re-exports keep every import as it is), the bundler places each with its users: the entry keeps
 * only the shell's and the prefetched ones. Build only: tests, types and the dev server read the
 * generated file as it is.
 */
export function graphqlDocumentsPerChunk(): Plugin {
  const documents = new Map<string, string>();
  return {
    name: 'milepost:graphql-documents-per-chunk',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!GENERATED.test(id)) return null;
      const split = splitDocuments(code);
      if (!split) return null;
      for (const [name, text] of split.documents) documents.set(name, text);
      return { code: split.facade, map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const text = documents.get(id.slice(PREFIX.length));
      if (text === undefined) throw new Error(`No GraphQL document ${id.slice(PREFIX.length)} in src/gql/graphql.ts`);
      // Plain data: nothing runs when it loads, so an unused one is dropped.
      return { code: text, moduleSideEffects: false };
    },
  };
}
