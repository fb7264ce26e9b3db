import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { CadenceIterationsQueryDocument, IterationCadencesQueryDocument } from '../../gql/graphql.ts';
import { CADENCES_LOAD_ERROR, CadencesPage } from './cadences-page.tsx';

const GROUP = {
  __typename: 'Group' as const,
  id: 'gid://gitlab/Group/1',
  name: 'Acme',
  fullName: 'Acme',
  fullPath: 'acme',
  avatarUrl: null,
};
const CADENCE = {
  __typename: 'IterationCadence' as const,
  id: 'gid://gitlab/Iterations::Cadence/3',
  title: 'Sprints',
  description: null,
  automatic: true,
  active: true,
  startDate: '2026-11-02',
  durationInWeeks: 2,
  iterationsInAdvance: 2,
  rollOver: false,
};

function cadencesMock(nodes: (typeof CADENCE)[], admin: boolean): MockLink.MockedResponse {
  return {
    request: { query: IterationCadencesQueryDocument, variables: { fullPath: 'acme' } },
    result: {
      data: {
        group: {
          __typename: 'Group',
          id: GROUP.id,
          userPermissions: { __typename: 'GroupPermissions', adminIteration: admin, adminIterationCadence: admin },
          iterationCadences: { __typename: 'IterationCadenceConnection', count: nodes.length, nodes },
        },
      },
    },
  };
}

function iterationsMock(state: string, sort: string): MockLink.MockedResponse {
  return {
    request: {
      query: CadenceIterationsQueryDocument,
      variables: { fullPath: 'acme', cadenceId: CADENCE.id, state, sort, first: 20 },
    },
    result: {
      data: {
        group: {
          __typename: 'Group',
          id: GROUP.id,
          iterations: {
            __typename: 'IterationConnection',
            count: 2,
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            nodes: [
              {
                __typename: 'Iteration',
                id: 'gid://gitlab/Iteration/8',
                title: null,
                startDate: '2026-11-16',
                dueDate: '2026-11-29',
                state: 'current',
                webPath: '/groups/acme/-/iterations/8',
              },
              {
                __typename: 'Iteration',
                id: 'gid://gitlab/Iteration/9',
                title: 'Polish',
                startDate: '2026-11-30',
                dueDate: '2026-12-13',
                state: 'upcoming',
                webPath: '/groups/acme/-/iterations/9',
              },
            ],
          },
        },
      },
    },
  };
}

function renderPage(mocks: MockLink.MockedResponse[], url = '/groups/acme/-/cadences') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <MockedProvider mocks={mocks}>
        <AlertsProvider>
          <ToastProvider>
            <AlertsArea />
            <CadencesPage group={GROUP} />
          </ToastProvider>
        </AlertsProvider>
      </MockedProvider>
    </MemoryRouter>,
  );
}

describe('CadencesPage', () => {
  it('lists a cadence with its schedule and its open iterations, soonest first, for a Reporter+', async () => {
    renderPage([cadencesMock([CADENCE], true), iterationsMock('opened', 'CADENCE_AND_DUE_DATE_ASC')]);
    const cadence = await screen.findByRole('region', { name: 'Sprints' });
    expect(within(cadence).getByText('Every 2 weeks, automatic scheduling')).toBeTruthy();
    const rows = await within(cadence).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Nov 16 – 29, 2026Current', 'PolishNov 30 – Dec 13, 2026Upcoming']);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Polish' })
        .getAttribute('href'),
    ).toBe('/groups/acme/-/iterations/9');
    expect(screen.getByRole('link', { name: 'New iteration cadence' })).toBeTruthy();
    expect(within(cadence).getByRole('link', { name: 'Edit Sprints' }).getAttribute('href')).toBe(
      '/groups/acme/-/cadences/3/edit',
    );
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');
  });

  it('reads the Done tab from the URL, latest first, and hides the actions from others', async () => {
    renderPage(
      [cadencesMock([CADENCE], false), iterationsMock('closed', 'CADENCE_AND_DUE_DATE_DESC')],
      '/groups/acme/-/cadences?state=closed',
    );
    const cadence = await screen.findByRole('region', { name: 'Sprints' });
    expect(await within(cadence).findAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Done' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('link', { name: 'New iteration cadence' })).toBeNull();
    expect(within(cadence).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('collapses a cadence', async () => {
    renderPage([cadencesMock([CADENCE], true), iterationsMock('opened', 'CADENCE_AND_DUE_DATE_ASC')]);
    const cadence = await screen.findByRole('region', { name: 'Sprints' });
    await within(cadence).findAllByRole('listitem');
    await userEvent.setup().click(within(cadence).getByRole('button', { name: 'Sprints' }));
    expect(within(cadence).queryByRole('list')).toBeNull();
  });

  it('shows the empty state, and an alert when the cadences cannot be loaded', async () => {
    renderPage([cadencesMock([], true)]);
    expect(await screen.findByRole('heading', { name: 'No iteration cadences to show' })).toBeTruthy();
  });

  it('alerts when loading fails', async () => {
    renderPage([
      { request: { query: IterationCadencesQueryDocument, variables: { fullPath: 'acme' } }, error: new Error('x') },
    ]);
    expect(await screen.findByText(CADENCES_LOAD_ERROR)).toBeTruthy();
  });
});
