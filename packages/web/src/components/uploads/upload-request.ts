import { CSRF_HEADER, ensureCsrfToken } from '../../lib/csrf.ts';

/** Where files go: a project's uploads (issues and their comments) or a group's (epics). */
export type UploadTarget = { kind: 'project' | 'group'; fullPath: string };

/** GitLab's upload entity (`POST /projects/:id/uploads`). */
export type UploadedFile = { id: number; alt: string; url: string; full_path: string; markdown: string };

export type UploadRequest = { done: Promise<UploadedFile>; abort: () => void };

/** Sends one file; `onProgress` hears the bytes sent so far. Rejects with an UploadError. */
export type SendUpload = (target: UploadTarget, file: File, onProgress: (loaded: number) => void) => UploadRequest;

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly aborted = false,
  ) {
    super(message);
  }
}

const MIB = 1024 * 1024;

/** 'File is too large (maximum is 256 MiB)': the server's 413 words, for a check before sending. */
export function tooLargeMessage(maxBytes: number): string {
  const limit = maxBytes % MIB === 0 ? `${maxBytes / MIB} MiB` : `${maxBytes} bytes`;
  return `File is too large (maximum is ${limit})`;
}

export function uploadUrl(target: UploadTarget): string {
  const kind = target.kind === 'project' ? 'projects' : 'groups';
  return `/api/v4/${kind}/${encodeURIComponent(target.fullPath)}/uploads`;
}

function messageOf(xhr: XMLHttpRequest, maxBytes: number): string {
  let body: { message?: unknown; error?: unknown } = {};
  try {
    body = JSON.parse(xhr.responseText) as typeof body;
  } catch {
    body = {};
  }
  const said = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
  if (xhr.status === 413) return said.startsWith('File is too large') ? said : tooLargeMessage(maxBytes);
  if (xhr.status === 401) return 'Your session has ended. Sign in again to attach files.';
  if (xhr.status === 403 || xhr.status === 404) return 'You cannot attach files here.';
  if (said) return said;
  return 'The file could not be uploaded. Try again.';
}

/** The browser's upload: XMLHttpRequest, since fetch reports no upload progress. */
export function xhrUpload(maxBytes: number): SendUpload {
  return (target, file, onProgress) => {
    const xhr = new XMLHttpRequest();
    let cancelled = false;
    const done = new Promise<UploadedFile>((resolve, reject) => {
      xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
      xhr.addEventListener('load', () => {
        if (xhr.status === 201 || xhr.status === 200) {
          try {
            resolve(JSON.parse(xhr.responseText) as UploadedFile);
            return;
          } catch {
            // An answer that is not ours (a proxy's page): reported below.
          }
        }
        reject(new UploadError(messageOf(xhr, maxBytes), xhr.status));
      });
      xhr.addEventListener('error', () =>
        reject(new UploadError('The upload failed. Check your connection and try again.', 0)),
      );
      xhr.addEventListener('abort', () => reject(new UploadError('Canceled', 0, true)));
      void ensureCsrfToken().then((token) => {
        if (cancelled) return reject(new UploadError('Canceled', 0, true));
        xhr.open('POST', uploadUrl(target));
        xhr.withCredentials = true;
        xhr.setRequestHeader('Accept', 'application/json');
        if (token) xhr.setRequestHeader(CSRF_HEADER, token);
        const form = new FormData();
        form.append('file', file, file.name);
        xhr.send(form);
      });
    });
    return {
      done,
      abort: () => {
        cancelled = true;
        xhr.abort();
      },
    };
  };
}
