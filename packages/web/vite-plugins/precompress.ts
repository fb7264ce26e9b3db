import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: the built scripts, styles and images of text, of at least 1 KiB. */
const COMPRESSIBLE = /^assets\/.*\.(js|css|svg)$/;
const MIN_BYTES = 1024;

/** Brotli (quality 11) and gzip (level 9) copies of a file's bytes, or null when neither is smaller. */
export async function compressedCopies(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer } | null> {
  if (bytes.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return br.length < bytes.length && gz.length < bytes.length ? { br, gz } : null;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each built text asset, once, at build time: the server
 * sends them to browsers that accept them (`packages/server/src/http/web-app.ts`) without
 * compressing anything per request.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'milepost:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? (options.file ? path.dirname(options.file) : 'dist');
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const copies = await compressedCopies(await fs.readFile(file));
            if (!copies) return;
            await Promise.all([fs.writeFile(`${file}.br`, copies.br), fs.writeFile(`${file}.gz`, copies.gz)]);
          }),
      );
    },
  };
}
