import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownEditor, type MarkdownEditorProps } from './markdown-editor.tsx';

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
    await waitFor(() => expect(textbox().value).toBe('Intro\n![shot.png](/uploads/abc/shot.png)'));
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
});
