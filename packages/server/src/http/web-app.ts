/**
 * Serving the built web app (`packages/web/dist`): its hashed assets, compressed at build time and
 * cached for good, and its page with the first URL's page code announced beside the app's own
 * (decision 0052).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import { appPageAccess, normalizePathname, parseNamespacePath } from '@milepost/shared';

/** Where the build's files are served: `/assets/<name>-<content hash>.<ext>`. */
export const WEB_ASSETS_PREFIX = '/assets/';

/** Whether a request's URL is one of the build's files (or would be: a missing one is a 404 all the same). */
export function isWebAsset(url: string): boolean {
  return url.startsWith(WEB_ASSETS_PREFIX);
}

/** A year: Vite names every asset after its content, so an asset's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `@fastify/static`'s options for the build: `<file>.br` / `<file>.gz` (written by the build) to
 * browsers that accept them, and `assets/` cached for a year without revalidation — a new build's
 * page names new files. `index.html` only through the page route, which adds the page's CSP nonce.
 */
export function webAssetOptions(webDist: string): FastifyStaticOptions {
  const assets = path.join(webDist, 'assets') + path.sep;
  return {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(assets)) reply.header('cache-control', IMMUTABLE);
    },
  };
}

/** Vite's build manifest (`dist/.vite/manifest.json`): each chunk's file and the chunks it imports. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * The page module the web router shows at `pathname` before anything is known about the path
 * (`web/src/app/router.tsx`: `groups/*` is the groups-prefix page, any other path that is not one of
 * the app's own pages the namespace page); null for the app's own pages.
 */
export function firstPageModule(pathname: string): string | null {
  const path = normalizePathname(pathname);
  if (appPageAccess(path) !== null) return null;
  const location = parseNamespacePath(path);
  if (!location) return null;
  return location.groupsPrefix
    ? 'src/features/namespaces/groups-prefix-page.tsx'
    : 'src/features/namespaces/namespace-page.tsx';
}

/**
 * The files `key` needs before it runs: scripts its own first, then what it imports (depth first);
 * styles of what it imports before its own, the order the app inserts them in.
 */
function closure(manifest: BuildManifest, key: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    scripts.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style);
  };
  visit(key);
  return { scripts, styles };
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The links that make the browser fetch the first URL's page code while it fetches the app's: the
 * page's chunk and the chunks only it needs as `modulepreload`, its styles as `preload` (the app
 * inserts them as stylesheets itself, in its order, when the page loads). Without them that code is
 * asked for only once the app has run and rendered — a second round of downloads after the first.
 * Nothing when the page is not the build's (another build's `index.html`) or the manifest lacks it.
 */
export function pagePreloadLinks(manifest: BuildManifest, indexHtml: string, pathname: string): string[] {
  const page = firstPageModule(pathname);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!page || !entry || !manifest[page]) return [];
  const app = closure(manifest, entry);
  if (!indexHtml.includes(`/${manifest[entry]?.file}"`)) return [];
  const own = closure(manifest, page);
  return [
    ...own.scripts
      .filter((file) => !app.scripts.includes(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${attribute(file)}">`),
    ...own.styles
      .filter((file) => !app.styles.includes(file))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`),
  ];
}

/**
 * The app's page for a request: `index.html` read on each page load (a rebuild, or a benchmark's
 * other build, takes effect at once) with the first URL's preload links before `</head>`. The
 * manifest is read again only when the page changed.
 */
export function webAppPage(webDist: string): (pathname: string) => Promise<string> {
  const indexFile = path.join(webDist, 'index.html');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  let cached: { html: string; manifest: BuildManifest } | null = null;
  const manifestFor = async (html: string): Promise<BuildManifest> => {
    if (cached?.html === html) return cached.manifest;
    const manifest = await fs.promises.readFile(manifestFile, 'utf8').then(
      (text) => JSON.parse(text) as BuildManifest,
      () => ({}) as BuildManifest,
    );
    cached = { html, manifest };
    return manifest;
  };
  return async (pathname) => {
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const links = pagePreloadLinks(await manifestFor(html), html, pathname);
    return links.length ? html.replace(/<\/head>/i, `  ${links.join('\n    ')}\n  </head>`) : html;
  };
}
