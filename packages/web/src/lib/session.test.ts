import { describe, expect, it } from 'vitest';
import { readCsrfToken } from './csrf.ts';
import { safeRedirect, throttledMessage } from './session.ts';

describe('safeRedirect', () => {
  it.each([
    ['/acme/platform', '/acme/platform'],
    ['/groups/acme/-/epics?state=all', '/groups/acme/-/epics?state=all'],
    [null, '/dashboard/groups'],
    ['', '/dashboard/groups'],
    ['https://evil.example/', '/dashboard/groups'],
    ['//evil.example/', '/dashboard/groups'],
    ['/\\evil.example', '/dashboard/groups'],
    ['/users/sign_in?redirect=/x', '/dashboard/groups'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe('readCsrfToken', () => {
  it('finds the token among other cookies', () => {
    expect(readCsrfToken('a=1; _milepost_csrf=abc%3D; b=2')).toBe('abc=');
  });

  it('returns null when the cookie is absent', () => {
    expect(readCsrfToken('a=1; other_milepost_csrf=x')).toBeNull();
  });
});

describe('throttledMessage', () => {
  it.each([
    ['37', 'Too many sign-in attempts. Try again in 37 seconds.'],
    ['120', 'Too many sign-in attempts. Try again in 2 minutes.'],
    [null, 'Too many sign-in attempts. Try again later.'],
    ['soon', 'Too many sign-in attempts. Try again later.'],
  ])('Retry-After %s', (retryAfter, expected) => {
    expect(throttledMessage(retryAfter)).toBe(expected);
  });
});
