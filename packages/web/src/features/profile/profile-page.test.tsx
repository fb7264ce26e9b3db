import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_TYPE_ERROR } from '../../components/avatar-upload/avatar-crop.ts';
import { AccountQueryDocument } from '../../gql/graphql.ts';
import { jsonResponse, renderAccountPage } from './account-test-utils.tsx';
import { ProfilePage } from './profile-page.tsx';

type Overrides = { sendsEmail?: boolean; unconfirmedEmail?: string | null; avatarUrl?: string | null };

const account = ({
  sendsEmail = true,
  unconfirmedEmail = null,
  avatarUrl = null,
}: Overrides): MockLink.MockedResponse => ({
  request: { query: AccountQueryDocument },
  result: {
    data: {
      sendsEmail,
      currentUser: {
        __typename: 'CurrentUser',
        id: 'gid://gitlab/User/7',
        username: 'alice',
        name: 'Alice Liddell',
        avatarUrl,
        email: 'alice@example.com',
        unconfirmedEmail,
        publicEmail: null,
        bio: '',
        activeSessions: [],
      },
    },
  },
  maxUsageCount: 5,
});

const renderPage = (overrides: Overrides = {}) =>
  renderAccountPage(<ProfilePage />, '/-/profile', [account(overrides)]);

describe('ProfilePage', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the CSRF cookie the server would
    document.cookie = '_milepost_csrf=token';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current password for a new email, and says where the confirmation link went', async () => {
    const sent =
      'We sent a confirmation link to alice@example.org. Your email changes once you open it; until then it stays as it is.';
    const fetch = vi.fn().mockResolvedValue(jsonResponse(200, { message: sent }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await user.clear(email);
    await user.type(email, 'alice@example.org');
    await user.type(screen.getByLabelText(/Current password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Update profile settings' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/-/profile');
    expect(JSON.parse(String(init.body)).user).toMatchObject({
      email: 'alice@example.org',
      current_password: 'secret-password',
    });
    expect(await screen.findByText(sent)).toBeTruthy();
    // The field shows the email in use again: the new one waits for its link.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('alice@example.com');
  });

  it('shows a pending email with resend and cancel', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(jsonResponse(200, { message: 'We sent a confirmation link to new@example.com.' }));
    vi.stubGlobal('fetch', fetch);
    renderPage({ unconfirmedEmail: 'new@example.com' });
    expect(await screen.findByText('Confirm your new email')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() =>
      expect(fetch.mock.calls.map((c) => [c[0], c[1]?.method])).toEqual([['/users/confirmation', 'POST']]),
    );
    expect(await screen.findByText('We sent a confirmation link to new@example.com.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel email change' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]?.[0]).toBe('/-/profile/unconfirmed_email');
  });

  it('without email delivery, the email cannot be changed here and the page says who changes it', async () => {
    renderPage({ sendsEmail: false });
    const email = (await screen.findByLabelText(/^Email/)) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(/This server cannot send email/)).toBeTruthy();
  });

  it('refuses a file that is not a picture before sending anything, and removes an avatar', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(200, { message: 'Avatar was successfully removed.' }));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderPage({ avatarUrl: '/uploads/-/system/user/avatar/7/abc/avatar.png' });
    await screen.findByText('Public avatar');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['plain'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(AVATAR_TYPE_ERROR)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove avatar' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual(['/-/profile/avatar', 'DELETE']);
    expect(await screen.findByText('Avatar was successfully removed.')).toBeTruthy();
  });
});
