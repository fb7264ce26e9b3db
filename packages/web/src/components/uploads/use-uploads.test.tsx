import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MarkdownEditor } from '../markdown-editor/markdown-editor.tsx';
import { type SendUpload, UploadError, type UploadedFile, type UploadTarget } from './upload-request.ts';
import { useUploads } from './use-uploads.tsx';

/** A controllable stand-in for the network: each call waits until the test finishes or fails it. */
function fakeSend() {
  const calls: {
    target: UploadTarget;
    file: File;
    progress: (loaded: number) => void;
    resolve: (u: UploadedFile) => void;
    reject: (e: UploadError) => void;
    aborted: boolean;
  }[] = [];
  const send: SendUpload = (target, file, progress) => {
    let resolve!: (u: UploadedFile) => void;
    let reject!: (e: UploadError) => void;
    const done = new Promise<UploadedFile>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const call = { target, file, progress, resolve, reject, aborted: false };
    calls.push(call);
    return {
      done,
      abort: () => {
        call.aborted = true;
        reject(new UploadError('Canceled', 0, true));
      },
    };
  };
  return { send, calls };
}

const entity = (name: string, image = true): UploadedFile => {
  const url = `/uploads/0123456789abcdef0123456789abcdef/${name}`;
  const alt = image ? name.replace(/\.[^.]+$/, '') : name;
  return { id: 1, alt, url, full_path: `/acme/web${url}`, markdown: `${image ? '!' : ''}[${alt}](${url})` };
};

function Harness({ send }: { send: SendUpload }) {
  const [value, setValue] = useState('Intro');
  const attach = useUploads({ kind: 'project', fullPath: 'acme/web' }, { send });
  return (
    <MarkdownEditor
      value={value}
      onChange={setValue}
      preview={async (text) => text}
      onFiles={attach.onFiles}
      uploads={attach.uploads}
    />
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
const file = (name: string, size = 10, type = 'image/png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const paste = (...files: File[]) => fireEvent.paste(textbox(), { clipboardData: { files, types: ['Files'] } });

describe('useUploads with the markdown editor', () => {
  it('uploads two files at a time to the project and inserts each one’s markdown when it is done', async () => {
    const { send, calls } = fakeSend();
    render(<Harness send={send} />);
    paste(file('a.png'), file('b.png'), file('c.pdf', 10, 'application/pdf'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    expect(calls[0]?.target).toEqual({ kind: 'project', fullPath: 'acme/web' });
    expect(screen.getAllByRole('progressbar')).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: 'Uploading c.pdf' }).textContent).toContain('Waiting…');

    act(() => calls[0]?.progress(5));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.png' }).getAttribute('aria-valuenow')).toBe('5');

    await act(async () => calls[0]?.resolve(entity('a.png')));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(textbox().value).toBe('Intro\n\n![a](/uploads/0123456789abcdef0123456789abcdef/a.png)');
    await act(async () => {
      calls[1]?.resolve(entity('b.png'));
      calls[2]?.resolve(entity('c.pdf', false));
    });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull());
    expect(textbox().value).toContain('![b](/uploads/0123456789abcdef0123456789abcdef/b.png)');
    expect(textbox().value).toContain('[c.pdf](/uploads/0123456789abcdef0123456789abcdef/c.pdf)');
  });

  it('shows a 120 × 120 thumbnail for images up to 10 MiB only', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:thumb');
    URL.revokeObjectURL = vi.fn();
    const { send } = fakeSend();
    const { container } = render(<Harness send={send} />);
    paste(
      file('small.png', 10 * 1024 * 1024),
      file('huge.png', 10 * 1024 * 1024 + 1),
      file('doc.txt', 5, 'text/plain'),
    );
    await waitFor(() => expect(screen.getAllByRole('progressbar')).toHaveLength(3));
    const thumbnails = container.querySelectorAll('img');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]?.getAttribute('width')).toBe('120');
    expect(thumbnails[0]?.getAttribute('height')).toBe('120');
  });

  it('cancels a file on its way and starts the next one', async () => {
    const user = userEvent.setup();
    const { send, calls } = fakeSend();
    render(<Harness send={send} />);
    paste(file('a.png'), file('b.png'), file('c.png'));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel a.png' }));
    expect(calls[0]?.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(screen.queryByRole('progressbar', { name: 'Uploading a.png' })).toBeNull();
    expect(textbox().value).toBe('Intro');
  });

  it('refuses a file over the limit before sending it, naming the limit', async () => {
    const { send, calls } = fakeSend();
    render(<Harness send={send} />);
    paste(file('movie.mp4', 256 * 1024 * 1024 + 1, 'video/mp4'));
    expect((await screen.findByRole('alert')).textContent).toBe('movie.mp4: File is too large (maximum is 256 MiB)');
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows the server's error with Try again and Dismiss; the text is unchanged", async () => {
    const user = userEvent.setup();
    const { send, calls } = fakeSend();
    render(<Harness send={send} />);
    paste(file('a.png'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.reject(new UploadError('File is too large (maximum is 2 MiB)', 413)));
    expect((await screen.findByRole('alert')).textContent).toBe('a.png: File is too large (maximum is 2 MiB)');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () =>
      calls[1]?.reject(new UploadError('The upload failed. Check your connection and try again.', 0)),
    );
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Dismiss a.png' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
    expect(textbox().value).toBe('Intro');
  });
});
