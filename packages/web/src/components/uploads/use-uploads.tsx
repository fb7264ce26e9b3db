import { UPLOAD_DEFAULTS } from '@milepost/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { instanceSettings } from '../../lib/instance-settings.ts';
import type { MarkdownEditorFilesHandler } from '../markdown-editor/markdown-editor.tsx';
import { type UploadItem, UploadList } from './upload-list.tsx';
import { type SendUpload, tooLargeMessage, type UploadError, type UploadTarget, xhrUpload } from './upload-request.ts';

type Insert = (markdown: string) => void;

export type UseUploadsResult = {
  /** For the markdown editor: files pasted, dropped or attached. Absent without a target. */
  onFiles?: MarkdownEditorFilesHandler;
  /** The progress list (progress bars, cancel, errors) for the editor's uploads slot. */
  uploads: ReactNode;
  /** Some file is still waiting or on its way. */
  isUploading: boolean;
};

let nextId = 1;

function thumbnailOf(file: File): string | undefined {
  const small = file.type.startsWith('image/') && file.size <= UPLOAD_DEFAULTS.maxThumbnailBytes;
  return small && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function release(item: UploadItem): void {
  if (item.thumbnail) URL.revokeObjectURL(item.thumbnail);
}

/**
 * Uploads for one markdown editor (issue 14): files go to the project's or group's uploads two at a
 * time (spec 002 §9), each with a progress bar and Cancel; a finished file's markdown
 * (`![name](/uploads/…)`, `[name](/uploads/…)`) is inserted at the caret; a file over the limit or a
 * failed upload stays in the list with its error, 'Try again' and 'Dismiss'.
 */
export function useUploads(given: UploadTarget | null, options: { send?: SendUpload } = {}): UseUploadsResult {
  // One target per kind and path, however often the caller builds the object.
  const kind = given?.kind;
  const fullPath = given?.fullPath;
  const target = useMemo<UploadTarget | null>(
    () => (kind && fullPath !== undefined ? { kind, fullPath } : null),
    [kind, fullPath],
  );
  const { maxAttachmentSize } = instanceSettings();
  const send = useMemo(() => options.send ?? xhrUpload(maxAttachmentSize), [options.send, maxAttachmentSize]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const inserts = useRef(new Map<number, Insert>());
  const aborts = useRef(new Map<number, () => void>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const remove = useCallback((id: number) => {
    aborts.current.get(id)?.();
    aborts.current.delete(id);
    inserts.current.delete(id);
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone) release(gone);
      return current.filter((item) => item.id !== id);
    });
  }, []);

  // Start queued files while fewer than two are on their way.
  useEffect(() => {
    if (!target) return;
    const running = items.filter((item) => item.status === 'uploading').length;
    const next = items
      .filter((item) => item.status === 'queued' && !aborts.current.has(item.id))
      .slice(0, Math.max(0, UPLOAD_DEFAULTS.parallelUploads - running));
    for (const item of next) {
      const request = send(target, item.file, (loaded) => update(item.id, { loaded: Math.min(loaded, item.size) }));
      aborts.current.set(item.id, request.abort);
      update(item.id, { status: 'uploading', loaded: 0, error: undefined });
      request.done.then(
        (uploaded) => {
          aborts.current.delete(item.id);
          inserts.current.get(item.id)?.(uploaded.markdown);
          inserts.current.delete(item.id);
          setItems((current) => {
            const finished = current.find((i) => i.id === item.id);
            if (finished) release(finished);
            return current.filter((i) => i.id !== item.id);
          });
        },
        (error: UploadError) => {
          aborts.current.delete(item.id);
          if (error.aborted) return;
          update(item.id, { status: 'failed', error: error.message });
        },
      );
    }
  }, [items, target, send, update]);

  // A closed form stops its uploads and frees its thumbnails.
  useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort();
      for (const item of itemsRef.current) release(item);
    },
    [],
  );

  const onFiles = useCallback<MarkdownEditorFilesHandler>(
    (files, insert) => {
      const added = files.map((file): UploadItem => {
        const id = nextId++;
        inserts.current.set(id, insert);
        const tooLarge = file.size > maxAttachmentSize;
        return {
          id,
          file,
          name: file.name,
          size: file.size,
          loaded: 0,
          status: tooLarge ? 'failed' : 'queued',
          error: tooLarge ? tooLargeMessage(maxAttachmentSize) : undefined,
          retryable: !tooLarge,
          thumbnail: thumbnailOf(file),
        };
      });
      setItems((current) => [...current, ...added]);
    },
    [maxAttachmentSize],
  );

  const retry = useCallback((id: number) => update(id, { status: 'queued', loaded: 0, error: undefined }), [update]);

  return {
    onFiles: target ? onFiles : undefined,
    uploads: items.length > 0 ? <UploadList items={items} onCancel={remove} onRetry={retry} /> : null,
    isUploading: items.some((item) => item.status !== 'failed'),
  };
}
