import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAccountPage } from './account-test-utils.tsx';
import { PasswordPage } from './password-page.tsx';

const renderPage = () => renderAccountPage(<PasswordPage />, '/-/profile/password/edit');

describe('PasswordPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function fill(current: string, password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Current password/), current);
    await user.type(screen.getByLabelText(/^New password/), password);
    await user.type(screen.getByLabelText(/Password confirmation/), confirmation);
    await user.click(screen.getByRole('button', { name: 'Save password' }));
  }

  it('says when the confirmation does not match, without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await fill('old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByText("Password confirmation doesn't match Password")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's error, then saves and empties the form", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the CSRF cookie the server would
    document.cookie = '_milepost_csrf=token';
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(422, { message: 'Current password is invalid' }))
      .mockResolvedValueOnce(jsonResponse(200, { message: 'Password was successfully updated.' }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await fill('wrong-password', 'new-password-1', 'new-password-1');
    expect(await screen.findByText('Current password is invalid')).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/-/profile/password');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      user: { current_password: 'wrong-password', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    await fill('x', 'new-password-1', 'new-password-1');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // Saved: the form is emptied and the error is gone.
    await waitFor(() => expect((screen.getByLabelText(/Current password/) as HTMLInputElement).value).toBe(''));
    expect(screen.queryByText('Current password is invalid')).toBeNull();
  });
});
