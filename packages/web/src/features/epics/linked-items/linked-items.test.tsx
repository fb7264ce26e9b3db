import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, setCookie } from '../../../test/cookies.ts';
import type { RelatedEpicItem } from '../../issuables/linked-items/linked-items-api.ts';
import { createTestClient, type Handler, renderWithClient } from '../../roadmap/test/render-roadmap.tsx';
import { EMPTY_TEXT, LinkedItems } from './linked-items.tsx';

const PATH = '/groups/acme/-/epics/1/related_epic_links';

function item(iid: number, linkType: RelatedEpicItem['link_type'], overrides: Partial<RelatedEpicItem> = {}) {
  return {
    id: 100 + iid,
    iid,
    title: `Epic ${iid}`,
    state: 'opened',
    confidential: false,
    created_at: '2026-11-01T10:00:00Z',
    closed_at: null,
    reference: `&${iid}`,
    path: `/groups/acme/-/epics/${iid}`,
    relation_path: `${PATH}/${iid}`,
    related_epic_link_id: iid,
    link_type: linkType,
    ...overrides,
  } satisfies RelatedEpicItem;
}

type Call = { method: string; url: string; body: unknown };

/** A fetch answering by "METHOD url"; records every call. */
function stubFetch(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${url}`] ?? { status: 200, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  setCookie('_milepost_csrf', 'token');
  return calls;
}

function renderLinkedItems(canAdmin = true) {
  // Entries: operation names are PascalCase, not components.
  const { client } = createTestClient(
    Object.fromEntries<Handler>([
      [
        'LinkedItemsPermissionsQuery',
        () => ({
          group: {
            __typename: 'Group',
            id: 'gid://gitlab/Group/1',
            epic: {
              __typename: 'Epic',
              id: 'gid://gitlab/Epic/1',
              userPermissions: { __typename: 'EpicPermissions', adminEpicRelation: canAdmin },
            },
          },
        }),
      ],
    ]),
  );
  renderWithClient(<LinkedItems groupFullPath="acme" iid="1" />, '/groups/acme/-/epics/1', client);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearCookies();
});

describe('LinkedItems', () => {
  it('shows the empty state and a zero count; Add only with permission', async () => {
    stubFetch({ [`GET ${PATH}`]: { body: [] } });
    renderLinkedItems(false);
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Linked items' })).toBeTruthy();
    expect(screen.getByText('0 linked epics')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add linked epic' })).toBeNull();
  });

  it('groups linked epics under Blocks, Is blocked by and Relates to, with state and reference', async () => {
    stubFetch({
      [`GET ${PATH}`]: {
        body: [
          item(2, 'relates_to'),
          item(3, 'is_blocked_by', { state: 'closed', reference: 'acme/platform&3' }),
          item(4, 'blocks', { relation_path: null }),
        ],
      },
    });
    renderLinkedItems();
    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['Blocks', 'Is blocked by', 'Relates to']);
    const blockedBy = screen.getByRole('region', { name: 'Is blocked by' });
    expect(within(blockedBy).getByRole('img', { name: 'Closed epic' })).toBeTruthy();
    expect(within(blockedBy).getByRole('link', { name: 'Epic 3' }).getAttribute('href')).toBe('/groups/acme/-/epics/3');
    expect(within(blockedBy).getByText('acme/platform&3')).toBeTruthy();
    expect(screen.getByText('3 linked epics')).toBeTruthy();
    // Only links the user may remove get a remove button.
    expect(screen.getByRole('button', { name: 'Remove Epic 2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Epic 4' })).toBeNull();
  });

  it('collects pending references, then adds them with the chosen relation type', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: { body: { message: null, issuables: [item(3, 'blocks'), item(4, 'blocks')] } },
    });
    renderLinkedItems();
    await screen.findByText(EMPTY_TEXT);
    await user.click(screen.getByRole('button', { name: 'Add linked epic' }));
    const form = screen.getByRole('form', { name: 'Add a linked epic' });
    const add = within(form).getByRole('button', { name: 'Add' });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect((within(form).getByRole('radio', { name: 'relates to' }) as HTMLInputElement).checked).toBe(true);

    const input = within(form).getByRole('textbox', { name: 'the following epics' });
    await user.type(input, '&3 &5  &3 acme&4 ');
    const pending = within(form).getByRole('list', { name: 'Pending epic references' });
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['&3', '&5', 'acme&4']);
    expect(add.hasAttribute('disabled')).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Remove &5' }));
    await user.click(within(form).getByRole('radio', { name: 'blocks' }));
    await user.click(add);

    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      issuable_references: ['&3', 'acme&4'],
      link_type: 'blocks',
    });
    expect(screen.getByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Epic 4' })).toBeTruthy();
  });

  it('shows the server message inline and keeps the form and its references', async () => {
    const user = userEvent.setup();
    const message = 'No matching epic found. Make sure that you are adding a valid epic URL.';
    stubFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: { status: 404, body: { message } },
    });
    renderLinkedItems();
    await screen.findByText(EMPTY_TEXT);
    await user.click(screen.getByRole('button', { name: 'Add linked epic' }));
    const form = screen.getByRole('form', { name: 'Add a linked epic' });
    await user.type(within(form).getByRole('textbox', { name: 'the following epics' }), '&404');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(message)).toBeTruthy();
    expect(within(form).getByRole('list', { name: 'Pending epic references' }).textContent).toContain('&404');
    expect(within(form).getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(false);
  });

  it('removes a link after confirmation', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      [`GET ${PATH}`]: { body: [item(2, 'relates_to'), item(3, 'blocks')] },
      [`DELETE ${PATH}/2`]: { body: { issuables: [item(3, 'blocks')] } },
    });
    renderLinkedItems();
    await user.click(await screen.findByRole('button', { name: 'Remove Epic 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove linked epic' });
    expect(dialog.textContent).toContain('Are you sure you want to remove the link to Epic 2 (&2)?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Epic 2' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `${PATH}/2`)).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Relates to' })).toBeNull();
  });

  it('reports a failed fetch inline', async () => {
    stubFetch({ [`GET ${PATH}`]: { status: 500, body: {} } });
    renderLinkedItems();
    expect(await screen.findByText('Something went wrong while fetching linked epics.')).toBeTruthy();
  });
});
