/** The readable cookie the server sets with the CSRF token for this browser session. */
export const CSRF_COOKIE = '_milepost_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Reads the CSRF token from `document.cookie` at call time (it changes on sign-in). */
export function readCsrfToken(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let pending: Promise<void> | null = null;

/** Makes sure the CSRF cookie exists: the server sets it on any response when it is absent. */
export async function ensureCsrfToken(): Promise<string | null> {
  const existing = readCsrfToken();
  if (existing) return existing;
  pending ??= fetch('/-/health', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  await pending;
  return readCsrfToken();
}

/**
 * `fetch` that adds the CSRF header, obtaining the cookie first when it is missing. With the cookie
 * there, the request is handed to the browser at once, in the caller's task: requests asked one after
 * another leave in that order, before what the caller asks for next (the early script's first
 * requests before its page files' preloads, which would otherwise take the browser's six connections
 * to the server first; decision 0088).
 */
export function csrfFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set(CSRF_HEADER, token);
    return fetch(input, { ...init, headers, credentials: 'same-origin' });
  };
  const token = readCsrfToken();
  if (!token) return ensureCsrfToken().then(send);
  try {
    return send(token);
  } catch (error) {
    return Promise.reject(error);
  }
}
