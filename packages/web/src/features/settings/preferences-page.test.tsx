import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import {
  CurrentUserQueryDocument,
  type TextEditorType,
  UserPreferencesQueryDocument,
  UserPreferencesUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { PreferencesPage } from './preferences-page.tsx';

const ID = 'gid://gitlab/User/7';

const currentUser: MockLink.MockedResponse = {
  request: { query: CurrentUserQueryDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'CurrentUser',
        id: ID,
        username: 'alice',
        name: 'Alice Liddell',
        avatarUrl: null,
        webPath: '/alice',
        admin: false,
      },
    },
  },
};

/** The display preferences every mock answers with (the defaults). */
const DISPLAY = { theme: 'LIGHT', timezone: null, dateFormat: 'MDY' } as const;

const preferences = (firstDayOfWeek: number, textEditor: TextEditorType = 'NOT_SET'): MockLink.MockedResponse => ({
  request: { query: UserPreferencesQueryDocument },
  result: { data: { currentUser: { __typename: 'CurrentUser', id: ID, firstDayOfWeek, textEditor, ...DISPLAY } } },
});

const update = (
  firstDayOfWeek: number,
  errors: string[] = [],
  textEditor: TextEditorType = 'NOT_SET',
): MockLink.MockedResponse => ({
  request: {
    query: UserPreferencesUpdateMutationDocument,
    variables: { input: { firstDayOfWeek, textEditor, theme: 'LIGHT', timezone: '', dateFormat: 'MDY' } },
  },
  result: {
    data: {
      userPreferencesUpdate: {
        __typename: 'UserPreferencesUpdatePayload',
        currentUser: errors.length
          ? null
          : { __typename: 'CurrentUser', id: ID, firstDayOfWeek, textEditor, ...DISPLAY },
        errors,
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/-/profile/preferences',
        element: (
          <>
            <AlertsArea />
            <PreferencesPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/-/profile/preferences'] },
  );
  return render(
    <MockedProvider mocks={mocks}>
      <AlertsProvider>
        <RouterProvider router={router} />
      </AlertsProvider>
    </MockedProvider>,
  );
}

/** The select's button shows the chosen option. */
const firstDaySelect = async () => {
  const group = (await screen.findByText('First day of the week')).closest('.react-aria-Select, div') as HTMLElement;
  return within(group).getByRole('button');
};

describe('PreferencesPage', () => {
  it('shows the saved day: System default (Sunday) for 0', async () => {
    renderPage([currentUser, preferences(0)]);
    expect(await screen.findByRole('heading', { name: 'Preferences', level: 1 })).toBeTruthy();
    expect((await firstDaySelect()).textContent).toContain('System default (Sunday)');
  });

  it('saves the chosen day and says so', async () => {
    const user = userEvent.setup();
    renderPage([currentUser, preferences(1), update(6)]);
    const select = await firstDaySelect();
    expect(select.textContent).toContain('Monday');
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['System default (Sunday)', 'Sunday', 'Monday', 'Saturday']);
    await user.click(within(listbox).getByRole('option', { name: 'Saturday' }));
    expect((await firstDaySelect()).textContent).toContain('Saturday');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      (await screen.findByText('Preferences saved.')).closest('[role="status"], [role="alert"], div'),
    ).toBeTruthy();
  });

  it('saves the default text editor', async () => {
    const user = userEvent.setup();
    renderPage([currentUser, preferences(0), update(0, [], 'RICH_TEXT_EDITOR')]);
    const group = (await screen.findByText('Default text editor')).closest('div') as HTMLElement;
    const select = within(group).getByRole('button');
    expect(select.textContent).toContain('The last one used');
    await user.click(select);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Rich text editor' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Preferences saved.')).toBeTruthy();
  });

  it('offers the themes, the time zones and the date formats', async () => {
    renderPage([currentUser, preferences(0)]);
    expect(await screen.findByRole('radio', { name: /^Light/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /^System/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toMatch(
      /^The browser's time zone \(/,
    );
    const group = screen.getByText('Date format').closest('div') as HTMLElement;
    expect(within(group).getByRole('button').textContent).toContain('Nov 22, 2025');
  });

  it("shows the server's errors and no success alert", async () => {
    const user = userEvent.setup();
    renderPage([currentUser, preferences(0), update(1, ['First day of week is not included in the list'])]);
    await user.click(await firstDaySelect());
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('First day of week is not included in the list');
    expect(screen.queryByText('Preferences saved.')).toBeNull();
  });
});
