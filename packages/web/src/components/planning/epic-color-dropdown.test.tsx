import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import { EpicColorQueryDocument, UpdateEpicColorMutationDocument } from '../../gql/graphql.ts';
import { EpicColorDropdown, type EpicColorDropdownProps } from './epic-color-dropdown.tsx';

const EPIC_ID = 'gid://gitlab/Epic/42';

function colorQueryMock(color: string): MockLink.MockedResponse {
  return {
    request: { query: EpicColorQueryDocument, variables: { fullPath: 'acme', iid: '7' } },
    result: {
      data: {
        group: { __typename: 'Group', id: 'gid://gitlab/Group/1', epic: { __typename: 'Epic', id: EPIC_ID, color } },
      },
    },
  };
}

function updateMock(color: string, result: MockLink.MockedResponse['result'] | Error): MockLink.MockedResponse {
  const request = {
    query: UpdateEpicColorMutationDocument,
    variables: { input: { iid: '7', groupPath: 'acme', color } },
  };
  return result instanceof Error ? { request, error: result } : { request, result };
}

function updatedPayload(color: string, errors: string[] = []) {
  return {
    data: {
      updateEpic: {
        __typename: 'UpdateEpicPayload',
        epic: { __typename: 'Epic', id: EPIC_ID, color, textColor: '#FFFFFF' },
        errors,
      },
    },
  };
}

function renderDropdown(props: Partial<EpicColorDropdownProps>, mocks: MockLink.MockedResponse[] = []) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <MockedProvider mocks={mocks}>
        <AlertsProvider>
          <AlertsArea />
          <EpicColorDropdown variant="sidebar" fullPath="acme" iid="7" allowEdit onChange={onChange} {...props} />
        </AlertsProvider>
      </MockedProvider>
    </MemoryRouter>,
  );
  return { onChange };
}

async function pick(title: string) {
  const user = userEvent.setup();
  const trigger = await screen.findByRole('button', { name: /Edit color|^Color:/ });
  await waitFor(() => expect((trigger as HTMLButtonElement).disabled).toBe(false));
  await user.click(trigger);
  expect(screen.getByRole('dialog', { name: 'Assign epic color' })).toBeTruthy();
  await user.click(screen.getByRole('option', { name: title }));
  return user;
}

describe('EpicColorDropdown', () => {
  it('reads the colour with the epicColor query and shows its swatch and name', async () => {
    renderDropdown({}, [colorQueryMock('#217645')]);
    expect(screen.getByRole('status', { name: 'Loading color' })).toBeTruthy();
    expect(await screen.findByText('Green')).toBeTruthy();
    expect(screen.getByText('Color')).toBeTruthy();
  });

  it("alerts 'Error fetching epic color.' when the query fails", async () => {
    renderDropdown({}, [
      {
        request: { query: EpicColorQueryDocument, variables: { fullPath: 'acme', iid: '7' } },
        error: new Error('boom'),
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Error fetching epic color.');
  });

  it('skips the query when given the colour, defaulting to Blue', () => {
    renderDropdown({ color: null });
    expect(screen.getByText('Blue')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lists the fixed colours under the title "Assign epic color" with the current one selected', async () => {
    renderDropdown({ color: '#c91c00' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit color' }));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Blue', 'Green', 'Red', 'Orange', 'Purple', 'Gray']);
    expect(screen.getByRole('option', { name: 'Red' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Assign epic color' })).toBeTruthy();
  });

  it('saves the new colour with updateEpic when the dropdown closes on a choice', async () => {
    const { onChange } = renderDropdown({}, [
      colorQueryMock('#1068bf'),
      updateMock('#694cc0', updatedPayload('#694cc0')),
    ]);
    await pick('Purple');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Purple')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ color: '#694cc0', title: 'Purple' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves nothing when the same colour is chosen again', async () => {
    const { onChange } = renderDropdown({}, [colorQueryMock('#1068bf')]);
    await pick('Blue');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Blue')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("alerts 'An error occurred while updating color.' and keeps the old colour when saving fails", async () => {
    renderDropdown({}, [colorQueryMock('#1068bf'), updateMock('#217645', new Error('network down'))]);
    await pick('Green');
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while updating color.');
    expect(screen.getByText('Blue')).toBeTruthy();
  });

  it('alerts the same when the payload carries errors', async () => {
    const { onChange } = renderDropdown({}, [
      colorQueryMock('#1068bf'),
      updateMock('#217645', updatedPayload('#1068bf', ['Color is invalid'])),
    ]);
    await pick('Green');
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred while updating color.');
    expect(screen.getByText('Blue')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('only passes the choice up for a new epic without iid', async () => {
    const { onChange } = renderDropdown({ iid: null, variant: 'embedded' });
    expect(screen.getByRole('button', { name: 'Color: Blue' })).toBeTruthy();
    await pick('Orange');
    expect(onChange).toHaveBeenCalledWith({ color: '#9e5400', title: 'Orange' });
    expect(screen.getByRole('button', { name: 'Color: Orange' })).toBeTruthy();
  });

  it('is read-only without allowEdit', async () => {
    renderDropdown({ allowEdit: false }, [colorQueryMock('#737278')]);
    expect(await screen.findByText('Gray')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is read-only without allowEdit in the embedded variant too', () => {
    renderDropdown({ allowEdit: false, variant: 'embedded', color: '#694cc0' });
    expect(screen.getByText('Purple')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is operable from the keyboard', async () => {
    const { onChange } = renderDropdown({ iid: null, variant: 'embedded', color: '#1068bf' });
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Assign epic color' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).toHaveBeenCalledWith({ color: '#c91c00', title: 'Red' });
  });
});
