import { describe, expect, it } from 'vitest';
import { readCsrfToken } from './csrf.ts';
import { safeRedirect } from './session.ts';

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
