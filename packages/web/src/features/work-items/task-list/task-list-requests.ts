/**
 * The task-list saves of the issue and epic pages, through GitLab's UI update of the description
 * (decision 0009): `PUT /<project>/-/issues/<iid>.json` `{issue: {…}}` and
 * `PUT /groups/<group>/-/epics/<iid>.json` `{epic: {…}}` — a checkbox as `update_task` (the server
 * checks its line), a reordered or shortened description with its `lock_version` (409 when stale).
 */
import type { TaskToggle } from '@milepost/shared';
import { csrfFetch } from '../../../lib/csrf.ts';

const encodePath = (fullPath: string) => fullPath.split('/').map(encodeURIComponent).join('/');

/** Which description: an issue of a project or an epic of a group. */
export type DescriptionOwner =
  | { kind: 'issue'; projectPath: string; iid: string }
  | { kind: 'epic'; groupPath: string; iid: string };

/** A failed save: `status` 409 is a concurrent change; 0 means the server was not reached. */
export class TaskListRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function urlOf(owner: DescriptionOwner): string {
  return owner.kind === 'issue'
    ? `/${encodePath(owner.projectPath)}/-/issues/${encodeURIComponent(owner.iid)}.json`
    : `/groups/${encodePath(owner.groupPath)}/-/epics/${encodeURIComponent(owner.iid)}.json`;
}

async function put(owner: DescriptionOwner, attributes: Record<string, unknown>): Promise<{ lockVersion: number }> {
  let response: Response;
  try {
    response = await csrfFetch(urlOf(owner), {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ [owner.kind]: attributes }),
    });
  } catch {
    throw new TaskListRequestError(0, 'The server could not be reached.');
  }
  const body = (await response.json().catch(() => ({}))) as { lock_version?: unknown; errors?: unknown };
  if (!response.ok) {
    const errors = Array.isArray(body.errors) ? body.errors.map(String) : [];
    throw new TaskListRequestError(response.status, errors.join(' ') || `${response.status} ${response.statusText}`);
  }
  return { lockVersion: typeof body.lock_version === 'number' ? body.lock_version : 0 };
}

/** One checkbox (`update_task`): the server applies it only if the line is still what the user saw. */
export async function saveTaskToggle(owner: DescriptionOwner, toggle: TaskToggle, lockVersion: number): Promise<void> {
  await put(owner, {
    update_task: { checked: toggle.checked, line_number: toggle.lineNumber, line_source: toggle.lineSource },
    lock_version: lockVersion,
  });
}

/** The whole description at the version it was based on. */
export async function saveDescription(
  owner: DescriptionOwner,
  description: string,
  lockVersion: number,
): Promise<{ lockVersion: number }> {
  return await put(owner, { description, lock_version: lockVersion });
}
