/**
 * Serving the built web app: hashed assets cached for good and sent compressed to browsers that
 * accept it, and the page announcing the first URL's page chunks from the build's manifest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type BuildManifest, firstPageModule, pagePreloadLinks } from './web-app.ts';

const NAMESPACE = 'src/features/namespaces/namespace-page.tsx';
const GROUPS = 'src/features/namespaces/groups-prefix-page.tsx';

const MANIFEST: BuildManifest = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_react-r1.js', '_shared-s1.js'],
    css: ['assets/index-i1.css'],
  },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['_react-r1.js'] },
  [NAMESPACE]: {
    file: 'assets/namespace-page-n1.js',
    imports: ['index.html', '_react-r1.js', '_issue-page-p1.js'],
    css: ['assets/namespace-page-n1.css'],
  },
  '_issue-page-p1.js': {
    file: 'assets/issue-page-p1.js',
    imports: ['_shared-s1.js'],
    css: ['assets/issue-page-p1.css'],
  },
  [GROUPS]: { file: 'assets/groups-prefix-page-g1.js', imports: ['index.html', '_issue-page-p1.js'] },
};

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

describe('the page module of a first URL', () => {
  it('is the router catch-alls: the groups-prefix page under /groups/, the namespace page elsewhere', () => {
    expect(firstPageModule('/groups/acme/-/epics/3')).toBe(GROUPS);
    expect(firstPageModule('/groups/acme/sub/-/issues')).toBe(GROUPS);
    expect(firstPageModule('/acme/website/-/issues/12')).toBe(NAMESPACE);
    expect(firstPageModule('/acme/website/-/issues/')).toBe(NAMESPACE);
    expect(firstPageModule('/acme')).toBe(NAMESPACE);
  });

  it('is none for the app’s own pages', () => {
    for (const page of ['/', '/dashboard/todos', '/groups/new', '/-/profile', '/admin', '/users/sign_in']) {
      expect(firstPageModule(page)).toBeNull();
    }
  });
});

describe('preload links', () => {
  it('name the page chunk and the chunks only it needs, then their styles (imported ones first), once each', () => {
    expect(pagePreloadLinks(MANIFEST, INDEX, '/acme/website/-/issues/12')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/namespace-page-n1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/issue-page-p1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/issue-page-p1.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/namespace-page-n1.css">',
    ]);
    expect(pagePreloadLinks(MANIFEST, INDEX, '/groups/acme/-/epics/1')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/groups-prefix-page-g1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/issue-page-p1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/issue-page-p1.css">',
    ]);
  });

  it('are none for the app’s own pages, another build’s page or a manifest without the page', () => {
    expect(pagePreloadLinks(MANIFEST, INDEX, '/dashboard/todos')).toEqual([]);
    expect(pagePreloadLinks(MANIFEST, INDEX.replace('index-abc.js', 'index-other.js'), '/acme/website')).toEqual([]);
    expect(pagePreloadLinks({ 'index.html': MANIFEST['index.html']! }, INDEX, '/acme/website')).toEqual([]);
    expect(pagePreloadLinks({}, INDEX, '/acme/website')).toEqual([]);
  });
});

describe('the built web app over HTTP', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-web-app-'));
  const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.mkdirSync(path.join(webDist, '.vite'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const chunk of Object.values(MANIFEST)) fs.writeFileSync(path.join(webDist, chunk.file), script);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js.gz'), zlib.gzipSync(script));
    t = await createTestApp({ webDist });
    await t.buildProject({ group: await t.buildGroup({ path: 'open-group' }), path: 'web' });
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

  it('announces the first URL’s page chunks in the page, after the app’s own', async () => {
    const res = await t.request({ method: 'GET', url: '/open-group/web/-/issues' });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual([
      '/assets/react-r1.js',
      '/assets/namespace-page-n1.js',
      '/assets/issue-page-p1.js',
      '/assets/issue-page-p1.css',
      '/assets/namespace-page-n1.css',
    ]);
    // The page keeps the build's entry, the nonce and the settings.
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(head).toContain('<meta name="csp-nonce"');
    expect(head).toContain('<meta name="milepost-settings"');

    const ownPage = await t.request({ method: 'GET', url: '/dashboard/groups' });
    expect(ownPage.body).not.toContain('namespace-page-n1');
  });

  it('announces nothing once the page is another build’s, and the new build’s chunks once it is back', async () => {
    const other = INDEX.replace('index-abc.js', 'index-other.js');
    fs.writeFileSync(path.join(webDist, 'index.html'), other);
    const before = await t.request({ method: 'GET', url: '/open-group/web/-/issues' });
    expect(before.body).toContain('/assets/index-other.js');
    expect(before.body).not.toContain('rel="preload"');
    expect(before.body).not.toContain('namespace-page-n1');
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    const after = await t.request({ method: 'GET', url: '/open-group/web/-/issues' });
    expect(after.body).toContain('/assets/namespace-page-n1.js');
  });
});
