import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { EMPTY_FILTER_VALUE, FILTER_TOKEN_TYPES, type FilterToken } from '@milepost/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Observable } from 'rxjs';
import { vi } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { FilteredSearch, type FilteredSearchProps } from './filtered-search.tsx';
import { MOST_USED_EMOJI_PATH, resetMostUsedEmoji } from './use-most-used-emoji.ts';

/** The demo group's data the fake server answers from. */
const GROUP = { __typename: 'Group', id: 'gid://gitlab/Group/1', fullPath: 'acme', fullName: 'Acme Corp' };
export const USERS = [
  { id: 'gid://gitlab/User/1', username: 'alice', name: 'Alice Anders', avatarUrl: null },
  { id: 'gid://gitlab/User/2', username: 'bob', name: 'Bob Brown', avatarUrl: null },
  { id: 'gid://gitlab/User/3', username: 'carol', name: 'Carol Chen', avatarUrl: null },
];
export const LABELS = [
  { id: 'gid://gitlab/GroupLabel/1', title: 'bug', color: '#dd2b0e', textColor: '#FFFFFF' },
  { id: 'gid://gitlab/GroupLabel/2', title: 'priority::high', color: 'rgb(16, 104, 191)', textColor: '#FFFFFF' },
  { id: 'gid://gitlab/GroupLabel/3', title: 'odd', color: 'url(x)', textColor: '#FFFFFF' },
  // The same title in a subgroup: offered once.
  { id: 'gid://gitlab/GroupLabel/4', title: 'bug', color: '#00ff00', textColor: '#FFFFFF' },
];
export const MILESTONES = [
  { id: 'gid://gitlab/Milestone/1', title: 'v1.0' },
  { id: 'gid://gitlab/Milestone/2', title: 'v2.0' },
  { id: 'gid://gitlab/Milestone/3', title: 'v1.0' },
];
export const SUBGROUPS = [
  { id: 'gid://gitlab/Group/2', fullPath: 'acme/platform', fullName: 'Acme Corp / Platform' },
  { id: 'gid://gitlab/Group/3', fullPath: 'acme/secret-lab', fullName: 'Acme Corp / Secret Lab' },
];
export const EPICS = [
  { id: 'gid://gitlab/Epic/1', iid: '1', title: 'Launch' },
  { id: 'gid://gitlab/Epic/2', iid: '12', title: 'Billing revamp' },
];

const has = (text: string, search: unknown) =>
  typeof search !== 'string' || search === '' || text.toLowerCase().includes(search.toLowerCase());

type Variables = Record<string, unknown>;

function answer(operationName: string, v: Variables, subgroups: typeof SUBGROUPS): unknown {
  const nodes = <T,>(list: T[]) => ({ __typename: 'Connection', nodes: list });
  switch (operationName) {
    case 'FilterUsersQuery':
      return {
        group: {
          ...GROUP,
          autocompleteUsers: USERS.filter((u) => has(u.username, v.search) || has(u.name, v.search)).map((u) => ({
            __typename: 'AutocompletedUser',
            ...u,
          })),
        },
      };
    case 'FilterLabelsQuery': {
      const found = LABELS.filter((l) => (v.title ? l.title === v.title : has(l.title, v.searchTerm)));
      return {
        group: {
          ...GROUP,
          labels: {
            ...nodes(found.map((l) => ({ __typename: 'Label', ...l }))),
            __typename: 'LabelConnection',
          },
        },
      };
    }
    case 'FilterMilestonesQuery':
      return {
        group: {
          ...GROUP,
          milestones: {
            __typename: 'MilestoneConnection',
            nodes: MILESTONES.filter((m) => has(m.title, v.searchTitle)).map((m) => ({
              __typename: 'Milestone',
              ...m,
            })),
          },
        },
      };
    case 'FilterGroupsQuery': {
      // 100 at a time; the cursor is the offset.
      const all = subgroups.filter((g) => has(g.fullName, v.search));
      const offset = typeof v.after === 'string' ? Number(v.after) : 0;
      const page = all.slice(offset, offset + 100);
      const more = offset + 100 < all.length;
      return {
        group: {
          ...GROUP,
          descendantGroups: {
            __typename: 'GroupConnection',
            nodes: page.map((g) => ({ __typename: 'Group', ...g })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: more, endCursor: more ? String(offset + 100) : null },
          },
        },
      };
    }
    case 'FilterEpicsQuery':
      return {
        group: {
          ...GROUP,
          epics: {
            __typename: 'EpicConnection',
            nodes: EPICS.filter((e) =>
              typeof v.iidStartsWith === 'string' ? e.iid.startsWith(v.iidStartsWith) : has(e.title, v.search),
            ).map((e) => ({ __typename: 'Epic', ...e })),
          },
        },
      };
    default:
      throw new Error(`unexpected operation ${operationName}`);
  }
}

export type FakeServer = {
  calls: { operationName: string; variables: Variables }[];
  /** Operations that answer with an error ('award_emojis' for the most used reactions). */
  failing: Set<string>;
  subgroups: typeof SUBGROUPS;
  /** The signed-in user's most used reactions (`/-/autocomplete/award_emojis`). */
  mostUsedEmoji: string[];
};

export function createFakeServer(): { client: ApolloClient; server: FakeServer } {
  const server: FakeServer = { calls: [], failing: new Set(), subgroups: SUBGROUPS, mostUsedEmoji: [] };
  resetMostUsedEmoji();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      server.calls.push({ operationName: String(url), variables: {} });
      if (url !== MOST_USED_EMOJI_PATH || server.failing.has('award_emojis')) {
        return new Response('{"message":"500 Internal Server Error"}', { status: 500 });
      }
      const body = JSON.stringify(server.mostUsedEmoji.map((name) => ({ name })));
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const operationName = operation.operationName ?? '';
        server.calls.push({ operationName, variables: operation.variables });
        const timer = setTimeout(() => {
          if (server.failing.has(operationName)) observer.error(new Error('Internal server error'));
          else {
            observer.next({
              data: answer(operationName, operation.variables, server.subgroups) as Record<string, unknown>,
            });
            observer.complete();
          }
        }, 5);
        return () => clearTimeout(timer);
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), server };
}

export function renderFilteredSearch(
  props: Partial<FilteredSearchProps> = {},
  userOptions: Parameters<typeof userEvent.setup>[0] = {},
) {
  const { client, server } = createFakeServer();
  const onSubmit = vi.fn();
  const user = userEvent.setup(userOptions);
  const all: FilteredSearchProps = {
    namespacePath: 'acme',
    tokenTypes: [...FILTER_TOKEN_TYPES],
    value: EMPTY_FILTER_VALUE,
    onSubmit,
    recentSearchesKey: 'epics',
    signedIn: true,
    ...props,
  };
  const ui = (p: FilteredSearchProps) => (
    <ApolloProvider client={client}>
      <AlertsProvider>
        <MemoryRouter>
          <AlertsArea />
          <FilteredSearch {...p} />
        </MemoryRouter>
      </AlertsProvider>
    </ApolloProvider>
  );
  const result = render(ui(all));
  return {
    ...result,
    user,
    server,
    onSubmit,
    rerenderWith: (next: Partial<FilteredSearchProps>) => result.rerender(ui({ ...all, ...next })),
  };
}

export const input = () => screen.getByRole('combobox');
export const list = () => screen.getByRole('listbox');
export const optionNames = () =>
  within(list())
    .queryAllByRole('option')
    .map((o) => o.getAttribute('aria-label') ?? o.textContent);
export const tok = (type: FilterToken['type'], operator: FilterToken['operator'], value: string): FilterToken => ({
  type,
  operator,
  value,
});

/** Opens the list and picks a token type, then an operator when the type offers several. */
export async function startToken(user: UserEvent, title: string, operator?: 'is' | 'is not' | 'or') {
  await user.click(input());
  await user.click(within(list()).getByRole('option', { name: title }));
  if (operator) await user.click(within(list()).getByRole('option', { name: operator }));
}

export async function pick(user: UserEvent, name: string | RegExp) {
  await user.click(await within(list()).findByRole('option', { name }));
}
