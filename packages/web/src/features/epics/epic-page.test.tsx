import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALICE, viewer } from '../discussions/test/discussion-fixtures.ts';
import { absoluteTime } from '../issuables/format-created.ts';
import type { Handler } from '../roadmap/test/render-roadmap.tsx';
import { CONCURRENT_EDIT_MESSAGE } from './header/epic-edit-form.tsx';
import { holdTree } from './test/page-part-placeholders.tsx';
import { buildPageEpic, epicPageAnswer, renderEpicPage } from './test/render-epic-page.tsx';
import { TREE_FIRST_MS } from './use-rest-of-epic-page.ts';

// The child items, the sidebar and the linked items have their own tests; here they are placeholders.
vi.mock('./child-items/child-items-panel.tsx', () => import('./test/page-part-placeholders.tsx'));
vi.mock('./sidebar/epic-sidebar.tsx', () => import('./test/page-part-placeholders.tsx'));
vi.mock('./linked-items/linked-items.tsx', () => import('./test/page-part-placeholders.tsx'));

const NONE = { updateEpic: false, destroyEpic: false, createEpic: false, awardEmoji: false };

/** Handlers by operation name (entries: operation names are PascalCase, not components). */
const handlersOf = (entries: [string, Handler][]) => Object.fromEntries<Handler>(entries);

type FetchCall = { url: string; method: string; body?: unknown; csrf: string | null };

/** Stubs `fetch` for the page's REST/UI calls: `respond` answers each by URL and method. */
function stubFetch(respond: (call: FetchCall) => Response) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        csrf: headers.get('X-CSRF-Token'),
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function openActions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Epic actions' }));
  return screen.getByRole('menu', { name: 'Epic actions' });
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the page's writes send back
  document.cookie = '_milepost_csrf=token-1';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('EpicPage', { timeout: 20_000 }, () => {
  it('shows the state, who opened it and when, the title and the description', async () => {
    renderEpicPage(buildPageEpic({ confidential: true }));
    expect(await screen.findByRole('heading', { name: 'Platform modernization', level: 1 })).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('Confidential')).toBeTruthy();
    const time = screen.getByText('3 days ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-19T12:00:00Z');
    expect(time.closest('span')?.textContent).toBe('Opened 3 days ago by Alice Liddellalice');
    expect(screen.getByRole('link', { name: /Alice Liddell/ }).getAttribute('href')).toBe('/alice');
    expect(screen.getByText('everything').tagName).toBe('EM');
    expect(screen.queryByText(/The rest of the epic page is coming/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Child items of &5' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Sidebar of &5' })).toBeTruthy();
    expect(document.title).toBe('Platform modernization · Milepost');
  });

  it('shows the exact created time in a tooltip on keyboard focus', async () => {
    const user = userEvent.setup();
    renderEpicPage(buildPageEpic());
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    while (document.activeElement?.tagName !== 'TIME') await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    // The exact time in the viewer's time zone and date format (the shared date formatter).
    expect(tooltip.textContent).toBe(absoluteTime('2026-11-19T12:00:00Z'));
    expect(tooltip.textContent).toMatch(/^Nov 19, 2026 \d{2}:\d{2}$/);
  });

  it('offers Edit and every action to a user who may update, create and delete', async () => {
    const user = userEvent.setup();
    renderEpicPage(buildPageEpic());
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    const menu = await openActions(user);
    expect(itemNames(menu)).toEqual(['Close epic', 'New epic', 'Copy reference', 'View on roadmap', 'Delete epic']);
    expect(within(menu).getByRole('menuitem', { name: 'New epic' }).getAttribute('href')).toBe(
      '/groups/acme/-/epics/new',
    );
  });

  it('offers only Copy reference and View on roadmap without permissions (a signed-out visitor)', async () => {
    const user = userEvent.setup();
    renderEpicPage(buildPageEpic({ userPermissions: { __typename: 'EpicPermissions', ...NONE } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(itemNames(await openActions(user))).toEqual(['Copy reference', 'View on roadmap']);
  });

  it('closes and reopens through the epic JSON route and updates the badge', async () => {
    const user = userEvent.setup();
    let state = 'opened';
    const calls = stubFetch((call) => {
      state = call.url.endsWith('close') ? 'closed' : 'opened';
      return json({ state, lock_version: 3 });
    });
    const { client } = renderEpicPage(buildPageEpic());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Close epic' }));
    expect(await screen.findByText('Closed')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/groups/acme/-/epics/5.json?epic[state_event]=close',
      method: 'PUT',
      csrf: 'token-1',
    });
    expect((client.cache.extract() as Record<string, unknown>)['Epic:gid://gitlab/Epic/1']).toMatchObject({
      state: 'closed',
      lockVersion: 3,
    });

    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Reopen epic' }));
    expect(await screen.findByText('Open')).toBeTruthy();
    expect(calls[1]?.url).toBe('/groups/acme/-/epics/5.json?epic[state_event]=reopen');
  });

  it("says 'Unable to update this epic at this time.' when the state change fails, and keeps the state", async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ errors: ['nope'] }, 500));
    renderEpicPage(buildPageEpic());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Close epic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to update this epic at this time.');
    expect(screen.getByText('Open')).toBeTruthy();
  });

  it("copies the full reference and shows the toast 'Reference copied'", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderEpicPage(buildPageEpic());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Copy reference' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Reference copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('acme&5');
  });

  it('edits the title and description with a preview, based on the lock version', async () => {
    const user = userEvent.setup();
    const fetchCalls = stubFetch(() => json({ body: '<p><strong>New</strong> plan</p>' }));
    const update = vi.fn((variables: Record<string, unknown>) => {
      const input = variables.input as { title: string; description: string };
      return {
        updateEpic: {
          __typename: 'UpdateEpicPayload',
          epic: buildPageEpic({
            title: input.title,
            description: input.description,
            descriptionHtml: '<p><strong>New</strong> plan</p>',
            lockVersion: 3,
          }),
          errors: [],
        },
      };
    });
    renderEpicPage(buildPageEpic(), handlersOf([['UpdateEpicDescriptionMutation', update]]));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Platform modernization');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText("Title can't be blank.")).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await user.type(title, '  Platform 2027  ');
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, '**New** plan');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const panel = screen.getByRole('tabpanel', { name: 'Preview' });
    expect((await within(panel).findByText('New')).tagName).toBe('STRONG');
    expect(fetchCalls[0]).toMatchObject({
      url: '/groups/acme/-/preview_markdown?target_type=Epic&target_id=5',
      method: 'POST',
      body: { text: '**New** plan' },
      csrf: 'token-1',
    });

    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('**New** plan');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Platform 2027', level: 1 })).toBeTruthy();
    expect(update).toHaveBeenCalledWith({
      input: { groupPath: 'acme', iid: '5', title: 'Platform 2027', description: '**New** plan', lockVersion: 2 },
    });
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('keeps the user’s text and shows the latest version when someone else saved first', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const latest = buildPageEpic({
      title: 'Their title',
      description: 'Their words',
      descriptionHtml: '<p>Their words</p>',
      lockVersion: 4,
    });
    // Stale until the save is based on the latest version (4).
    const update = vi.fn((variables: Record<string, unknown>) => {
      const input = variables.input as { lockVersion: number; description: string };
      return {
        updateEpic: {
          __typename: 'UpdateEpicPayload',
          epic: input.lockVersion === 4 ? buildPageEpic({ description: input.description, lockVersion: 5 }) : null,
          errors:
            input.lockVersion === 4
              ? []
              : [
                  'Someone edited this epic at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.',
                ],
        },
      };
    });
    renderEpicPage(
      buildPageEpic(),
      handlersOf([
        [
          'EpicPageQuery',
          () => {
            reads += 1;
            return epicPageAnswer(reads === 1 ? buildPageEpic() : latest);
          },
        ],
        ['UpdateEpicDescriptionMutation', update],
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.type(description, ' and more');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect((await screen.findByRole('alert')).textContent).toBe(CONCURRENT_EDIT_MESSAGE);
    const latestVersion = await screen.findByRole('region', { name: 'Latest version' });
    expect(within(latestVersion).getByText('Their title')).toBeTruthy();
    expect(within(latestVersion).getByText('Their words')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Move *everything* and more',
    );
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Platform modernization');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull());
    expect(update).toHaveBeenCalledTimes(2);
    expect(update.mock.calls[1]?.[0]).toMatchObject({
      input: { lockVersion: 4, description: 'Move *everything* and more' },
    });
  });

  it('saves on the latest version when only other attributes changed meanwhile (no conflict)', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const STALE =
      'Someone edited this epic at the same time you did. Please refresh your browser and make sure your changes will not unintentionally remove theirs.';
    const update = vi.fn((variables: Record<string, unknown>) => {
      const input = variables.input as { lockVersion: number; title: string };
      return {
        updateEpic: {
          __typename: 'UpdateEpicPayload',
          epic: input.lockVersion === 7 ? buildPageEpic({ title: input.title, lockVersion: 8 }) : null,
          errors: input.lockVersion === 7 ? [] : [STALE],
        },
      };
    });
    renderEpicPage(
      buildPageEpic(),
      handlersOf([
        [
          'EpicPageQuery',
          () => {
            reads += 1;
            // Closed by someone else meanwhile: same title and description, a newer lock version.
            const epic = reads === 1 ? buildPageEpic() : buildPageEpic({ state: 'closed', lockVersion: 7 });
            return epicPageAnswer(epic);
          },
        ],
        ['UpdateEpicDescriptionMutation', update],
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' 2027');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Platform modernization 2027', level: 1 })).toBeTruthy();
    expect(update.mock.calls.map(([v]) => (v as { input: { lockVersion: number } }).input.lockVersion)).toEqual([2, 7]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Cancel leaves the edit form without saving', async () => {
    const user = userEvent.setup();
    renderEpicPage(buildPageEpic());
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Platform modernization', level: 1 })).toBeTruthy();
  });

  it('deletes after confirmation and goes to the epics list with a confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { router } = renderEpicPage(buildPageEpic());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Delete epic' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete epic' });
    expect(within(dialog).getByText('Delete this epic and release all child items?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete epic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/acme/-/epics'));
    expect(calls[0]).toMatchObject({ url: '/api/v4/groups/acme/epics/5', method: 'DELETE', csrf: 'token-1' });
    expect(await screen.findByText('The epic was successfully deleted.')).toBeTruthy();
  });

  it('keeps the page and says so when the delete fails', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ message: '403 Forbidden' }, 403));
    const { router } = renderEpicPage(buildPageEpic());
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Delete epic' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete epic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to delete this epic at this time.');
    expect(router.state.location.pathname).toBe('/groups/acme/-/epics/5');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('puts Edit inside the actions menu on narrow screens', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: true, addEventListener: () => undefined, removeEventListener: () => undefined })),
    );
    renderEpicPage(buildPageEpic());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const menu = await openActions(user);
    expect(itemNames(menu)).toEqual([
      'Edit',
      'Close epic',
      'New epic',
      'Copy reference',
      'View on roadmap',
      'Delete epic',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
  });

  it('is a 404 when the epic does not exist or is hidden', async () => {
    renderEpicPage(null);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('shows the epic’s reactions below its description, the same row as the issue page’s', async () => {
    const user = userEvent.setup();
    const { calls } = renderEpicPage(
      buildPageEpic(),
      handlersOf([
        ['CurrentUserQuery', () => viewer(ALICE)],
        ['AwardEmojiToggleMutation', () => ({ awardEmojiToggle: { toggledOn: true, errors: [] } })],
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'React with :thumbsup:' }));
    expect((await screen.findByRole('button', { name: 'You reacted with :thumbsup:' })).textContent).toBe('👍1');
    expect(calls.find((c) => c.operationName === 'AwardEmojiToggleMutation')?.variables).toEqual({
      input: { awardableId: 'gid://gitlab/Epic/1', name: 'thumbsup' },
    });
    expect(screen.getByRole('button', { name: 'Add reaction' })).toBeTruthy();
  });

  it('draws the header and the tree first; the sidebar, linked items and activity once the tree is painted', async () => {
    holdTree.held = true;
    try {
      const { calls } = renderEpicPage(buildPageEpic());
      expect(await screen.findByRole('heading', { name: 'Platform modernization', level: 1 })).toBeTruthy();
      const sidebar = screen.getByRole('complementary', { name: 'Sidebar of &5' });
      const linked = screen.getByRole('region', { name: 'Linked items of &5' });
      expect(sidebar.getAttribute('aria-busy')).toBe('true');
      expect(linked.getAttribute('aria-busy')).toBe('true');
      expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
      expect(calls.some((c) => c.operationName === 'EpicDiscussionsQuery')).toBe(false);

      await userEvent.click(screen.getByRole('button', { name: 'Draw the tree' }));
      expect(await screen.findByRole('heading', { name: 'Activity' })).toBeTruthy();
      expect(sidebar.getAttribute('aria-busy')).toBe('false');
      expect(linked.getAttribute('aria-busy')).toBe('false');
      await waitFor(() => expect(calls.some((c) => c.operationName === 'EpicDiscussionsQuery')).toBe(true));
    } finally {
      holdTree.held = false;
    }
  });

  it(`mounts the rest without the tree when its first page takes longer than ${TREE_FIRST_MS} ms`, async () => {
    holdTree.held = true;
    try {
      renderEpicPage(buildPageEpic());
      expect(await screen.findByRole('heading', { name: 'Platform modernization', level: 1 })).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'Sidebar of &5' }).getAttribute('aria-busy')).toBe('true');
      expect(await screen.findByRole('heading', { name: 'Activity' }, { timeout: TREE_FIRST_MS * 3 })).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'Sidebar of &5' }).getAttribute('aria-busy')).toBe('false');
    } finally {
      holdTree.held = false;
    }
  });
});
