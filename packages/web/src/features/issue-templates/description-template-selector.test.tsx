/** The description-template selector (spec 002 §2.1, §4.2). */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsArea } from '../../app/alerts/alerts-area.tsx';
import { AlertsProvider } from '../../app/alerts/alerts-context.tsx';
import {
  DescriptionTemplateSelector,
  OVERWRITE_WARNING,
  TEMPLATES_LOAD_ERROR,
} from './description-template-selector.tsx';
import { forgetTemplateNames } from './issue-template-requests.ts';

const TEMPLATES: Record<string, string> = { Bug: '## Bug\n', Feature: '## Feature\n' };

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Form({ initial = '' }: { initial?: string }) {
  const [description, setDescription] = useState(initial);
  return (
    <MemoryRouter>
      <AlertsProvider>
        <AlertsArea />
        <DescriptionTemplateSelector projectFullPath="acme/web" description={description} onApply={setDescription} />
        <output aria-label="Description">{description}</output>
      </AlertsProvider>
    </MemoryRouter>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  forgetTemplateNames();
  fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith('/templates/issues?per_page=100'))
      return json(Object.keys(TEMPLATES).map((name) => ({ key: name, name })));
    const name = decodeURIComponent(url.split('/').pop() ?? '');
    return TEMPLATES[name]
      ? json({ name, content: TEMPLATES[name] })
      : json({ message: '404 Template Not Found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function choose(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: /Description template/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

// Several popover and dialog round trips per test: slow on a busy machine.
describe('DescriptionTemplateSelector', { timeout: 20_000 }, () => {
  it('puts a template into an empty description at once, and loads the names only once', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Form />);
    await choose(user, 'Bug');
    await waitFor(() => expect(screen.getByLabelText('Description').textContent).toBe('## Bug\n'));
    unmount();
    render(<Form />);
    await screen.findByRole('button', { name: /Description template/ });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('per_page')).length).toBe(1);
  });

  it('asks before replacing a description that differs, and keeps it on Cancel', async () => {
    const user = userEvent.setup();
    render(<Form initial="My own words" />);
    await choose(user, 'Feature');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(OVERWRITE_WARNING);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Description').textContent).toBe('My own words');
    await choose(user, 'Feature');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply template' }));
    expect(screen.getByLabelText('Description').textContent).toBe('## Feature\n');
  });

  it('is not shown when the project has no templates', async () => {
    fetchMock.mockImplementation(async () => json([]));
    render(<Form />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Description template/ })).toBeNull();
  });

  it('shows an error when the names fail to load, and leaves the form usable', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'boom' }, 500));
    render(<Form initial="kept" />);
    expect((await screen.findByRole('alert')).textContent).toContain(TEMPLATES_LOAD_ERROR);
    expect(screen.queryByRole('button', { name: /Description template/ })).toBeNull();
    expect(screen.getByLabelText('Description').textContent).toBe('kept');
  });
});
