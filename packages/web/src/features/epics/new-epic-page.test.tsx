import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { CreateEpicMutationDocument, NewEpicPermissionsQueryDocument } from '../../gql/graphql.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { NewEpicPage } from './new-epic-page.tsx';

const group: ResolvedGroup = {
  id: 'gid://gitlab/Group/1',
  name: 'Acme',
  fullName: 'Acme',
  fullPath: 'acme',
  avatarUrl: null,
};

const permissions = (createEpic: boolean): MockLink.MockedResponse => ({
  request: { query: NewEpicPermissionsQueryDocument, variables: { fullPath: 'acme' } },
  result: {
    data: {
      group: {
        __typename: 'Group',
        id: group.id,
        userPermissions: { __typename: 'GroupPermissions', createEpic },
      },
    },
  },
});

const input = {
  groupPath: 'acme',
  title: 'Launch',
  description: 'The launch plan',
  confidential: true,
  startDateFixed: '2026-12-01',
  startDateIsFixed: true,
  dueDateFixed: '2027-01-15',
  dueDateIsFixed: true,
  color: '#1068bf',
};

const create = (errors: string[] = []): MockLink.MockedResponse => ({
  request: { query: CreateEpicMutationDocument, variables: { input } },
  result: {
    data: {
      createEpic: {
        __typename: 'CreateEpicPayload',
        epic: errors.length ? null : { __typename: 'Epic', id: 'gid://gitlab/Epic/42', iid: '12', title: 'Launch' },
        errors,
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/groups/acme/-/epics/new',
        element: (
          <>
            <AlertsArea />
            <NewEpicPage group={group} />
          </>
        ),
      },
      { path: '/groups/acme/-/epics/:iid', element: <p>Epic page &amp;12</p> },
    ],
    { initialEntries: ['/groups/acme/-/epics/new'] },
  );
  return render(
    <MockedProvider mocks={mocks}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
}

/** Pastes into a field, as typing letter by letter is slow on a busy machine. */
async function enter(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

async function fillForm() {
  const user = userEvent.setup();
  await screen.findByRole('textbox', { name: 'Title' });
  await enter(user, 'Title', 'Launch');
  await enter(user, 'Description', 'The launch plan');
  await user.click(screen.getByRole('checkbox', { name: /This epic is confidential/ }));
  await enter(user, 'Start date', '2026-12-01');
  await user.tab();
  await enter(user, 'Due date', '2027-01-15');
  await user.tab();
  return user;
}

// Generous: the form has many fields and the machine may be busy.
describe('NewEpicPage', { timeout: 15_000 }, () => {
  // The form keeps a draft of its description in the browser: each test starts without one.
  beforeEach(() => window.localStorage.clear());

  it('shows the form with its title and breadcrumbs to those who may create epics', async () => {
    renderPage([permissions(true)]);
    expect(await screen.findByRole('heading', { name: 'New epic', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Epics' }).getAttribute('href')).toBe('/groups/acme/-/epics');
    expect(screen.getByRole('button', { name: 'Create epic' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('sends the typed fields to createEpic and opens the new epic', async () => {
    renderPage([permissions(true), create()]);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create epic' }));
    expect(await screen.findByText('Epic page &12')).toBeTruthy();
  });

  it("shows the server's errors above the form and keeps what was typed", async () => {
    renderPage([permissions(true), create(['Title has already been taken'])]);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create epic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Title has already been taken');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Launch');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('The launch plan');
    expect((screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement).value).toBe('2026-12-01');
    expect((screen.getByRole('checkbox', { name: /This epic is confidential/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows a network error as an alert', async () => {
    renderPage([permissions(true), { request: create().request, error: new Error('Network request failed') }]);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Create epic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Network request failed');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Launch');
  });

  it('is not found for those who may not create epics', async () => {
    renderPage([permissions(false)]);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });
});
