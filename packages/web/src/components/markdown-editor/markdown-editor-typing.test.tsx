/**
 * The editor owns its text while it is typed (decision 0045): the form hears of it after a pause,
 * at once when it becomes empty or not, and before anything that reads it — blur (a click on
 * Save), Ctrl/Cmd (the form's own Ctrl+Enter), `onSave`, Preview — so no save reads a stale text.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type KeyboardEvent, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMIT_DELAY_MS, MarkdownEditor } from './markdown-editor.tsx';
import { stubLayoutForProseMirror } from './rich/jsdom-layout.ts';

beforeAll(stubLayoutForProseMirror);

/** A form as the description forms are: the text in its state, its own Ctrl+Enter and Save button. */
function Form({
  initial = '',
  onRender,
  onSubmit,
  withOnSave = false,
}: {
  initial?: string;
  onRender?: (value: string) => void;
  onSubmit: (value: string) => void;
  withOnSave?: boolean;
}) {
  const [value, setValue] = useState(initial);
  onRender?.(value);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the form's Ctrl+Enter, as IssuableEditForm's
    <div
      onKeyDown={(event: KeyboardEvent) => {
        if (!withOnSave && event.key === 'Enter' && event.ctrlKey) onSubmit(value);
      }}
    >
      <MarkdownEditor
        value={value}
        onChange={setValue}
        preview={async (text) => `<p>${text}</p>`}
        onSave={withOnSave ? () => onSubmit(value) : undefined}
      />
      <button type="button" onClick={() => onSubmit(value)}>
        Save changes
      </button>
    </div>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;

describe('MarkdownEditor typing', () => {
  it('re-renders the form once after a pause, not on every key', async () => {
    const user = userEvent.setup();
    const renders = vi.fn();
    render(<Form initial="Plan" onRender={renders} onSubmit={() => undefined} />);
    await user.click(textbox());
    renders.mockClear();
    await user.keyboard(' the rollout');
    expect(renders).not.toHaveBeenCalled();
    await waitFor(() => expect(renders).toHaveBeenCalledWith('Plan the rollout'));
    expect(renders).toHaveBeenCalledTimes(1);
    expect(COMMIT_DELAY_MS).toBeLessThanOrEqual(300);
  });

  it('writes no copy of a long text into the page per key (the text area keeps it as its value)', async () => {
    const user = userEvent.setup();
    const long = 'Plan the rollout.\n'.repeat(2_000);
    render(<Form initial={long} onSubmit={() => undefined} />);
    const area = textbox();
    expect(area.value).toBe(long);
    const written: number[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) written.push(node.textContent?.length ?? 0);
    });
    observer.observe(area, { childList: true, subtree: true, characterData: true });
    await user.click(area);
    await user.keyboard('abc');
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(area.value).toBe(`${long}abc`);
    expect(written.filter((length) => length > 0)).toEqual([]);
  });

  it('tells the form at once when the text stops being empty (Save enables on it)', async () => {
    const user = userEvent.setup();
    const renders = vi.fn();
    render(<Form onRender={renders} onSubmit={() => undefined} />);
    await user.click(textbox());
    renders.mockClear();
    await user.keyboard('a');
    expect(renders).toHaveBeenCalledWith('a');
  });

  it('saves the text as typed with the form’s own Ctrl+Enter, with onSave, and with a click on Save', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    const { unmount } = render(<Form initial="Plan" onSubmit={submit} />);
    await user.click(textbox());
    await user.keyboard(' A{Control>}{Enter}{/Control}');
    expect(submit).toHaveBeenLastCalledWith('Plan A');
    await user.keyboard(' B');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(submit).toHaveBeenLastCalledWith('Plan A B');
    unmount();

    render(<Form initial="Plan" onSubmit={submit} withOnSave />);
    await user.click(textbox());
    await user.keyboard(' C{Control>}{Enter}{/Control}');
    expect(submit).toHaveBeenLastCalledWith('Plan C');
  });

  it('previews the text as typed', async () => {
    const user = userEvent.setup();
    render(<Form initial="Plan" onSubmit={() => undefined} />);
    await user.click(textbox());
    await user.keyboard(' now');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Plan now', { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect(textbox().value).toBe('Plan now');
  });

  it('writes the rich text as markdown before Ctrl+Enter saves it', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('gl-markdown-editor-mode', 'contentEditor');
    const submit = vi.fn();
    render(<Form initial="Intro" onSubmit={submit} withOnSave />);
    const rich = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    await waitFor(() => expect(rich.textContent).toContain('Intro'));
    await user.click(screen.getByRole('button', { name: 'Add a checklist' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(submit).toHaveBeenLastCalledWith('- [ ] Intro');
    window.localStorage.removeItem('gl-markdown-editor-mode');
  });
});
