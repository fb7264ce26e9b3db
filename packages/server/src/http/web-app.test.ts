/**
 * Serving the built web app: hashed assets cached for good, sent compressed to browsers that accept
 * it, and without a session lookup or cookies.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const FILES = ['assets/index-abc.js', 'assets/react-r1.js', 'assets/shared-s1.js'];

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
});
