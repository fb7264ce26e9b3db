/** GitLab's admin-area 'Unlock' for a user locked by failed sign-ins: `PUT /admin/users/:username/unlock`. */
import { csrfFetch } from '../../lib/csrf.ts';

export async function unlockUser(username: string): Promise<void> {
  let response: Response;
  try {
    response = await csrfFetch(`/admin/users/${encodeURIComponent(username)}/unlock`, {
      method: 'PUT',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new Error('The server could not be reached.');
  }
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
}
