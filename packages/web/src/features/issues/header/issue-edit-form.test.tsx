import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTORED_DRAFT_MESSAGE } from '../../../components/markdown-editor/use-markdown-draft.tsx';
import { buildPageIssue, renderIssuePage } from '../test/render-issue-page.tsx';
import { concurrentEditMessage, OUTDATED_DRAFT_MESSAGE } from './issue-edit-form.tsx';

type FetchCall = { url: string; method: string; body?: unknown; headers: Headers };

/** Stubs `fetch` for the page's UI JSON calls; `respond` answers each (realtime polls get 304 unless it answers). */
function stubFetch(respond: (call: FetchCall) => Response | undefined) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      return respond(call) ?? new Response(null, { status: 304, headers: { 'Poll-Interval': '3000' } });
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const puts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'PUT');

async function openForm(user: ReturnType<typeof userEvent.setup>, name = 'Edit issue') {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.getByRole('form', { name });
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the CSRF cookie the page's writes send back
  document.cookie = '_milepost_csrf=token-1';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('IssueEditForm', { timeout: 20_000 }, () => {
  it('saves title and description at the lock version (no issue_type when unchanged) and closes', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((c) =>
      c.method === 'PUT' ? json({ web_url: '/acme/platform/-/issues/12', lock_version: 3 }) : undefined,
    );
    const { calls: operations } = renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Checkout fails on Safari 18');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), ' now');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit issue' })).toBeNull());
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]).toMatchObject({
      url: '/acme/platform/-/issues/12.json',
      body: { issue: { title: 'Checkout fails on Safari 18', description: 'Steps: *pay* now', lock_version: 2 } },
    });
    expect(puts(calls)[0]?.headers.get('X-CSRF-Token')).toBe('token-1');
    expect(operations.filter((o) => o.operationName === 'IssuePageQuery').length).toBeGreaterThan(1);
    expect(window.localStorage.length).toBe(0);
  });

  it('saves with Ctrl+Enter from the description', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((c) =>
      c.method === 'PUT' ? json({ web_url: '/acme/platform/-/issues/12', lock_version: 3 }) : undefined,
    );
    renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), '!{Control>}{Enter}{/Control}');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ issue: { description: 'Steps: *pay*!' } });
  });

  it('refuses a blank title before sending anything', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => undefined);
    renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    await user.clear(within(form).getByRole('textbox', { name: 'Title' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Title can't be blank.")).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it("says 'Error updating issue. …' with the server's message and keeps the text", async () => {
    const user = userEvent.setup();
    stubFetch((c) => (c.method === 'PUT' ? json({ errors: ['Description is too long'] }, 422) : undefined));
    renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), ' more');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error updating issue. Description is too long')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveProperty('value', 'Steps: *pay* more');
  });

  it('on 409 keeps the text, shows the latest version and the spec’s alert, then saves on it', async () => {
    const user = userEvent.setup();
    let version = 0;
    const calls = stubFetch((c) => {
      if (c.method !== 'PUT') return undefined;
      version += 1;
      return version === 1
        ? json({ errors: ['Someone edited this issue at the same time you did. Please refresh…'] }, 409)
        : json({ web_url: '/acme/platform/-/issues/12', lock_version: 4 });
    });
    let reads = 0;
    const answer = () => {
      reads += 1;
      const theirs =
        reads > 1
          ? { title: 'Theirs', description: 'their text', descriptionHtml: '<p>their text</p>', lockVersion: 3 }
          : {};
      return {
        project: {
          __typename: 'Project',
          id: 'gid://gitlab/Project/3',
          userPermissions: { __typename: 'ProjectPermissions', createIncident: true },
          issue: buildPageIssue(theirs),
        },
      };
    };
    // Entries: operation names are PascalCase, not components.
    renderIssuePage(buildPageIssue(), Object.fromEntries([['IssuePageQuery', answer]]));
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), ' mine');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(concurrentEditMessage('issue'))).toBeTruthy();
    const latest = screen.getByRole('region', { name: 'Latest version' });
    expect(within(latest).getByText('Theirs')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveProperty('value', 'Steps: *pay* mine');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit issue' })).toBeNull());
    expect(puts(calls).map((c) => (c.body as { issue: { lock_version: number } }).issue.lock_version)).toEqual([2, 3]);
  });

  it('changes the type to incident (issue_type sent) and goes to the returned incident URL', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((c) =>
      c.method === 'PUT'
        ? json({ web_url: '/acme/platform/-/issues/incident/12', lock_version: 3, issue_type: 'incident' })
        : undefined,
    );
    const { router } = renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: /Issue type/ }));
    await user.click(await screen.findByRole('option', { name: 'Incident' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/platform/-/issues/incident/12'));
    expect(puts(calls)[0]?.body).toMatchObject({ issue: { issue_type: 'incident', lock_version: 2 } });
  });

  it('offers no type selector without createIncident on an issue', async () => {
    const user = userEvent.setup();
    stubFetch(() => undefined);
    renderIssuePage(buildPageIssue(), {}, { canCreateIncident: false });
    const form = await openForm(user);
    expect(within(form).queryByRole('button', { name: /Issue type/ })).toBeNull();
  });

  it('autosaves a draft, restores it, and offers Keep or Discard when the issue changed since', async () => {
    const user = userEvent.setup();
    stubFetch(() => undefined);
    const key = 'autosave//acme/platform/-/issues/12';
    window.localStorage.setItem(`${key}/title`, 'Draft title');
    window.localStorage.setItem(`${key}/description`, 'Draft text');
    window.localStorage.setItem(`${key}/lockVersion`, '1');
    renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Draft title');
    expect(screen.getByText(OUTDATED_DRAFT_MESSAGE)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Checkout fails on Safari');
    expect(window.localStorage.getItem(`${key}/title`)).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '!');
    expect(window.localStorage.getItem(`${key}/title`)).toBe('Checkout fails on Safari!');
    expect(window.localStorage.getItem(`${key}/lockVersion`)).toBe('2');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem(`${key}/title`)).toBeNull();
  });

  it('restores a draft of the same version with a notice, without asking', async () => {
    const user = userEvent.setup();
    stubFetch(() => undefined);
    const key = 'autosave//acme/platform/-/issues/12';
    window.localStorage.setItem(`${key}/title`, 'Draft title');
    window.localStorage.setItem(`${key}/description`, 'Draft text');
    window.localStorage.setItem(`${key}/lockVersion`, '2');
    renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    expect(within(form).getByRole('textbox', { name: 'Description' })).toHaveProperty('value', 'Draft text');
    expect(screen.queryByText(OUTDATED_DRAFT_MESSAGE)).toBeNull();
    expect(screen.getByText(RESTORED_DRAFT_MESSAGE)).toBeTruthy();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    stubFetch(() => undefined);
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const { router } = renderIssuePage(buildPageIssue());
    const form = await openForm(user);
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '!');
    await act(() => router.navigate('/acme/platform/-/issues'));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to lose your issue information?');
    expect(router.state.location.pathname).toBe('/acme/platform/-/issues/12');
  });

  it('shows the spec’s alert when polling finds someone else’s edit while the form is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = stubFetch((c) =>
      c.url.endsWith('/realtime_changes')
        ? json(
            {
              title: 'Renamed',
              title_text: 'Renamed',
              description: '<p>new</p>',
              description_text: 'new',
              task_completion_status: { count: 0, completed_count: 0 },
              lock_version: 3,
            },
            200,
            { 'Poll-Interval': '-1', ETag: 'W/"1"' },
          )
        : undefined,
    );
    renderIssuePage(buildPageIssue({ type: 'INCIDENT' }));
    const form = await openForm(user, 'Edit incident');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText(concurrentEditMessage('incident'))).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Latest version' })).getByText('Renamed')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/realtime_changes'))?.url).toBe(
      '/acme/platform/-/issues/12/realtime_changes',
    );
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Checkout fails on Safari');
  });
});
