/** JSON writes to the account and admin endpoints (GitLab's Rails and REST paths), with the CSRF header. */
import { csrfFetch } from '../../lib/csrf.ts';

/** The server's `message` (text, or GitLab's `{field: [..]}`) as sentences. */
function messagesOf(body: unknown): string[] {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string') return [message];
  if (message && typeof message === 'object') {
    return Object.entries(message as Record<string, unknown>).flatMap(([field, list]) =>
      (Array.isArray(list) ? list : [list]).map((m) =>
        `${field.replaceAll('_', ' ')} ${String(m)}`.replace(/^./, (c) => c.toUpperCase()),
      ),
    );
  }
  return [];
}

export class RequestError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '));
  }
}

/**
 * Sends `body` as JSON (or a FormData as multipart, for files); resolves with the answer's `message`
 * text, or throws a RequestError with the server's words.
 */
export async function sendJson(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object): Promise<string> {
  let response: Response;
  const form = body instanceof FormData;
  try {
    response = await csrfFetch(url, {
      method,
      headers: { Accept: 'application/json', ...(body && !form ? { 'Content-Type': 'application/json' } : {}) },
      body: form ? body : body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new RequestError(['The server could not be reached. Check your connection and try again.']);
  }
  const parsed: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const messages = messagesOf(parsed);
    throw new RequestError(messages.length > 0 ? messages : [`Something went wrong (${response.status}). Try again.`]);
  }
  return messagesOf(parsed)[0] ?? '';
}

export function errorTexts(caught: unknown): string[] {
  return caught instanceof RequestError ? caught.messages : ['Something went wrong. Try again.'];
}
