/**
 * GitLab's project templates API for issue templates: the names a project's issues may use (its
 * own and its groups'), loaded once per project and page load, and one template's content.
 */
export type TemplateName = { key: string; name: string };

const api = (projectPath: string) => `/api/v4/projects/${encodeURIComponent(projectPath)}/templates/issues`;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

const loaded = new Map<string, Promise<TemplateName[]>>();

/**
 * `GET /api/v4/projects/:id/templates/issues` (up to 100, by name): asked once per project, the
 * answer reused by every later opening of a form; a failure is forgotten so the next one asks again.
 */
export function loadTemplateNames(projectPath: string): Promise<TemplateName[]> {
  let pending = loaded.get(projectPath);
  if (!pending) {
    pending = getJson<TemplateName[]>(`${api(projectPath)}?per_page=100`);
    loaded.set(projectPath, pending);
    pending.catch(() => loaded.delete(projectPath));
  }
  return pending;
}

/** Forgets the loaded names (after a template was added, renamed or deleted; and between tests). */
export function forgetTemplateNames(projectPath?: string): void {
  if (projectPath === undefined) loaded.clear();
  else loaded.delete(projectPath);
}

/** `GET /api/v4/projects/:id/templates/issues/:name`: the template's markdown. */
export async function loadTemplateContent(projectPath: string, name: string): Promise<string> {
  const body = await getJson<{ content?: unknown }>(`${api(projectPath)}/${encodeURIComponent(name)}`);
  if (typeof body.content !== 'string') throw new Error('Unexpected response.');
  return body.content;
}
