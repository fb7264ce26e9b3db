/**
 * Serving the built web app's files (`packages/web/dist/assets`): compressed at build time, cached
 * for good, and no session lookup for them (decision 0052); read into memory once when the app is
 * built, so a page load's dozen files each go out in one write, without a file opened, a `stat` or a
 * read on libuv's thread pool per request (decision 0090).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the build's files are served: `/assets/<name>-<content hash>.<ext>`. */
export const WEB_ASSETS_PREFIX = '/assets/';

/** Whether a request's URL is one of the build's files (or would be: a missing one is a 404 all the same). */
export function isWebAsset(url: string): boolean {
  return url.startsWith(WEB_ASSETS_PREFIX);
}

/** A year: Vite names every asset after its content, so an asset's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A coding the build wrote beside a file (`<file>.br`, `<file>.gz`), as `Content-Encoding` names it. */
type Coding = 'br' | 'gzip';
const CODINGS: readonly { coding: Coding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/** One representation of an asset: its bytes and its strong validator. */
type Representation = { bytes: Buffer; etag: string };

/** A built file: its bytes, the build's compressed copies of them, its type. */
export type WebAsset = {
  type: string;
  identity: Representation;
  encoded: Partial<Record<Coding, Representation>>;
};

/**
 * The build's assets by URL path (`/assets/index-abc.js`), read at once: every file of `assets/`
 * except the compressed copies (they travel with their file) and the source maps (megabytes that only
 * developer tools ask for: `sourceMaps` lists them, read from disk when asked). Empty when there is
 * no `assets/` folder.
 */
export async function loadWebAssets(
  webDist: string,
): Promise<{ assets: Map<string, WebAsset>; sourceMaps: Map<string, string> }> {
  const dir = path.join(webDist, 'assets');
  const names = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Set(
    names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const assets = new Map<string, WebAsset>();
  const sourceMaps = new Map<string, string>();
  const urlOf = (file: string) => WEB_ASSETS_PREFIX + path.relative(dir, file).split(path.sep).join('/');
  await Promise.all(
    [...files].map(async (file) => {
      if (CODINGS.some(({ suffix }) => file.endsWith(suffix) && files.has(file.slice(0, -suffix.length)))) return;
      if (file.endsWith('.map')) {
        sourceMaps.set(urlOf(file), file);
        return;
      }
      const bytes = await fs.readFile(file);
      const tag = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
      const encoded: WebAsset['encoded'] = {};
      for (const { coding, suffix } of CODINGS) {
        if (files.has(file + suffix))
          encoded[coding] = { bytes: await fs.readFile(file + suffix), etag: `"${tag}-${suffix.slice(1)}"` };
      }
      assets.set(urlOf(file), {
        type: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        identity: { bytes, etag: `"${tag}"` },
        encoded,
      });
    }),
  );
  return { assets, sourceMaps };
}

/** The codings an `Accept-Encoding` header accepts (a `q=0` refuses one; `*` stands for the others). */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const accepted = new Set<Coding>();
  if (!header) return accepted;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    quality.set(name.trim(), q ? Number(q[1]) : 1);
  }
  for (const { coding } of CODINGS) {
    const q = quality.get(coding) ?? (coding === 'gzip' ? quality.get('x-gzip') : undefined) ?? quality.get('*');
    if (q !== undefined && q > 0) accepted.add(coding);
  }
  return accepted;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Serves `assets` at their URL paths: the brotli copy, else the gzip one, to a browser that accepts it,
 * the file itself otherwise; `Vary: Accept-Encoding` on a file that has copies; a strong `ETag` per
 * representation and `304` for a browser that has it; cached for a year without revalidation (a new
 * build's page names new files). A source map is read from disk when asked for. Any other path under
 * `/assets/` goes to the not-found handler. `index.html` is not here: the page route serves it, with
 * the page's CSP nonce.
 */
export function registerWebAssets(
  app: FastifyInstance,
  { assets, sourceMaps }: Awaited<ReturnType<typeof loadWebAssets>>,
): void {
  app.get(`${WEB_ASSETS_PREFIX}*`, async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const asset = assets.get(pathname);
    if (!asset) {
      const map = sourceMaps.get(pathname);
      const bytes = map ? await fs.readFile(map).catch(() => null) : null;
      if (!bytes) return reply.callNotFound();
      return reply
        .type(CONTENT_TYPES['.map'] as string)
        .header('cache-control', IMMUTABLE)
        .send(bytes);
    }
    const accepted = acceptedCodings(request.headers['accept-encoding']);
    const coding = CODINGS.find(({ coding }) => accepted.has(coding) && asset.encoded[coding])?.coding;
    const chosen = (coding && asset.encoded[coding]) || asset.identity;
    reply.type(asset.type).header('cache-control', IMMUTABLE).header('etag', chosen.etag);
    if (Object.keys(asset.encoded).length) reply.header('vary', 'accept-encoding');
    if (noneMatch(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
    if (coding) reply.header('content-encoding', coding);
    return reply.send(chosen.bytes);
  });
}
