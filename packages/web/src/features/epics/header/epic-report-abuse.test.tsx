/** 'Report abuse' in the epic's actions menu (spec 001 §2.1, §6): who sees it, and what it reports. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserQueryDocument } from '../../../gql/graphql.ts';
import { buildPageEpic, renderEpicPage } from '../test/render-epic-page.tsx';

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  CurrentUserQuery: 'CurrentUserQuery',
  ReportAbuseUserQuery: 'ReportAbuseUserQuery',
} as const;

vi.mock('../child-items/child-items-panel.tsx', () => import('../test/page-part-placeholders.tsx'));
vi.mock('../sidebar/epic-sidebar.tsx', () => import('../test/page-part-placeholders.tsx'));

const ALICE = { id: 'gid://gitlab/User/2', name: 'Alice Liddell', username: 'alice' };
const BOB = { id: 'gid://gitlab/User/3', name: 'Bob Builder', username: 'bob' };

const epic = buildPageEpic({
  description: '',
  descriptionHtml: '',
  userPermissions: { __typename: 'EpicPermissions', updateEpic: false, destroyEpic: true, createEpic: false },
});

function setup(viewer: typeof ALICE | null) {
  const { client } = renderEpicPage(epic, {
    [op.CurrentUserQuery]: () => ({
      currentUser: viewer && {
        __typename: 'CurrentUser',
        ...viewer,
        avatarUrl: null,
        webPath: `/${viewer.username}`,
        admin: false,
      },
    }),
    [op.ReportAbuseUserQuery]: () => ({ user: { __typename: 'UserCore', ...ALICE } }),
  });
  return client;
}

/** The menu's items, once the page and the viewer (signed in or not) have loaded. */
async function menuItems(user: ReturnType<typeof userEvent.setup>, client: ReturnType<typeof setup>) {
  await screen.findByRole('heading', { name: 'Platform modernization', level: 1 });
  await waitFor(() => expect(client.readQuery({ query: CurrentUserQueryDocument })).not.toBeNull());
  await user.click(screen.getByRole('button', { name: 'Epic actions' }));
  const menu = screen.getByRole('menu', { name: 'Epic actions' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the report sends back
  document.cookie = '_milepost_csrf=token-1';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Report abuse on the epic page', { timeout: 20_000 }, () => {
  it('is offered to a signed-in viewer who is not the author, after Copy reference and View on roadmap', async () => {
    const user = userEvent.setup();
    const client = setup(BOB);
    expect(await menuItems(user, client)).toEqual(['Copy reference', 'View on roadmap', 'Report abuse', 'Delete epic']);
  });

  it.each([
    ['the author', ALICE],
    ['a signed-out visitor', null],
  ])('is not offered to %s', async (_who, viewer) => {
    const user = userEvent.setup();
    const client = setup(viewer);
    expect(await menuItems(user, client)).toEqual(['Copy reference', 'View on roadmap', 'Delete epic']);
  });

  it('opens the abuse drawer and reports the author from the epic’s URL', async () => {
    const user = userEvent.setup();
    // What the page sends by fetch, by address (the page may ask for other things meanwhile).
    const sent: { url: string; body: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push({ url: String(input instanceof Request ? input.url : input), body: String(init.body) });
        return new Response(JSON.stringify({ message: 'ok' }), { status: 201 });
      }),
    );
    const client = setup(BOB);
    expect(await menuItems(user, client)).toContain('Report abuse');
    await user.click(screen.getByRole('menuitem', { name: 'Report abuse' }));
    const drawer = await screen.findByRole('dialog', { name: 'Report abuse to administrator' });
    await user.click(within(drawer).getByRole('radio', { name: 'Something else.' }));
    await user.click(within(drawer).getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report abuse to administrator' })).toBeNull());
    const reports = sent.filter((request) => request.url.endsWith('/-/abuse_reports'));
    expect(reports).toHaveLength(1);
    const form = new URLSearchParams(reports[0]?.body);
    expect(form.get('user_id')).toBe('2');
    expect(form.get('abuse_report[reported_from_url]')).toBe(`${window.location.origin}/groups/acme/-/epics/5`);
  });
});
