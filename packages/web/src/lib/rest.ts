/**
 * GitLab's REST v4 API from the web app, for the pages whose data GitLab serves over REST (labels
 * with priorities and counts, milestones with burndown events): one fetch helper with the session
 * cookie and the CSRF header, GitLab's error bodies turned into one readable sentence, and a hook
 * that loads one URL and reloads it after a change.
 */
import { useCallback, useEffect, useState } from 'react';
import { csrfFetch } from './csrf.ts';

/** A failed REST call; `status` is the HTTP status (0 when the request did not go out). */
export class RestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replaceAll('_', ' ');

/** GitLab's error bodies — `{message: 'x'}`, `{message: {title: ['has already been taken']}}`, `{error: 'x'}` — as text. */
export function restErrorMessage(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (message && typeof message === 'object') {
    const parts = Object.entries(message as Record<string, unknown>).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [messages]).map((m) => `${capitalize(field)} ${String(m)}`),
    );
    if (parts.length) return parts.join('. ');
  }
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** `/api/v4/groups/<path>` or `/api/v4/projects/<path>` (the path URL-encoded as one id). */
export function restContainerUrl(kind: 'group' | 'project', fullPath: string): string {
  return `/api/v4/${kind === 'group' ? 'groups' : 'projects'}/${encodeURIComponent(fullPath)}`;
}

/**
 * Sends a request (a JSON body when given; a FormData as multipart, for files) and returns the parsed
 * JSON answer (undefined when empty).
 */
export async function restJson<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  const form = init.body instanceof FormData;
  try {
    response = await csrfFetch(url, {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined || form ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
    });
  } catch {
    throw new RestError('The server could not be reached.', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new RestError(restErrorMessage(body, `${response.status} ${response.statusText}`), response.status);
  }
  return body as T;
}

/** How many rows a REST list URL holds in all (GitLab's `X-Total` header); null when the server does not say. */
export async function restTotal(url: string): Promise<number | null> {
  let response: Response;
  try {
    response = await csrfFetch(url, { headers: { Accept: 'application/json' } });
  } catch {
    throw new RestError('The server could not be reached.', 0);
  }
  if (!response.ok) throw new RestError(`${response.status} ${response.statusText}`, response.status);
  const total = response.headers.get('X-Total');
  return total === null ? null : Number(total);
}

export type RestResource<T> = {
  data: T | undefined;
  error: RestError | null;
  /** Loads the URL again (after a change); the current data stays shown meanwhile. */
  reload: () => void;
};

/** Loads `url` (null: nothing) and keeps its answer; a new URL loads again, showing the last answer meanwhile. */
export function useRestResource<T>(url: string | null): RestResource<T> {
  const [state, setState] = useState<{ url: string | null; data: T | undefined; error: RestError | null }>({
    url: null,
    data: undefined,
    error: null,
  });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` asks for a reload.
  useEffect(() => {
    if (url === null) return;
    let live = true;
    restJson<T>(url).then(
      (data) => live && setState({ url, data, error: null }),
      (error: unknown) =>
        live &&
        setState((s) => ({
          url,
          data: s.data,
          error: error instanceof RestError ? error : new RestError(String(error), 0),
        })),
    );
    return () => {
      live = false;
    };
  }, [url, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // While another URL loads, the last answer stays shown (no blank flash on a new search).
  const current = state.url === url;
  return { data: url === null ? undefined : state.data, error: current ? state.error : null, reload };
}
