import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { type Handler, type OperationCall, renderWithClient } from '../../features/roadmap/test/render-roadmap.tsx';
import { LabelPicker, type LabelPickerProps, type PickerLabel } from './label-picker.tsx';

/** Operation names, as computed keys (the handlers are functions, not components). */
const op = {
  LabelPickerCreateLabelMutation: 'LabelPickerCreateLabelMutation',
  LabelPickerLabelsQuery: 'LabelPickerLabelsQuery',
} as const;

const label = (id: string, title: string, color = '#428bca'): PickerLabel & { __typename: 'Label' } => ({
  __typename: 'Label',
  id: `gid://gitlab/GroupLabel/${id}`,
  title,
  color,
  textColor: '#FFFFFF',
  description: null,
});

const BUG = label('1', 'bug', '#d9534f');
const HIGH = label('2', 'priority::high', '#dc143c');
const LOW = label('3', 'priority::low', '#5cb85c');
const READY = label('4', 'workflow::ready');
const ALL = [BUG, HIGH, LOW, READY];

const labelsResult = (nodes: PickerLabel[]) => ({
  group: { __typename: 'Group', id: 'gid://gitlab/Group/1', labels: { __typename: 'LabelConnection', nodes } },
});

/** A client answering each operation by name; a handler may answer later (a Promise) or fail (an Error). */
function createTestClient(handlers: Record<string, Handler>) {
  const calls: OperationCall[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName = '', variables } = operation;
        calls.push({ operationName, variables: variables as Record<string, unknown> });
        const handler = handlers[operationName];
        Promise.resolve()
          .then(() =>
            handler ? handler(variables as Record<string, unknown>) : new Error(`No handler for ${operationName}`),
          )
          .then((result) => {
            if (result instanceof GraphQLError) {
              observer.next({ errors: [result] });
              observer.complete();
              return;
            }
            if (result instanceof Error) throw result;
            observer.next({ data: result as Record<string, unknown> });
            observer.complete();
          })
          .catch((error) => observer.error(error));
      }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), calls };
}

function setup(props: Partial<LabelPickerProps> = {}, handlers: Record<string, Handler> = {}) {
  const onChange = vi.fn<LabelPickerProps['onChange']>(async () => undefined);
  const { client, calls } = createTestClient({
    [op.LabelPickerLabelsQuery]: (variables) =>
      labelsResult(ALL.filter((l) => !variables.searchTerm || l.title.includes(String(variables.searchTerm)))),
    ...handlers,
  });
  renderWithClient(
    <LabelPicker variant="sidebar" fullPath="acme" selected={[]} allowEdit onChange={onChange} {...props} />,
    '/',
    client,
  );
  return { onChange, calls, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>, name = 'Edit labels') {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Assign labels' });
}

const option = (name: string) => screen.getByRole('option', { name });
const isSelected = (name: string) => option(name).getAttribute('aria-selected') === 'true';

describe('LabelPicker', () => {
  it('shows the labels as chips, a scoped label in two parts, and None without labels', () => {
    setup({ selected: [BUG, HIGH] });
    const chips = screen.getByRole('list', { name: 'Labels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bug', 'priorityhigh']);
    expect(within(chips).getByText('priority').textContent).toBe('priority');
    expect(within(chips).getByText('high')).toBeTruthy();
  });

  it('shows None and no Edit button when the viewer may not edit', () => {
    setup({ allowEdit: false });
    expect(screen.getByText('None')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit labels' })).toBeNull();
  });

  it('lists the labels with checkmarks and saves added and removed labels when the dropdown closes', async () => {
    const { onChange, user } = setup({ selected: [BUG] });
    await open(user);
    await screen.findByRole('option', { name: 'workflow::ready' });
    expect(isSelected('bug')).toBe(true);
    expect(isSelected('workflow::ready')).toBe(false);
    await user.click(option('workflow::ready'));
    await user.click(option('bug'));
    expect(isSelected('workflow::ready')).toBe(true);
    expect(isSelected('bug')).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).toHaveBeenCalledWith({ addIds: [READY.id], removeIds: [BUG.id], labels: [READY] });
  });

  it('setting a scoped label unsets the other label of its scope', async () => {
    const { onChange, user } = setup({ selected: [HIGH, BUG] });
    await open(user);
    await screen.findByRole('option', { name: 'priority::low' });
    await user.click(option('priority::low'));
    expect(isSelected('priority::low')).toBe(true);
    expect(isSelected('priority::high')).toBe(false);
    expect(isSelected('bug')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ addIds: [LOW.id], removeIds: [HIGH.id], labels: [BUG, LOW] }),
    );
  });

  it('keeps several labels of a scope when multiple scoped labels are allowed', async () => {
    const { user } = setup({ selected: [HIGH], allowMultipleScopedLabels: true });
    await open(user);
    await screen.findByRole('option', { name: 'priority::low' });
    await user.click(option('priority::low'));
    expect(isSelected('priority::high')).toBe(true);
    expect(isSelected('priority::low')).toBe(true);
  });

  it('saves nothing when the selection ends where it started', async () => {
    const { onChange, user } = setup({ selected: [BUG] });
    await open(user);
    await screen.findByRole('option', { name: 'bug' });
    await user.click(option('bug'));
    await user.click(option('bug'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('searches the labels on the server', async () => {
    const { calls, user } = setup();
    await open(user);
    await screen.findByRole('option', { name: 'bug' });
    await user.type(screen.getByRole('searchbox', { name: 'Search labels' }), 'priority');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'bug' })).toBeNull(), { timeout: 2000 });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['priority::high', 'priority::low']);
    expect(calls.at(-1)?.variables).toEqual({ fullPath: 'acme', searchTerm: 'priority' });
  });

  it("says 'Error fetching labels.' when the labels cannot be fetched", async () => {
    const { user } = setup({}, { [op.LabelPickerLabelsQuery]: () => new Error('network down') });
    const dialog = await open(user);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error fetching labels.');
  });

  it('removes a label from its chip when removal is allowed', async () => {
    const { onChange, user } = setup({ selected: [BUG, READY], allowRemove: true });
    await user.click(screen.getByRole('button', { name: 'Remove label bug' }));
    expect(onChange).toHaveBeenCalledWith({ addIds: [], removeIds: [BUG.id], labels: [READY] });
  });

  it("the standalone variant's button shows the first label and '+N more'", () => {
    setup({ variant: 'standalone', selected: [BUG, HIGH, READY] });
    expect(screen.getByRole('button', { name: 'Labels: bug +2 more' }).textContent).toBe('bug +2 more');
  });

  it("the embedded variant's button says 'Select label' without labels and opens the dropdown", async () => {
    const { user } = setup({ variant: 'embedded' });
    expect(screen.getByRole('button', { name: 'Labels: None' }).textContent).toBe('Select label');
    await open(user, 'Labels: None');
  });
});

describe('LabelPicker: Create group label', () => {
  const created = label('9', 'needs design', '#009966');

  async function openCreateForm(props: Partial<LabelPickerProps> = {}, handlers: Record<string, Handler> = {}) {
    const result = setup({ allowCreate: true, ...props }, handlers);
    await open(result.user);
    await screen.findByRole('option', { name: 'bug' });
    await result.user.click(screen.getByRole('button', { name: 'Create group label' }));
    expect(screen.getByRole('heading', { name: 'Create group label' })).toBeTruthy();
    return result;
  }

  it('is offered only with allowCreate', async () => {
    const { user } = setup();
    await open(user);
    await screen.findByRole('option', { name: 'bug' });
    expect(screen.queryByRole('button', { name: 'Create group label' })).toBeNull();
  });

  it('disables Create while the name or the colour is empty (blank counts as empty)', async () => {
    const { user } = await openCreateForm();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Green-cyan' }));
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(create.hasAttribute('disabled')).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: 'Color value' }));
    expect(create.hasAttribute('disabled')).toBe(true);
  });

  it('creates the label with the trimmed name and colour, selects it, and disables Create meanwhile', async () => {
    let finish: (value: unknown) => void = () => undefined;
    const { calls, onChange, user } = await openCreateForm(
      { selected: [BUG] },
      {
        [op.LabelPickerCreateLabelMutation]: () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      },
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  needs design  ');
    await user.type(screen.getByRole('textbox', { name: 'Color value' }), ' #009966 ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('button', { name: 'Creating…' }).hasAttribute('disabled')).toBe(true);
    expect(calls.find((c) => c.operationName === 'LabelPickerCreateLabelMutation')?.variables).toEqual({
      input: { title: 'needs design', color: '#009966', groupPath: 'acme' },
    });
    await act(async () => finish({ labelCreate: { __typename: 'LabelCreatePayload', label: created, errors: [] } }));
    expect(await screen.findByRole('heading', { name: 'Assign labels' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({ addIds: [created.id], removeIds: [], labels: [BUG, created] }),
    );
  });

  it("says 'Error creating label.' with the server's reason, and keeps the form", async () => {
    const { user } = await openCreateForm(
      {},
      {
        [op.LabelPickerCreateLabelMutation]: () => ({
          labelCreate: { __typename: 'LabelCreatePayload', label: null, errors: ['Title has already been taken'] },
        }),
      },
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'bug');
    await user.click(screen.getByRole('button', { name: 'Crimson' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error creating label. Title has already been taken');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('bug');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 's');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Error creating label.' when the request fails", async () => {
    const { user } = await openCreateForm(
      {},
      { [op.LabelPickerCreateLabelMutation]: () => new GraphQLError('You are not allowed to create labels') },
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'new');
    await user.click(screen.getByRole('button', { name: 'Crimson' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error creating label.');
  });
});
