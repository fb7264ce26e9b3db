/**
 * The issue page's non-GraphQL actions (GitLab's IssuesController paths), with the session cookie
 * and the CSRF header: 'Submit as spam' and delete.
 */
import { csrfFetch } from '../../../lib/csrf.ts';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

async function send(url: string, method: 'POST' | 'DELETE'): Promise<Record<string, unknown>> {
  const response = await csrfFetch(url, { method, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as Record<string, unknown>;
}

/** `POST /<project>/-/issues/<iid>/mark_as_spam` (administrators): the issue is hidden. */
export async function markIssueAsSpam(projectPath: string, iid: string): Promise<void> {
  await send(`/${encodePath(projectPath)}/-/issues/${encodeURIComponent(iid)}/mark_as_spam`, 'POST');
}

/** `DELETE /<project>/-/issues/<iid>?destroy_confirm=true`. */
export async function deleteIssue(projectPath: string, iid: string): Promise<void> {
  await send(`/${encodePath(projectPath)}/-/issues/${encodeURIComponent(iid)}?destroy_confirm=true`, 'DELETE');
}

/**
 * `POST /api/v4/projects/:id/issues/:iid/links`: `iid` relates to `targetIid` of the same project.
 */
export async function relateIssues(projectPath: string, iid: string, targetIid: string): Promise<void> {
  const url = `/api/v4/projects/${encodeURIComponent(projectPath)}/issues/${encodeURIComponent(iid)}/links`;
  const response = await csrfFetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ target_project_id: projectPath, target_issue_iid: targetIid, link_type: 'relates_to' }),
  });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
}
