/**
 * Serving the built web app's files (`packages/web/dist/assets`): compressed at build time, cached
 * for good, and no session lookup for them (decision 0052).
 */
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

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
