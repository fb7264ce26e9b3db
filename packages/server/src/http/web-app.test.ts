/**
 * Serving the built web app: hashed assets read into memory once, cached for good, sent compressed to
 * browsers that accept it, revalidated by ETag, and without a session lookup or cookies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { acceptedCodings, noneMatch } from './web-app.ts';

const FILES = ['assets/index-abc.js', 'assets/react-r1.js', 'assets/shared-s1.js'];

const MAP = '{"version":3,"sources":["react.ts"],"mappings":""}';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Milepost</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('the built web app over HTTP', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-web-app-'));
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    for (const file of FILES) fs.writeFileSync(path.join(webDist, file), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'react-r1.js.map'), MAP);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(script));
    t = await createTestApp({ webDist });
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  it('caches hashed assets for a year without revalidation, and the page not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/react-r1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(script);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/groups' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sets no cookies on assets and does not look at the session (a page load asks for dozens at once)', async () => {
    // A page sets the CSRF cookie; an asset, public and cached for good, never does.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/groups' });
    expect(page.headers['set-cookie']).toBeDefined();
    const asset = await t.app.inject({ method: 'GET', url: '/assets/react-r1.js' });
    expect(asset.headers['set-cookie']).toBeUndefined();
    // An unknown session cookie is not even looked up: nothing clears it on an asset.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/assets/react-r1.js',
      cookies: { _milepost_session: 'no-such-session' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['set-cookie']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-x1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['set-cookie']).toBeUndefined();
  });

  it('sends the brotli or gzip copy to a browser that accepts it, the file itself otherwise', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // A file without compressed copies is sent as it is.
    const other = await t.app.inject({
      method: 'GET',
      url: '/assets/shared-s1.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBeUndefined();
    expect(other.body).toBe(script);
  });

  it('answers each representation with its own strong ETag, and 304 to a browser that has it', async () => {
    const get = (encoding: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-abc.js',
        headers: { 'accept-encoding': encoding, ...headers },
      });
    const br = await get('br');
    const plain = await get('identity');
    const brTag = br.headers.etag as string;
    const plainTag = plain.headers.etag as string;
    expect(brTag).toMatch(/^"[\w-]+"$/);
    expect(plainTag).toMatch(/^"[\w-]+"$/);
    expect(brTag).not.toBe(plainTag);

    const cached = await get('br', { 'if-none-match': brTag });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(brTag);
    expect(cached.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A weak form of the same tag, in a list, matches too (If-None-Match compares weakly).
    expect((await get('br', { 'if-none-match': `"other", W/${brTag}` })).statusCode).toBe(304);
    // The plain file's tag does not validate the brotli copy: the copy is sent.
    const other = await get('br', { 'if-none-match': plainTag });
    expect(other.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(other.rawPayload).toString()).toBe(script);
  });

  it('answers HEAD with the headers only, serves a source map from disk, and 404s any other asset path', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/react-r1.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(head.rawPayload.length).toBe(0);

    const map = await t.app.inject({ method: 'GET', url: '/assets/react-r1.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toMatch(/^application\/json/);
    expect(map.body).toBe(MAP);

    for (const url of [
      '/assets/missing-x1.js',
      '/assets/..%2Findex.html',
      '/assets/..%2F..%2Fpackage.json',
      '/assets/',
    ]) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<div id="root">');
    }
    // The compressed copies are not files of their own.
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc.js.br' })).statusCode).toBe(404);
  });

  it('reads the files once, when the app is built: a file changed on disk afterwards is not read again', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'shared-s1.js'), 'export const changed = true;\n');
    fs.rmSync(path.join(webDist, 'assets', 'react-r1.js'));
    const changed = await t.app.inject({ method: 'GET', url: '/assets/shared-s1.js' });
    expect(changed.body).toBe(script);
    const removed = await t.app.inject({ method: 'GET', url: '/assets/react-r1.js' });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe(script);
  });
});

describe('content negotiation', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip, deflate', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['br; q=0.0 , gzip;q=0', []],
    ['x-gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0.5, gzip;q=0', ['br']],
    ['BR', ['br']],
  ])('Accept-Encoding %j accepts %j', (header, codings) => {
    expect([...acceptedCodings(header)]).toEqual(codings);
  });

  it.each([
    [undefined, false],
    ['"a"', true],
    ['W/"a"', true],
    ['"b", "a"', true],
    ['*', true],
    ['"b"', false],
    ['"a-br"', false],
  ])('If-None-Match %j names "a": %j', (header, matches) => {
    expect(noneMatch(header, '"a"')).toBe(matches);
  });
});
