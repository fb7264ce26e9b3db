import { csrfFetch } from './csrf.ts';

export const INVALID_LOGIN_MESSAGE = 'Invalid login or password.';

/** Raised when signing in fails; `message` is the server's text, shown to the user as is. */
export class SignInError extends Error {
  override name = 'SignInError';
}

async function messageFrom(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // not JSON: fall through to the generic text
  }
  return null;
}

/** The sign-in throttle's answer (429 `Retry later` with `Retry-After` in seconds), in words. */
export function throttledMessage(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Too many sign-in attempts. Try again later.';
  const wait = seconds < 60 ? `${Math.ceil(seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many sign-in attempts. Try again in ${wait}.`;
}

/** POST /users/sign_in with the login (username or email) and password. */
export async function signIn(login: string, password: string): Promise<void> {
  let response: Response;
  try {
    response = await csrfFetch('/users/sign_in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ login, password }),
    });
  } catch {
    throw new SignInError('Could not reach the server. Check your connection and try again.');
  }
  if (response.ok) return;
  if (response.status === 429) throw new SignInError(throttledMessage(response.headers.get('Retry-After')));
  const message = await messageFrom(response);
  if (response.status === 401) throw new SignInError(message ?? INVALID_LOGIN_MESSAGE);
  throw new SignInError(message ?? `Sign in failed (${response.status}). Try again.`);
}

/** POST /users/sign_out; the server ends the session and answers 204. */
export async function signOut(): Promise<void> {
  const response = await csrfFetch('/users/sign_out', { method: 'POST', headers: { Accept: 'application/json' } });
  if (!response.ok && response.status !== 401) {
    throw new Error((await messageFrom(response)) ?? `Sign out failed (${response.status}).`);
  }
}

/** Only same-origin paths may be redirected to after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard/groups'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/users/sign_in')) return fallback;
  return target;
}
