/**
 * The editor owns its text while it is typed (decision 0045): the form hears of it after a pause,
 * at once when it becomes empty or not, and before anything that reads it — blur (a click on
 * Save), Ctrl/Cmd (the form's own Ctrl+Enter), `onSave`, Preview — so no save reads a stale text.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type KeyboardEvent, startTransition, useState } from 'react';
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
  rendersOnKeys = false,
  inTransition = false,
  onTold,
}: {
  initial?: string;
  onRender?: (value: string) => void;
  onSubmit: (value: string) => void;
  withOnSave?: boolean;
  /** The form renders on every key for a state of its own (a form may, for its own reasons). */
  rendersOnKeys?: boolean;
  /** The form keeps the text it is told in a transition (React renders it after urgent updates). */
  inTransition?: boolean;
  /** Called when the editor tells the form the text, after the form's update of it is scheduled. */
  onTold?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [, setKeys] = useState(0);
  onRender?.(value);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the form's Ctrl+Enter, as IssuableEditForm's
    <div
      onKeyDown={(event: KeyboardEvent) => {
        if (rendersOnKeys) setKeys((keys) => keys + 1);
        if (!withOnSave && event.key === 'Enter' && event.ctrlKey) onSubmit(value);
      }}
    >
      <MarkdownEditor
        value={value}
        onChange={(next) => {
          if (inTransition) startTransition(() => setValue(next));
          else setValue(next);
          onTold?.(next);
        }}
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

  it('keeps what was typed when the form renders for a key before it has rendered the text of the pause', async () => {
    // As in a browser, not in act(): the form keeps the text in a transition, which React renders
    // after urgent updates; the keys that come first render the form (a discrete event) with its
    // older text, which is no text set from outside.
    const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const renders = vi.fn();
    let typeOn = false;
    const setValue = Object.getOwnPropertyDescriptor(window.HTMLTextAreaElement.prototype, 'value')?.set;
    const typeNatively = (text: string) => {
      const area = textbox();
      for (const key of text) {
        area.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true }));
        // The text area's own setter, as the browser's typing: React's tracker of the value does not see it.
        setValue?.call(area, area.value + key);
        area.setSelectionRange(area.value.length, area.value.length);
        area.dispatchEvent(new window.InputEvent('input', { bubbles: true, data: key, inputType: 'insertText' }));
      }
    };
    render(
      <Form
        initial="Intro"
        rendersOnKeys
        inTransition
        onRender={renders}
        onSubmit={() => undefined}
        onTold={(told) => {
          // The keys right after the pause, before React renders the form with 'Intro plan'.
          if (told !== 'Intro plan' || typeOn) return;
          typeOn = true;
          typeNatively(' now');
        }}
      />,
    );
    env.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      textbox().focus();
      typeNatively(' plan');
      await waitFor(() => expect(renders).toHaveBeenLastCalledWith('Intro plan now'));
      expect(typeOn).toBe(true);
      expect(renders).toHaveBeenCalledWith('Intro plan');
      expect(textbox().value).toBe('Intro plan now');
    } finally {
      env.IS_REACT_ACT_ENVIRONMENT = true;
    }
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
