import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { blankLineBetween, MarkdownEditor, type MarkdownEditorProps } from './markdown-editor.tsx';
import { stubLayoutForProseMirror } from './rich/jsdom-layout.ts';
import { clearMarkdownDraft, OUTDATED_DRAFT_MESSAGE, RESTORED_DRAFT_MESSAGE } from './use-markdown-draft.tsx';

type HarnessProps = Partial<MarkdownEditorProps> & { initial?: string; onValue?: (value: string) => void };

function Harness({ initial = '', onValue, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <MarkdownEditor
      preview={async (text) => `<p>${text}</p>`}
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

beforeAll(stubLayoutForProseMirror);

const textbox = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;

describe('MarkdownEditor', () => {
  it('shows the server rendering under Preview and keeps the text', async () => {
    const user = userEvent.setup();
    const preview = vi.fn(async (text: string) => `<p><strong>${text}</strong></p>`);
    render(<Harness preview={preview} initial="Plan" />);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Plan', { selector: 'strong' })).toBeTruthy();
    expect(preview).toHaveBeenCalledWith('Plan');
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    expect(textbox().value).toBe('Plan');
  });

  it('says so when the preview fails, and keeps the text', async () => {
    const user = userEvent.setup();
    render(<Harness preview={() => Promise.reject(new Error('down'))} initial="Plan" />);
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The preview could not be loaded');
  });

  it('saves with Ctrl+Enter and cancels with Escape', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onSave={onSave} onCancel={onCancel} />);
    await user.click(textbox());
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('hands attached files to onFiles and inserts the markdown it gives back at the caret', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn((files: File[], insert: (markdown: string) => void) =>
      insert(`![${files[0]?.name}](/uploads/abc/${files[0]?.name})`),
    );
    render(<Harness onFiles={onFiles} initial="Intro" />);
    const file = new File(['png'], 'shot.png', { type: 'image/png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    expect(onFiles).toHaveBeenCalledWith([file], expect.any(Function));
    // A paragraph of its own: a blank line before it (GitLab's uploads), none doubled.
    await waitFor(() => expect(textbox().value).toBe('Intro\n\n![shot.png](/uploads/abc/shot.png)'));
    await user.upload(input, new File(['png'], 'two.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(textbox().value).toBe('Intro\n\n![shot.png](/uploads/abc/shot.png)\n\n![two.png](/uploads/abc/two.png)'),
    );
  });

  it('puts a blank line on both sides of an inserted block, counting the newlines already there', () => {
    expect(blankLineBetween('', 'before')).toBe('');
    expect(blankLineBetween('Intro', 'before')).toBe('\n\n');
    expect(blankLineBetween('Intro\n', 'before')).toBe('\n');
    expect(blankLineBetween('Intro\n\n', 'before')).toBe('');
    expect(blankLineBetween('Outro', 'after')).toBe('\n\n');
    expect(blankLineBetween('\nOutro', 'after')).toBe('\n');
    expect(blankLineBetween('\n\n\nOutro', 'after')).toBe('');
  });

  it('keeps a draft as the user types, restores it with a notice, and Discard goes back to the text', async () => {
    const user = userEvent.setup();
    const autosave = { key: 'autosave/test/form', lockVersion: 3 };
    window.localStorage.clear();
    const first = render(<Harness initial="Saved text" autosave={autosave} />);
    await user.click(textbox());
    await user.keyboard(' and more');
    await waitFor(() =>
      expect(window.localStorage.getItem('autosave/test/form/description')).toBe('Saved text and more'),
    );
    expect(window.localStorage.getItem('autosave/test/form/lockVersion')).toBe('3');
    first.unmount();

    render(<Harness initial="Saved text" autosave={autosave} />);
    expect(await screen.findByText(RESTORED_DRAFT_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(textbox().value).toBe('Saved text and more'));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(textbox().value).toBe('Saved text');
    expect(screen.queryByText(RESTORED_DRAFT_MESSAGE)).toBeNull();
    expect(window.localStorage.getItem('autosave/test/form/description')).toBeNull();
  });

  it('writes the draft when the page is left, with what was typed just before', async () => {
    const user = userEvent.setup();
    const autosave = { key: 'autosave/test/leave', lockVersion: 1 };
    window.localStorage.clear();
    render(<Harness initial="Saved text" autosave={autosave} />);
    await user.click(textbox());
    await user.keyboard(' and the last keys');
    // Typing goes on: no draft is written on every key (a pause of DRAFT_DELAY_MS writes it).
    expect(window.localStorage.getItem('autosave/test/leave/description')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.localStorage.getItem('autosave/test/leave/description')).toBe('Saved text and the last keys');
    expect(window.localStorage.getItem('autosave/test/leave/lockVersion')).toBe('1');
  });

  it('asks Keep or Discard for a draft of an older version, and clearMarkdownDraft forgets it', async () => {
    const user = userEvent.setup();
    window.localStorage.clear();
    window.localStorage.setItem('autosave/test/old/description', 'My old edit');
    window.localStorage.setItem('autosave/test/old/lockVersion', '1');
    const autosave = { key: 'autosave/test/old', lockVersion: 2 };
    render(<Harness initial="Their new text" autosave={autosave} />);
    expect(await screen.findByText(OUTDATED_DRAFT_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(textbox().value).toBe('My old edit'));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByText(OUTDATED_DRAFT_MESSAGE)).toBeNull();
    expect(textbox().value).toBe('My old edit');
    clearMarkdownDraft(autosave);
    expect(window.localStorage.getItem('autosave/test/old/description')).toBeNull();
  });

  it('takes pasted and dropped files only when onFiles is given', () => {
    const onFiles = vi.fn();
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const { unmount } = render(<Harness onFiles={onFiles} />);
    fireEvent.paste(textbox(), { clipboardData: { files: [file], types: ['Files'] } });
    fireEvent.drop(textbox(), { dataTransfer: { files: [file], types: ['Files'] } });
    expect(onFiles).toHaveBeenCalledTimes(2);
    unmount();
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'Attach a file or image' })).toBeNull();
  });

  it('formats the selection from the toolbar and with the shortcuts in plain text mode', async () => {
    const user = userEvent.setup();
    render(<Harness initial="make this bold" />);
    const area = textbox();
    area.focus();
    area.setSelectionRange(10, 14);
    await user.click(screen.getByRole('button', { name: /^Add bold text/ }));
    await waitFor(() => expect(textbox().value).toBe('make this **bold**'));
    textbox().setSelectionRange(0, 4);
    await user.keyboard('{Control>}i{/Control}');
    expect(textbox().value).toBe('_make_ this **bold**');
    textbox().setSelectionRange(0, 6);
    await user.keyboard('{Control>}{Shift>}x{/Shift}{/Control}');
    expect(textbox().value).toBe('~~_make_~~ this **bold**');
    await user.keyboard('{Control>}k{/Control}');
    expect(textbox().value).toBe('~~[_make_](url)~~ this **bold**');
  });

  it('opens the preview with Ctrl+Shift+P and goes back to writing with it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="**x**" />);
    await user.click(textbox());
    await user.keyboard('{Control>}{Shift>}p{/Shift}{/Control}');
    expect(await screen.findByText('**x**', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
  });

  it('switches to rich text and back keeping the markdown, and remembers the choice', async () => {
    const user = userEvent.setup();
    const markdown = '## Plan\n\n- [ ] one\n- [x] two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |';
    const onValue = vi.fn();
    render(<Harness initial={markdown} onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Switch to rich text editing' }));
    const rich = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    await waitFor(() => expect(rich.querySelector('table')).not.toBeNull());
    expect(rich.querySelector('h2')?.textContent).toBe('Plan');
    expect(rich.querySelectorAll('ul[data-type="taskList"] li')).toHaveLength(2);
    expect(window.localStorage.getItem('gl-markdown-editor-mode')).toBe('contentEditor');
    await user.click(screen.getByRole('button', { name: 'Switch to plain text editing' }));
    expect(textbox().value).toBe(markdown);
    expect(onValue).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('gl-markdown-editor-mode')).toBe('markdownField');
  });

  it('runs the toolbar on the rich text and writes markdown', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('gl-markdown-editor-mode', 'contentEditor');
    const onValue = vi.fn();
    render(<Harness initial="Intro" onValue={onValue} />);
    const rich = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    await waitFor(() => expect(rich.textContent).toContain('Intro'));
    await user.click(screen.getByRole('button', { name: 'Add a checklist' }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('- [ ] Intro'));
    await user.click(screen.getByRole('button', { name: 'Add a table' }));
    await waitFor(() => expect(onValue.mock.lastCall?.[0]).toContain('| --- | --- |'));
    window.localStorage.removeItem('gl-markdown-editor-mode');
  });
});
