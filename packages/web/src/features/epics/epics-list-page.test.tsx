import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import {
  CurrentUserQueryDocument,
  type EpicsListEpicFragment,
  EpicsListQueryDocument,
  type EpicsListQueryQueryVariables,
} from '../../gql/graphql.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { EpicsListPage } from './epics-list-page.tsx';

const group: ResolvedGroup = {
  id: 'gid://gitlab/Group/1',
  name: 'Acme',
  fullName: 'Acme',
  fullPath: 'acme',
  avatarUrl: null,
};

function epic(iid: number, patch: Partial<EpicsListEpicFragment> = {}): EpicsListEpicFragment {
  return {
    __typename: 'Epic',
    id: `gid://gitlab/Epic/${iid}`,
    iid: String(iid),
    title: `Epic ${iid}`,
    state: 'opened' as EpicsListEpicFragment['state'],
    confidential: false,
    webPath: `/groups/acme/-/epics/${iid}`,
    reference: `acme&${iid}`,
    startDate: '2026-01-01',
    dueDate: null,
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    closedAt: null,
    author: {
      __typename: 'UserCore',
      id: 'gid://gitlab/User/1',
      name: 'Alice Anderson',
      username: 'alice',
      webPath: '/alice',
    },
    group: { __typename: 'Group', id: 'gid://gitlab/Group/1', fullPath: 'acme' },
    labels: { __typename: 'LabelConnection', nodes: [] },
    userPermissions: { __typename: 'EpicPermissions', adminEpicRelation: true },
    descendantCounts: {
      __typename: 'EpicDescendantCount',
      openedEpics: 1,
      closedEpics: 1,
      openedIssues: 2,
      closedIssues: 1,
    },
    descendantWeightSum: { __typename: 'EpicDescendantWeights', openedIssues: 3, closedIssues: 1 },
    ...patch,
  } as EpicsListEpicFragment;
}

type Page = {
  epics: EpicsListEpicFragment[];
  opened?: number;
  closed?: number;
  hasNextPage?: boolean;
  createEpic?: boolean;
};

function listResult({ epics, opened = epics.length, closed = 0, hasNextPage = false, createEpic = true }: Page) {
  return {
    data: {
      group: {
        __typename: 'Group',
        id: group.id,
        fullPath: 'acme',
        userPermissions: { __typename: 'GroupPermissions', createEpic },
        epics: {
          __typename: 'EpicConnection',
          count: epics.length + (hasNextPage ? 20 : 0),
          nodes: epics,
          pageInfo: {
            __typename: 'PageInfo',
            hasNextPage,
            hasPreviousPage: false,
            startCursor: 'c3RhcnQ',
            endCursor: 'ZW5k',
          },
        },
        opened: { __typename: 'EpicConnection', count: opened },
        closed: { __typename: 'EpicConnection', count: closed },
      },
    },
  };
}

/** A mock answering every list query, recording its variables. */
function listMock(page: Page, seen: EpicsListQueryQueryVariables[]): MockLink.MockedResponse {
  return {
    request: {
      query: EpicsListQueryDocument,
      variables: (variables: EpicsListQueryQueryVariables) => {
        seen.push(variables);
        return true;
      },
    },
    result: listResult(page),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const signedIn: MockLink.MockedResponse = {
  request: { query: CurrentUserQueryDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'CurrentUser',
        id: 'gid://gitlab/User/1',
        username: 'alice',
        name: 'Alice Anderson',
        avatarUrl: null,
        webPath: '/alice',
        admin: false,
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

function renderPage(mocks: MockLink.MockedResponse[], url = '/groups/acme/-/epics') {
  const router = createMemoryRouter(
    [
      {
        path: '/groups/acme/-/epics',
        element: (
          <>
            <AlertsArea />
            <EpicsListPage group={group} />
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <MockedProvider mocks={[signedIn, ...mocks]}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
  return router;
}

const query = (router: ReturnType<typeof renderPage>) => decodeURIComponent(router.state.location.search);

describe('EpicsListPage', () => {
  it('lists epics with tabs, counts, references, dates, labels, child counts and progress', async () => {
    const seen: EpicsListQueryQueryVariables[] = [];
    renderPage([
      listMock(
        {
          epics: [
            epic(1, {
              confidential: true,
              labels: {
                __typename: 'LabelConnection',
                nodes: [
                  {
                    __typename: 'Label',
                    id: 'l1',
                    title: 'bug',
                    color: '#dd2b0e',
                    textColor: '#FFFFFF',
                    description: null,
                  },
                ],
              } as unknown as EpicsListEpicFragment['labels'],
            }),
            epic(2, {
              group: {
                __typename: 'Group',
                id: 'g2',
                fullPath: 'acme/platform',
              } as unknown as EpicsListEpicFragment['group'],
              reference: 'acme/platform&2',
            }),
          ],
          opened: 2,
          closed: 5,
        },
        seen,
      ),
    ]);
    const rows = await screen.findAllByTestId('epics-list-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Epic 1' }).getAttribute('href')).toBe('/groups/acme/-/epics/1');
    expect(within(first).getByRole('img', { name: 'Confidential' })).toBeTruthy();
    expect(within(first).getByText('&1')).toBeTruthy();
    expect(within(first).getByText('Jan 1, 2026 – No due date')).toBeTruthy();
    expect(within(first).getByRole('progressbar', { name: '25% weight completed' })).toBeTruthy();
    expect(within(first).getByTitle('2 child epics')).toBeTruthy();
    expect(within(first).getByTitle('3 child issues')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Filter by label bug' }).getAttribute('href')).toBe(
      '/groups/acme/-/epics?scope=all&state=opened&label_name%5B%5D=bug&sort=start_date_desc',
    );
    expect(within(second).getByText('platform&2')).toBeTruthy();

    const tabs = screen.getByRole('navigation', { name: 'Filter by state' });
    expect(within(tabs).getByRole('link', { name: 'Open 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Closed 5' }).getAttribute('href')).toBe(
      '/groups/acme/-/epics?scope=all&state=closed&sort=start_date_desc',
    );
    expect(within(tabs).getByRole('link', { name: 'All 7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New epic' }).getAttribute('href')).toBe('/groups/acme/-/epics/new');
    expect(seen.at(-1)).toMatchObject({ fullPath: 'acme', state: 'opened', sort: 'START_DATE_DESC', first: 20 });
  });

  it('reads the view from the URL (state, sort, is / is not / or filters, search in) and keeps it in tab links', async () => {
    const seen: EpicsListQueryQueryVariables[] = [];
    renderPage(
      [listMock({ epics: [epic(3)] }, seen)],
      '/groups/acme/-/epics?state=closed&sort=title_asc&label_name[]=bug&not[author_username]=bob&or[label_name][]=ui&or[label_name][]=ux&search=api&in=title',
    );
    await screen.findAllByTestId('epics-list-row');
    expect(seen.at(-1)).toMatchObject({
      state: 'closed',
      sort: 'TITLE_ASC',
      filters: {
        labelName: ['bug'],
        not: { authorUsername: 'bob' },
        or: { labelNames: ['ui', 'ux'] },
        search: 'api',
        in: ['TITLE'],
      },
      byParent: false,
    });
    const all = screen.getByRole('link', { name: /^All/ });
    expect(decodeURIComponent(all.getAttribute('href') ?? '')).toBe(
      '/groups/acme/-/epics?scope=all&state=all&label_name[]=bug&not[author_username]=bob&or[label_name][]=ui&or[label_name][]=ux&search=api&sort=title_asc&in=title',
    );
    expect(screen.getByRole('link', { name: /^Closed/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' })).toBeTruthy();
  });

  it("shows an epic token's child epics and a group token's epics", async () => {
    const seen: EpicsListQueryQueryVariables[] = [];
    renderPage([listMock({ epics: [] }, seen)], '/groups/acme/-/epics?group_path=acme/platform&epic_iid=4');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen.at(-1)).toMatchObject({
      fullPath: 'acme/platform',
      byParent: true,
      parentIid: '4',
      includeDescendantGroups: false,
    });
  });

  it('pages with Next and Previous links that carry the cursor', async () => {
    const seen: EpicsListQueryQueryVariables[] = [];
    const user = userEvent.setup();
    const router = renderPage([listMock({ epics: [epic(1)], hasNextPage: true }, seen)]);
    await screen.findAllByTestId('epics-list-row');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(query(router)).toBe('?scope=all&state=opened&sort=start_date_desc&page=2&next=ZW5k'));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ after: 'ZW5k', first: 20 }));
    await user.click(await screen.findByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(query(router)).toBe('?scope=all&state=opened&sort=start_date_desc'));
  });

  it('changes the sort and starts over at the first page', async () => {
    const seen: EpicsListQueryQueryVariables[] = [];
    const user = userEvent.setup();
    const router = renderPage([listMock({ epics: [epic(1)] }, seen)], '/groups/acme/-/epics?page=3&next=abc');
    await screen.findAllByTestId('epics-list-row');
    await user.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    await waitFor(() => expect(query(router)).toBe('?scope=all&state=opened&sort=start_date_asc'));
  });

  it('moves through the rows with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    renderPage([listMock({ epics: [epic(1), epic(2), epic(3)] }, [])]);
    const first = await screen.findByRole('link', { name: 'Epic 1' });
    act(() => first.focus());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Epic 2' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Epic 3' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Epic 2' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
  });

  it('in manual order moves an epic with Alt+ArrowDown (PUT …/reorder with its new neighbours) and reads the page again', async () => {
    const user = userEvent.setup();
    const sent: { url: string; body: unknown }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).endsWith('/reorder')) sent.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return new Response('{"message":null}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const seen: EpicsListQueryQueryVariables[] = [];
    renderPage([listMock({ epics: [epic(1), epic(2), epic(3)] }, seen)], '/groups/acme/-/epics?sort=relative_position');
    const first = await screen.findByRole('link', { name: 'Epic 1' });
    // Reorderable once the viewer is known too (the rows may come first).
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Epics' }).getAttribute('aria-describedby')).toBe('epics-reorder-hint'),
    );
    expect(screen.getAllByTestId('epics-list-row')[0]?.getAttribute('draggable')).toBe('true');
    const reads = seen.length;
    act(() => first.focus());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/groups/acme/-/epics/1/reorder',
      body: { move_before_id: 2, move_after_id: 3 },
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(reads));
    fetchSpy.mockRestore();
  });

  it('offers no dragging outside the manual order', async () => {
    renderPage([listMock({ epics: [epic(1), epic(2)] }, [])]);
    await screen.findByRole('link', { name: 'Epic 1' });
    expect(screen.getAllByTestId('epics-list-row')[0]?.getAttribute('draggable')).toBe('false');
    expect(screen.getByRole('list', { name: 'Epics' }).getAttribute('aria-describedby')).toBeNull();
  });

  it.each([
    [
      '',
      { epics: [], opened: 0, closed: 0 },
      'Epics let you manage your portfolio of projects more efficiently and with less effort',
      true,
    ],
    ['?state=opened', { epics: [], opened: 0, closed: 3 }, 'There are no open epics', true],
    ['?state=closed', { epics: [], opened: 3, closed: 0 }, 'There are no closed epics', true],
    ['?label_name[]=nope', { epics: [], opened: 0, closed: 0 }, 'Sorry, your filter produced no results', false],
  ])('empty state for %s', async (search, page, title, offersNewEpic) => {
    renderPage([listMock(page, [])], `/groups/acme/-/epics${search}`);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: 'New epic' })).toHaveLength(offersNewEpic ? 2 : 1);
  });

  it("hides 'New epic' without the permission", async () => {
    renderPage([listMock({ epics: [epic(1)], createEpic: false }, [])]);
    await screen.findAllByTestId('epics-list-row');
    expect(screen.queryByRole('link', { name: 'New epic' })).toBeNull();
  });

  it("says 'There was a problem fetching epics.' when the list fails", async () => {
    renderPage([{ request: { query: EpicsListQueryDocument, variables: () => true }, error: new Error('boom') }]);
    expect(await screen.findByText('There was a problem fetching epics.')).toBeTruthy();
  });
});
