import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies.ts';
import { SignInForm } from './sign-in-form.tsx';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fillAndSubmit(login: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Username or primary email/), { target: { value: login } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
}

describe('SignInForm', () => {
  it("shows the server's 'Invalid login or password.' when the credentials are wrong", async () => {
    setCookie('_milepost_csrf', 'token-123');
    const fetchMock = vi.fn(async () => jsonResponse(401, { message: 'Invalid login or password.' }));
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);

    fillAndSubmit('alice', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid login or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('posts login and password with the CSRF header, then reports success', async () => {
    setCookie('_milepost_csrf', 'token-456');
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { user: { id: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSignedIn = vi.fn();
    render(<SignInForm onSignedIn={onSignedIn} />);

    fillAndSubmit('alice', 'demo-password-123');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/users/sign_in');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('token-456');
    expect(JSON.parse(String(init?.body))).toEqual({ login: 'alice', password: 'demo-password-123' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fetches the CSRF cookie first when it is missing', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
      if (url === '/-/health') {
        setCookie('_milepost_csrf', 'fresh');
        return new Response('GitLab OK');
      }
      return jsonResponse(401, { message: 'Invalid login or password.' });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<SignInForm onSignedIn={vi.fn()} />);

    fillAndSubmit('alice', 'x');

    await screen.findByRole('alert');
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/-/health', '/users/sign_in']);
    const init = fetchMock.mock.calls[1]?.[1] as RequestInit | undefined;
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('fresh');
  });
});
