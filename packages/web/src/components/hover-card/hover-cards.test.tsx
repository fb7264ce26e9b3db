import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerHtml } from '../../features/issuables/server-html.tsx';
import { IssueHoverCardQueryDocument, UserHoverCardQueryDocument } from '../../gql/graphql.ts';
import { HoverCards } from './hover-cards.tsx';

const user: MockLink.MockedResponse = {
  request: { query: UserHoverCardQueryDocument, variables: { username: 'alice' } },
  result: {
    data: {
      user: {
        __typename: 'UserCore',
        id: 'gid://gitlab/User/1',
        name: 'Alice Anderson',
        username: 'alice',
        avatarUrl: null,
        bio: 'Plans the roadmap.',
        state: 'active',
        webPath: '/alice',
      },
    },
  },
};

const hidden: MockLink.MockedResponse = {
  request: { query: IssueHoverCardQueryDocument, variables: { fullPath: 'acme/web', iid: '9' } },
  result: { data: { project: { __typename: 'Project', id: 'gid://gitlab/Project/1', issue: null } } },
};

const HTML =
  '<p>Ask <a href="/alice" class="gfm gfm-project_member" data-reference-type="user" data-username="alice">@alice</a> ' +
  'about <a href="/acme/web/-/issues/9" class="gfm gfm-issue" data-reference-type="issue" data-project-path="acme/web" data-iid="9">#9</a> ' +
  'and <a href="/acme/web/-/issues?label_name[]=bug" class="gfm gfm-label" data-reference-type="label" data-label="1" data-label-color="#dc143c" data-label-text-color="#FFFFFF" data-project-path="acme/web">bug</a>.</p>';

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ServerHtml html={HTML} />
            <HoverCards />
          </>
        ),
      },
    ],
    { initialEntries: ['/acme/web/-/issues/1'] },
  );
  render(
    <MockedProvider mocks={[user, hidden]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return router;
}

describe('hover cards', { timeout: 10_000 }, () => {
  it('opens a user card after the pointer rests on a mention, and closes on Escape', async () => {
    renderPage();
    fireEvent.pointerOver(screen.getByText('@alice'), { pointerType: 'mouse' });
    expect(screen.queryByRole('region', { name: 'User @alice' })).toBeNull();
    const card = await screen.findByRole('region', { name: 'User @alice' }, { timeout: 2_000 });
    expect(await screen.findByText('Alice Anderson')).toBeTruthy();
    expect(card.textContent).toContain('Plans the roadmap.');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'User @alice' })).toBeNull());
  });

  it('opens on keyboard focus too, and says so when the item cannot be read', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('#9');
    expect(await screen.findByText(/could not be loaded/, undefined, { timeout: 2_000 })).toBeTruthy();
  });

  it('moves within the app on a plain click, and colours label references', async () => {
    const router = renderPage();
    const label = screen.getByText('bug');
    expect(label.style.getPropertyValue('--label-color')).toBe('#dc143c');
    fireEvent.click(screen.getByText('@alice'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alice'));
  });
});
