/**
 * The issue page's calls to GitLab's UI JSON routes (decision 0009): the edit
 * (`PUT /<project>/-/issues/<iid>.json`) and polling (`GET …/realtime_changes`), with the session
 * cookie and the CSRF header.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');
const issuePath = (fullPath: string, iid: string) => `/${encodePath(fullPath)}/-/issues/${encodeURIComponent(iid)}`;

/** A failed call: `status` is the HTTP status (0 when the server could not be reached), `errors` its messages. */
export class IssueRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors.join(' '));
  }
}

/** What the edit sends: `issue_type` only when the user changed the type (spec 002 §3.1). */
export type IssueUpdate = { title: string; description: string; lockVersion: number; issueType?: 'issue' | 'incident' };

/** The saved issue, as the PUT answers it. */
export type SavedIssue = { webUrl: string; lockVersion: number; issueType: string };

/** Messages of a UI JSON error body: `{errors: [...]}`, `{message}` or `{error}`. */
function messagesOf(body: unknown, fallback: string): string[] {
  if (body && typeof body === 'object') {
    const b = body as { errors?: unknown; message?: unknown; error?: unknown };
    if (Array.isArray(b.errors) && b.errors.length) return b.errors.map(String);
    if (typeof b.message === 'string') return [b.message];
    if (typeof b.error === 'string') return [b.error];
  }
  return [fallback];
}

/** `PUT /<project>/-/issues/<iid>.json` with `{issue: {title, description, lock_version[, issue_type]}}`. */
export async function updateIssue(fullPath: string, iid: string, update: IssueUpdate): Promise<SavedIssue> {
  let response: Response;
  try {
    response = await csrfFetch(`${issuePath(fullPath, iid)}.json`, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        issue: {
          title: update.title,
          description: update.description,
          lock_version: update.lockVersion,
          ...(update.issueType ? { issue_type: update.issueType } : {}),
        },
      }),
    });
  } catch {
    throw new IssueRequestError(0, ['The server could not be reached.']);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok)
    throw new IssueRequestError(response.status, messagesOf(body, `${response.status} ${response.statusText}`));
  const saved = (body ?? {}) as { web_url?: unknown; lock_version?: unknown; issue_type?: unknown };
  return {
    webUrl: typeof saved.web_url === 'string' ? saved.web_url : '',
    lockVersion: typeof saved.lock_version === 'number' ? saved.lock_version : update.lockVersion + 1,
    issueType: typeof saved.issue_type === 'string' ? saved.issue_type : 'issue',
  };
}

/** GitLab's `realtime_changes` body. */
export type RealtimeChanges = {
  title: string;
  title_text: string;
  description: string;
  description_text: string;
  task_completion_status: { count: number; completed_count: number };
  lock_version: number;
  updated_at?: string;
  updated_by_name?: string;
  updated_by_path?: string;
};

/** The path the issue page polls. */
export function realtimeChangesPath(fullPath: string, iid: string): string {
  return `${issuePath(fullPath, iid)}/realtime_changes`;
}

/**
 * `POST /<project>/-/preview_markdown` with `{text}`: the description as it will be shown; `iid`
 * is null on a new issue's form (GitLab then sends no `target_id`).
 */
export async function previewIssueMarkdown(fullPath: string, iid: string | null, text: string): Promise<string> {
  const target = iid === null ? '' : `&target_id=${encodeURIComponent(iid)}`;
  const url = `/${encodePath(fullPath)}/-/preview_markdown?target_type=Issue${target}`;
  const response = await csrfFetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new IssueRequestError(response.status, [`${response.status} ${response.statusText}`]);
  const body = (await response.json()) as { body?: unknown };
  return typeof body.body === 'string' ? body.body : '';
}
