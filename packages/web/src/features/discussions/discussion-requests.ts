/** The discussion section's one non-GraphQL call: GitLab's markdown preview of the noteable's forms. */
import { csrfFetch } from '../../lib/csrf.ts';
import { previewMarkdown } from '../epics/header/epic-requests.ts';
import type { Noteable } from './noteable.ts';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

/**
 * The comment as it will be shown: `POST /<project>/-/preview_markdown` for an issue, the group's
 * preview for an epic.
 */
export async function previewNote(noteable: Noteable, text: string): Promise<string> {
  if (noteable.type === 'Epic') return await previewMarkdown(noteable.fullPath, noteable.iid, text);
  const url = `/${encodePath(noteable.fullPath)}/-/preview_markdown?target_type=Issue&target_id=${encodeURIComponent(noteable.iid)}`;
  const response = await csrfFetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) throw new Error(`${response.status}`);
  const body = (await response.json()) as { body?: unknown };
  if (typeof body.body !== 'string') throw new Error('Unexpected response.');
  return body.body;
}
