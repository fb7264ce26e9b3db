import { ABUSE_REPORT_THANKS } from '@milepost/shared/domain/abuse-report';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestClient, renderWithClient } from '../../features/roadmap/test/render-roadmap.tsx';
import {
  CATEGORY_LABEL,
  CATEGORY_REQUIRED,
  LINK_INVALID,
  MESSAGE_REQUIRED,
  ReportAbuseDrawer,
  TITLE,
} from './report-abuse-drawer.tsx';

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  ReportAbuseUserQuery: 'ReportAbuseUserQuery',
} as const;

const EPIC_URL = 'http://localhost:3000/groups/acme/-/epics/5';

type FetchCall = { url: string; method: string; form: URLSearchParams; csrf: string | null; type: string | null };

function stubFetch(respond: () => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({
        url: String(input),
        method: init.method ?? 'GET',
        form: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
        csrf: headers.get('X-CSRF-Token'),
        type: headers.get('Content-Type'),
      });
      return await respond();
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(props: { isOpen?: boolean } = {}) {
  const onClose = vi.fn();
  const { client, calls } = createTestClient({
    [op.ReportAbuseUserQuery]: () => ({
      user: { __typename: 'UserCore', id: 'gid://gitlab/User/7', name: 'Bob Builder', username: 'bob' },
    }),
  });
  renderWithClient(
    <ReportAbuseDrawer reportedUserId={7} reportedFromUrl={EPIC_URL} isOpen={props.isOpen ?? true} onClose={onClose} />,
    '/groups/acme/-/epics/5',
    client,
  );
  return { onClose, calls };
}

async function chooseAndContinue(user: ReturnType<typeof userEvent.setup>, reason: string) {
  await user.click(await screen.findByRole('radio', { name: reason }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return await screen.findByRole('button', { name: 'Send report' });
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the report sends back
  document.cookie = '_milepost_csrf=token-1';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReportAbuseDrawer', { timeout: 20_000 }, () => {
  it('is a dialog titled as GitLab’s, listing the eight reasons in GitLab’s words, none chosen', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByRole('heading', { name: TITLE })).toBeTruthy();
    const group = within(dialog).getByRole('radiogroup', { name: CATEGORY_LABEL });
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      "They're posting spam or unsolicited content.",
      "They're being offensive, harassing, or abusive.",
      "They're phishing or impersonating others.",
      "They're using Milepost to mine cryptocurrency.",
      "They're posting personal information or credentials.",
      "They're violating a copyright or trademark.",
      "They're distributing malware or malicious code.",
      'Something else.',
    ]);
    expect(
      within(group)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('renders nothing while closed', () => {
    setup({ isOpen: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('requires a reason: Next without one says so and stays on the first step', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText(CATEGORY_REQUIRED)).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: CATEGORY_LABEL }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Something else.' }));
    expect(screen.queryByText(CATEGORY_REQUIRED)).toBeNull();
  });

  it('Next leads to the report form: who, why (changeable), links and a message', async () => {
    const user = userEvent.setup();
    setup();
    await chooseAndContinue(user, "They're phishing or impersonating others.");
    expect(await screen.findByText('Bob Builder')).toBeTruthy();
    expect(screen.getByText('@bob')).toBeTruthy();
    expect(screen.getByText("They're phishing or impersonating others.")).toBeTruthy();
    expect(screen.getByText(EPIC_URL)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: 'Link to spam' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add another link' }));
    expect(screen.getAllByRole('textbox', { name: 'Link to spam' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(screen.getAllByRole('textbox', { name: 'Link to spam' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const chosen = screen.getByRole('radio', { name: "They're phishing or impersonating others." });
    expect((chosen as HTMLInputElement).checked).toBe(true);
  });

  it('requires a message and valid links before sending', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json({}));
    setup();
    await chooseAndContinue(user, 'Something else.');
    await user.type(screen.getByRole('textbox', { name: 'Link to spam' }), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText(LINK_INVALID)).toBeTruthy();
    expect(screen.getAllByText(MESSAGE_REQUIRED).length).toBeGreaterThan(1);
    expect(calls).toHaveLength(0);
  });

  it('sends GitLab’s form fields with the CSRF token, then closes with the confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => json({ message: ABUSE_REPORT_THANKS }, 201));
    const { onClose } = setup();
    await chooseAndContinue(user, "They're posting spam or unsolicited content.");
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  Posts ads in every epic  ');
    await user.type(screen.getByRole('textbox', { name: 'Link to spam' }), 'https://spam.example/1');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(ABUSE_REPORT_THANKS)).toBeTruthy();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({
      url: '/-/abuse_reports',
      method: 'POST',
      csrf: 'token-1',
      type: 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      authenticity_token: 'token-1',
      user_id: '7',
      'abuse_report[reported_from_url]': EPIC_URL,
      'abuse_report[category]': 'spam',
      'abuse_report[message]': 'Posts ads in every epic',
      'abuse_report[links_to_spam][]': 'https://spam.example/1',
    });
  });

  it.each([
    [
      422,
      { message: 'You have already reported this user for this reason.' },
      'You have already reported this user for this reason.',
    ],
    [401, { message: '401 Unauthorized' }, 'Your session has ended. Sign in again to report abuse.'],
    [404, { message: '404 User Not Found' }, 'The user you are reporting no longer exists.'],
    [500, { message: '500 Internal Server Error' }, 'Something went wrong while sending the report. Try again.'],
  ])('keeps the form open and shows the error of a %i', async (status, body, message) => {
    const user = userEvent.setup();
    stubFetch(() => json(body, status));
    const { onClose } = setup();
    await chooseAndContinue(user, 'Something else.');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please look');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Please look');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the server cannot be reached', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    setup();
    await chooseAndContinue(user, 'Something else.');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please look');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server could not be reached.');
  });

  it('closes with the close button and Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
