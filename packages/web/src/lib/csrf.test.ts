import { afterEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, csrfFetch } from './csrf.ts';

const answered = () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test clears the cookie it set
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  vi.unstubAllGlobals();
});

describe('csrfFetch', () => {
  it('with the cookie there, hands the request to the browser before it returns, in the order asked (decision 0088)', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server's readable CSRF cookie
    document.cookie = `${CSRF_COOKIE}=abc%20def; path=/`;
    const fetch = vi.fn(async () => answered());
    vi.stubGlobal('fetch', fetch);
    const first = csrfFetch('/api/graphql', { method: 'POST', body: '1' });
    const second = csrfFetch('/api/graphql', { method: 'POST', body: '2' });
    // No await yet: both are on their way, the first first.
    expect(fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].body)).toEqual(['1', '2']);
    await Promise.all([first, second]);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get(CSRF_HEADER)).toBe('abc def');
    expect(init.credentials).toBe('same-origin');
  });

  it('without the cookie, asks for it first, then sends the request with it', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      // The server sets the cookie on any answer when it is missing.
      // biome-ignore lint/suspicious/noDocumentCookie: what the server's Set-Cookie does
      if (String(input) === '/-/health') document.cookie = `${CSRF_COOKIE}=fresh; path=/`;
      return answered();
    });
    vi.stubGlobal('fetch', fetch);
    await csrfFetch('/api/graphql', { method: 'POST', body: '1' });
    expect(fetch.mock.calls.map((call) => String((call as unknown as [string])[0]))).toEqual([
      '/-/health',
      '/api/graphql',
    ]);
    const init = (fetch.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get(CSRF_HEADER)).toBe('fresh');
  });
});
