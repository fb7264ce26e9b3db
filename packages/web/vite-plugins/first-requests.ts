import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DocumentNode } from 'graphql';
import { build, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import { FIRST_PAGE_FILES_ID, type FirstPageFiles } from '../src/app/first-page-files.ts';
import { prepareDocument } from '../src/app/prepared-document.ts';
import { DOCUMENT, GENERATED } from './graphql-documents.ts';

/** The early script's entry: the first URL's requests, before the app's code (decision 0061). */
export const FIRST_REQUESTS_ENTRY = 'src/app/first-requests-entry.ts';

/**
 * The tag that runs the early script: first in `<head>`, so it is asked for first, and `async`, so it
 * runs the moment it has arrived rather than after the style sheets, as the app's entry does.
 */
export function firstRequestsTag(src: string): HtmlTagDescriptor {
  return { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' };
}

/** The one chunk of a build of the early script; an error naming what else it made (it must stay one small file). */
export function singleChunk(output: Rolldown.RolldownOutput): Rolldown.OutputChunk {
  const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const [chunk] = chunks;
  if (chunks.length !== 1 || !chunk)
    throw new Error(
      `The early script (${FIRST_REQUESTS_ENTRY}) must build into one file, not ${chunks.map((c) => c.fileName).join(', ')}: it may not import anything loaded lazily.`,
    );
  return chunk;
}

/** The catch-all pages whose files the early script preloads, by the module the router loads lazily. */
const CATCH_ALL_PAGES = {
  namespace: /[\\/]src[\\/]features[\\/]namespaces[\\/]namespace-page\.tsx$/,
  groups: /[\\/]src[\\/]features[\\/]namespaces[\\/]groups-prefix-page\.tsx$/,
};

/**
 * What loading each catch-all page asks for beyond the entry's files (its chunk, the chunks it
 * imports, their style sheets), as `/assets/…` paths: what Vite's own preload of that lazy import
 * would fetch once the app runs.
 */
export function firstPageFiles(bundle: Rolldown.OutputBundle): FirstPageFiles {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Rolldown.OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: Rolldown.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const name of chunk.imports) visit(byName.get(name));
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const loaded = closure(chunks.filter((chunk) => chunk.isEntry));
  const filesOf = (module: RegExp) => {
    const page = chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
    if (!page) throw new Error(`No chunk holds ${module}: the early script cannot preload that page.`);
    const files = [...closure([page])].filter((name) => !loaded.has(name));
    const css = files.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
    return [...files, ...new Set(css)].map((name) => `/${name}`);
  };
  return { namespace: filesOf(CATCH_ALL_PAGES.namespace), groups: filesOf(CATCH_ALL_PAGES.groups) };
}

/** The generated documents' module with each document replaced by what Apollo sends for it (`prepareDocument`). */
export function prepareDocuments(source: string): string {
  return source.replace(DOCUMENT, (_line, name: string, ast: string) => {
    const prepared = prepareDocument(JSON.parse(ast) as DocumentNode);
    return `export const ${name} = ${JSON.stringify(prepared)};`;
  });
}

/**
 * The early script's documents as texts, not syntax trees: a tenth of the bytes, and no printer. Its
 * bundle only: the app's Apollo client reads the trees.
 */
function preparedDocuments(): Plugin {
  return {
    name: 'milepost:first-requests-prepared-documents',
    enforce: 'pre',
    transform(code, id) {
      return GENERATED.test(id) ? { code: prepareDocuments(code), map: null } : null;
    },
  };
}

/**
 * The early script as a file of its own beside the app's entry: built separately (its own bundle,
 * not sharing chunks with the app, whose shared chunks would bring React and Apollo along), named by
 * its content like every asset, and put first in `index.html`. The dev server loads its source.
 */
export function firstRequestsScript(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let building = false;
  let script: { fileName: string; code: string } | null = null;
  return {
    name: 'milepost:first-requests-script',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const result = await build({
        configFile: false,
        root,
        mode,
        logLevel: 'warn',
        plugins: [preparedDocuments()],
        build: {
          write: false,
          emptyOutDir: false,
          copyPublicDir: false,
          modulePreload: false,
          sourcemap: false,
          rolldownOptions: {
            input: path.resolve(root, FIRST_REQUESTS_ENTRY),
            // Only what the early script runs: a module none of whose exports it uses is left out (the
            // shared package's and the features' modules have top-level work the script never needs),
            // and the roadmap's reactive variable is not created here.
            treeshake: { moduleSideEffects: false, manualPureFunctions: ['makeVar'] },
          },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const [output] = outputs;
      if (outputs.length !== 1 || !output || !('output' in output))
        throw new Error('The early script built into more than one output.');
      const { code } = singleChunk(output);
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x');
      script = { fileName: `assets/first-requests-${hash}.js`, code };
    },
    generateBundle() {
      if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!building) return [firstRequestsTag(`/${FIRST_REQUESTS_ENTRY}`)];
        if (!script) throw new Error('The early script was not built.');
        if (!context.bundle) throw new Error('The page was transformed without its bundle.');
        const files: HtmlTagDescriptor = {
          tag: 'script',
          attrs: { type: 'application/json', id: FIRST_PAGE_FILES_ID },
          children: JSON.stringify(firstPageFiles(context.bundle)),
          injectTo: 'head-prepend',
        };
        // The files' list before the script, so the parser has read it when the script runs.
        return [files, firstRequestsTag(`/${script.fileName}`)];
      },
    },
  };
}
