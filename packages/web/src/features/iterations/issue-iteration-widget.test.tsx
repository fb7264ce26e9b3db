import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  IssueIterationQueryDocument,
  IssueSetIterationMutationDocument,
  SearchIterationsQueryDocument,
} from '../../gql/graphql.ts';
import {
  FETCH_ISSUE_ITERATION_ERROR,
  FETCH_ITERATIONS_ERROR,
  IssueIterationWidget,
  SET_ITERATION_ERROR,
} from './issue-iteration-widget.tsx';

const PROJECT = 'acme/platform/web';
const ISSUE_ID = 'gid://gitlab/Issue/9';

const iteration = (id: number, startDate: string, dueDate: string, title: string | null = null) => ({
  __typename: 'Iteration' as const,
  id: `gid://gitlab/Iteration/${id}`,
  title,
  startDate,
  dueDate,
  state: 'current',
  webPath: `/groups/acme/-/iterations/${id}`,
  iterationCadence: {
    __typename: 'IterationCadence' as const,
    id: 'gid://gitlab/Iterations::Cadence/1',
    title: 'Sprints',
  },
});

const CURRENT = iteration(5, '2026-11-23', '2026-12-06');
const NEXT = iteration(6, '2026-12-07', '2026-12-20', 'Polish');

function issueMock(current: ReturnType<typeof iteration> | null, adminIssue = true): MockLink.MockedResponse {
  return {
    request: { query: IssueIterationQueryDocument, variables: { projectPath: PROJECT, iid: '3' } },
    result: {
      data: {
        project: {
          __typename: 'Project',
          id: 'gid://gitlab/Project/1',
          issue: {
            __typename: 'Issue',
            id: ISSUE_ID,
            userPermissions: { __typename: 'IssuePermissions', adminIssue },
            iteration: current,
          },
        },
      },
    },
  };
}

function searchMock(error = false): MockLink.MockedResponse {
  const request = { query: SearchIterationsQueryDocument, variables: { fullPath: PROJECT, search: null } };
  if (error) return { request, error: new Error('boom') };
  return {
    request,
    result: {
      data: {
        project: {
          __typename: 'Project',
          id: 'gid://gitlab/Project/1',
          iterations: { __typename: 'IterationConnection', nodes: [CURRENT, NEXT] },
        },
      },
    },
  };
}

function setMock(iterationId: string | null, outcome: 'ok' | 'errors' | 'fail'): MockLink.MockedResponse {
  const request = {
    query: IssueSetIterationMutationDocument,
    variables: { projectPath: PROJECT, iid: '3', iterationId },
  };
  if (outcome === 'fail') return { request, error: new Error('network') };
  const picked = [CURRENT, NEXT].find((it) => it.id === iterationId) ?? null;
  return {
    request,
    result: {
      data: {
        issueSetIteration: {
          __typename: 'IssueSetIterationPayload',
          issue: outcome === 'ok' ? { __typename: 'Issue', id: ISSUE_ID, iteration: picked } : null,
          errors: outcome === 'ok' ? [] : ['Iteration must belong to the issue’s group'],
        },
      },
    },
  };
}

function renderWidget(mocks: MockLink.MockedResponse[]) {
  render(
    <MemoryRouter>
      <MockedProvider mocks={mocks}>
        <IssueIterationWidget projectPath={PROJECT} iid="3" />
      </MockedProvider>
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: 'Iteration' }));
}

describe('IssueIterationWidget', () => {
  it('shows the cadence and the iteration’s period as a link to its report', async () => {
    const widget = renderWidget([issueMock(CURRENT)]);
    const link = await widget.findByRole('link', { name: 'Nov 23 – Dec 6, 2026' });
    expect(link.getAttribute('href')).toBe('/groups/acme/-/iterations/5');
    expect(widget.getByText('Sprints')).toBeTruthy();
  });

  it('shows None, and no Edit without adminIssue', async () => {
    const widget = renderWidget([issueMock(null, false)]);
    expect(await widget.findByText('None')).toBeTruthy();
    expect(widget.queryByRole('button', { name: 'Edit iteration' })).toBeNull();
  });

  it('says the spec’s words when the issue’s iteration cannot be fetched', async () => {
    const widget = renderWidget([
      {
        request: { query: IssueIterationQueryDocument, variables: { projectPath: PROJECT, iid: '3' } },
        error: new Error('x'),
      },
    ]);
    expect(await widget.findByText(FETCH_ISSUE_ITERATION_ERROR)).toBeTruthy();
  });

  it('sets an iteration picked from the group’s open iterations', async () => {
    const widget = renderWidget([issueMock(null), searchMock(), setMock(NEXT.id, 'ok')]);
    const user = userEvent.setup();
    await user.click(await widget.findByRole('button', { name: 'Edit iteration' }));
    await user.click(widget.getByRole('combobox', { name: 'Assign iteration' }));
    await user.click(await screen.findByRole('option', { name: /Polish/ }));
    expect(await widget.findByRole('link', { name: 'Polish' })).toBeTruthy();
    expect(widget.queryByRole('combobox')).toBeNull();
  });

  it('removes the iteration with No iteration', async () => {
    const widget = renderWidget([issueMock(CURRENT), searchMock(), setMock(null, 'ok')]);
    const user = userEvent.setup();
    await user.click(await widget.findByRole('button', { name: 'Edit iteration' }));
    await user.click(widget.getByRole('combobox', { name: 'Assign iteration' }));
    await user.click(await screen.findByRole('option', { name: 'No iteration' }));
    expect(await widget.findByText('None')).toBeTruthy();
  });

  it.each([['errors'], ['fail']] as const)('says the spec’s words when setting fails (%s)', async (outcome) => {
    const widget = renderWidget([issueMock(null), searchMock(), setMock(CURRENT.id, outcome)]);
    const user = userEvent.setup();
    await user.click(await widget.findByRole('button', { name: 'Edit iteration' }));
    await user.click(widget.getByRole('combobox', { name: 'Assign iteration' }));
    await user.click(await screen.findByRole('option', { name: /Nov 23 – Dec 6, 2026/ }));
    expect(await widget.findByText(SET_ITERATION_ERROR)).toBeTruthy();
    expect(widget.getByRole('combobox', { name: 'Assign iteration' })).toBeTruthy();
  });

  it('says the spec’s words when the group’s iterations cannot be fetched', async () => {
    const widget = renderWidget([issueMock(null), searchMock(true)]);
    const user = userEvent.setup();
    await user.click(await widget.findByRole('button', { name: 'Edit iteration' }));
    await waitFor(() => expect(widget.getByText(FETCH_ITERATIONS_ERROR)).toBeTruthy());
  });
});
