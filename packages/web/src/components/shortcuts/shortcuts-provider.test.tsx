import { SHORTCUTS_STORAGE_KEYS, type ShortcutId } from '@milepost/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutsProvider } from './shortcuts-provider.tsx';
import { useShortcut } from './use-shortcut.ts';

const CODES: Record<string, string> = { '?': 'Slash', '/': 'Slash', '\\': 'Backslash' };

/** One key press as the browser sends it (tinykeys needs `key`, `code` and the modifier flags). */
function press(key: string, options: { shift?: boolean; ctrl?: boolean; target?: Element } = {}) {
  const code = CODES[key] ?? (/^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key);
  const event = new KeyboardEvent('keydown', {
    key,
    code,
    shiftKey: options.shift ?? false,
    ctrlKey: options.ctrl ?? false,
    bubbles: true,
    cancelable: true,
  });
  act(() => {
    (options.target ?? document.body).dispatchEvent(event);
  });
  return event;
}

function Probe({ ids, calls }: { ids: ShortcutId[]; calls: string[] }) {
  return (
    <>
      {ids.map((id) => (
        <One key={id} id={id} calls={calls} />
      ))}
      <input aria-label="Title" />
      <input type="checkbox" aria-label="Select" />
    </>
  );
}

function One({ id, calls }: { id: ShortcutId; calls: string[] }) {
  useShortcut(id, () => calls.push(id));
  return null;
}

function renderLayer(ids: ShortcutId[]) {
  const calls: string[] = [];
  render(
    <ShortcutsProvider>
      <Probe ids={ids} calls={calls} />
    </ShortcutsProvider>,
  );
  return calls;
}

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('the shortcut layer', () => {
  it('fires single keys, modifiers and sequences, a sequence before the single key it ends with', () => {
    const calls = renderLayer([
      'goToYourGroups',
      'goToIssues',
      'goToLabels',
      'newIssue',
      'editDescription',
      'copyReference',
    ]);
    press('G', { shift: true });
    press('e');
    press('g');
    press('i');
    // Right after `g i`, `g l` starts afresh (no half-matched `g l` left from the first `g`).
    press('g');
    press('l');
    press('c');
    press('r');
    expect(calls).toEqual(['goToYourGroups', 'editDescription', 'goToIssues', 'goToLabels', 'copyReference']);
  });

  it('prevents the default of a key it answered and leaves other keys alone', () => {
    renderLayer(['focusSearch']);
    expect(press('/').defaultPrevented).toBe(true);
    expect(press('e').defaultPrevented).toBe(false);
  });

  it('never fires while typing in a field, but does with a checkbox focused', () => {
    const calls = renderLayer(['editDescription']);
    press('e', { target: screen.getByRole('textbox', { name: 'Title' }) });
    expect(calls).toEqual([]);
    press('e', { target: screen.getByRole('checkbox', { name: 'Select' }) });
    expect(calls).toEqual(['editDescription']);
  });

  it('lets a key a widget handled already pass', () => {
    const calls = renderLayer(['nextRow']);
    const event = new KeyboardEvent('keydown', { key: 'j', code: 'KeyJ', bubbles: true, cancelable: true });
    event.preventDefault();
    act(() => {
      document.body.dispatchEvent(event);
    });
    expect(calls).toEqual([]);
  });
});

// The dialog renders the whole registry: slow in jsdom when the machine is busy.
describe('the help dialog', { timeout: 20_000 }, () => {
  it("opens with '?' and lists the shortcuts by group", async () => {
    renderLayer([]);
    press('?', { shift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Global shortcuts', 'Project and group', 'Epics and issues', 'Lists', 'Editing']);
    expect(within(dialog).getByText('Go to your groups')).toBeTruthy();
    // Every global shortcut's screen exists now (the projects, activity and milestones dashboards too).
    expect(within(dialog).getByText('Go to your activity feed')).toBeTruthy();
    expect(within(dialog).getByText('Go to your projects')).toBeTruthy();
    expect(within(dialog).getByText('Save the description or comment')).toBeTruthy();
  });

  it('searches descriptions, groups and keys', async () => {
    const user = userEvent.setup();
    renderLayer([]);
    press('?', { shift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search keyboard shortcuts' }), 'label');
    await vi.waitFor(() => expect(within(dialog).queryByText('Go to your groups')).toBeNull());
    expect(within(dialog).getByText('Change labels')).toBeTruthy();
    expect(within(dialog).getByText("Go to the project's or group's labels")).toBeTruthy();
    const search = within(dialog).getByRole('searchbox', { name: 'Search keyboard shortcuts' });
    await user.tripleClick(search);
    await user.keyboard('nothing like it');
    await vi.waitFor(() => expect(dialog.textContent).toContain("No keyboard shortcuts match 'nothing like it'."));
  });

  it('switches shortcuts off and on, and remembers it', async () => {
    const user = userEvent.setup();
    const calls = renderLayer(['editDescription']);
    press('?', { shift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(dialog).getByRole('switch', { name: 'Toggle shortcuts' }));
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEYS.disabled)).toBe('true');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('e');
    expect(calls).toEqual([]);
    press('?', { shift: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes the keys of a shortcut, refusing a clash, and resets them', async () => {
    const user = userEvent.setup();
    const calls = renderLayer(['goToYourGroups']);
    press('?', { shift: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(dialog).getByRole('button', { name: 'Change keys: Go to your groups' }));
    const field = within(dialog).getByRole('textbox', { name: "Keys for 'Go to your groups'" });
    await user.clear(field);
    await user.type(field, 'e');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText("'e' is already used by 'Edit the title and description' (e).")).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'shift+y{Enter}');
    expect(JSON.parse(window.localStorage.getItem(SHORTCUTS_STORAGE_KEYS.customizations) ?? '{}')).toEqual({
      goToYourGroups: ['shift+y'],
    });
    expect(within(dialog).getByText('(your keys)')).toBeTruthy();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('G', { shift: true });
    press('Y', { shift: true });
    expect(calls).toEqual(['goToYourGroups']);

    press('?', { shift: true });
    const again = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.click(within(again).getByRole('button', { name: 'Change keys: Go to your groups' }));
    await user.click(within(again).getByRole('button', { name: 'Reset to default' }));
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEYS.customizations)).toBeNull();
  });
});
