/**
 * Security headers on pages and JSON, HEAD wherever GET works, and the session cookie's flags,
 * over a small built web app (index.html with a module script, one asset).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { createBrowser } from '../test/browser.ts';
import { TEST_PASSWORD } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Milepost</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('security headers and HEAD', () => {
  let t: TestApp;
  let alice: UserRow;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'milepost-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log("app");\n');
    t = await createTestApp({ webDist });
    alice = await t.buildUser({ username: 'alice' });
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  function expectCommonHeaders(headers: Record<string, unknown>) {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }

  it('gives pages a strict CSP whose style nonce is the one the page carries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/groups' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(res.headers);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'self'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-');
    const nonce = /<meta name="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(csp.get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
    // The rest of the page is the build's.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');

    const again = await t.app.inject({ method: 'GET', url: '/dashboard/groups' });
    expect(again.headers['content-security-policy']).not.toBe(res.headers['content-security-policy']);
  });

  it('serves /index.html itself through the same page, with its nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="csp-nonce"');
    expect(String(res.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('marks JSON and assets nosniff and unframeable, without a page CSP', async () => {
    const json = await t.request({ method: 'GET', url: '/api/v4/user', as: alice });
    expect(json.statusCode).toBe(200);
    expectCommonHeaders(json.headers);
    expect(json.headers['content-security-policy']).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/api/v4/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expectCommonHeaders(asset.headers);
  });

  it('answers HEAD wherever GET works, with GET’s headers and no body', async () => {
    const cases: [string, RegExp][] = [
      ['/dashboard/groups', /^text\/html/],
      ['/', /^text\/html/],
      ['/assets/index-abc.js', /javascript/],
      ['/api/v4/groups', /^application\/json/],
      ['/-/autocomplete/users.json', /^application\/json/],
      ['/-/health', /^text\/plain/],
    ];
    for (const [url, type] of cases) {
      const get = await t.request({ method: 'GET', url, as: alice });
      const head = await t.request({ method: 'HEAD', url, as: alice });
      expect({ url, status: head.statusCode }).toEqual({ url, status: get.statusCode });
      expect(get.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(type);
      expect(head.body).toBe('');
      expectCommonHeaders(head.headers);
    }
    const page = await t.app.inject({ method: 'HEAD', url: '/dashboard/groups' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // Missing API paths stay 404 for HEAD too.
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v4/nothing-here' })).statusCode).toBe(404);
  });

  it('sets the session cookie HttpOnly and SameSite, and Secure behind https from a trusted proxy only', async () => {
    const session = (res: Awaited<ReturnType<ReturnType<typeof createBrowser>['signIn']>>) =>
      (res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }[]).find(
        (c) => c.name === '_milepost_session',
      );
    const https = { 'x-forwarded-proto': 'https' };
    const proxied = await createBrowser(t).signIn('alice', TEST_PASSWORD, https);
    expect(session(proxied)).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    // The same header straight from a client on the internet is not believed (auth.test.ts has the rest).
    const direct = await t.app.inject({
      method: 'GET',
      url: '/-/liveness',
      remoteAddress: '198.51.100.9',
      headers: https,
    });
    const csrfCookie = (res: { cookies: unknown[] }) =>
      (res.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === '_milepost_csrf');
    expect(csrfCookie(direct)?.secure).toBeFalsy();
    const viaProxy = await t.app.inject({ method: 'GET', url: '/-/liveness', headers: https });
    expect(csrfCookie(viaProxy)?.secure).toBe(true);
  });
});
