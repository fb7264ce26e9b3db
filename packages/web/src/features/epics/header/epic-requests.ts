/**
 * The epic page's non-GraphQL calls, in one place: GitLab's UI JSON routes (state toggle, markdown
 * preview) and the REST API's delete, with the session cookie and the CSRF header.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

export type EpicStateEvent = 'close' | 'reopen';

/** Thrown for a failed call; `status` is the HTTP status (0 when the request did not go out). */
export class EpicRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await csrfFetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new EpicRequestError('The server could not be reached.', 0);
  }
  if (!response.ok) throw new EpicRequestError(`${response.status} ${response.statusText}`, response.status);
  return response;
}

/**
 * `PUT /groups/<path>/-/epics/<iid>.json?epic[state_event]=close|reopen`; returns the epic's new
 * `state` ('opened' or 'closed') and `lock_version`.
 */
export async function updateEpicState(
  fullPath: string,
  iid: string,
  event: EpicStateEvent,
): Promise<{ state: 'opened' | 'closed'; lockVersion: number | undefined }> {
  const url = `/groups/${encodePath(fullPath)}/-/epics/${encodeURIComponent(iid)}.json?epic[state_event]=${event}`;
  const body = (await (await send(url, { method: 'PUT' })).json()) as { state?: unknown; lock_version?: unknown };
  if (body.state !== 'opened' && body.state !== 'closed') throw new EpicRequestError('Unexpected response.', 200);
  return { state: body.state, lockVersion: typeof body.lock_version === 'number' ? body.lock_version : undefined };
}

/** `DELETE /api/v4/groups/:id/epics/:epic_iid` (the epic's children are released). */
export async function deleteEpic(fullPath: string, iid: string): Promise<void> {
  await send(`/api/v4/groups/${encodeURIComponent(fullPath)}/epics/${encodeURIComponent(iid)}`, { method: 'DELETE' });
}

/**
 * `POST /groups/<path>/-/preview_markdown` with `{text}`: the HTML as it will be shown (sanitised);
 * `iid` is null on the new epic's form (no `target_id`).
 */
export async function previewMarkdown(fullPath: string, iid: string | null, text: string): Promise<string> {
  const target = iid === null ? '' : `&target_id=${encodeURIComponent(iid)}`;
  const url = `/groups/${encodePath(fullPath)}/-/preview_markdown?target_type=Epic${target}`;
  const response = await send(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const body = (await response.json()) as { body?: unknown };
  return typeof body.body === 'string' ? body.body : '';
}
