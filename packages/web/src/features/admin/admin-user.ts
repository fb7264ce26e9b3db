/**
 * One user as the Admin area sees them (GitLab's admin `User` entity from REST v4), and the admin
 * writes on them: `PUT /users/:id` (edit, new password), `POST /users/:id/block|unblock|deactivate|
 * activate`, `DELETE /users/:id` (contributions kept by the Ghost User).
 */
import { type RestResource, restJson, useRestResource } from '../../lib/rest.ts';

export type AdminUser = {
  id: number;
  username: string;
  name: string;
  state: 'active' | 'blocked' | 'deactivated';
  locked: boolean;
  avatar_url: string | null;
  web_url: string;
  created_at: string;
  bio: string;
  public_email: string | null;
  email: string;
  is_admin: boolean;
  projects_limit: number;
  last_sign_in_at: string | null;
};

export type StateEvent = 'block' | 'unblock' | 'deactivate' | 'activate';

/** The user named `username` (undefined while loading, null when there is none). */
export function useAdminUser(username: string): RestResource<AdminUser[]> & { user: AdminUser | null | undefined } {
  const resource = useRestResource<AdminUser[]>(`/api/v4/users?username=${encodeURIComponent(username)}`);
  const user = resource.data === undefined ? undefined : (resource.data.find((u) => u.username === username) ?? null);
  return { ...resource, user };
}

export type AdminUserChanges = {
  name?: string;
  email?: string;
  admin?: boolean;
  projects_limit?: number;
  password?: string;
};

export const updateAdminUser = (id: number, changes: AdminUserChanges) =>
  restJson<AdminUser>(`/api/v4/users/${id}`, { method: 'PUT', body: changes });

export const changeUserState = (id: number, event: StateEvent) =>
  restJson<boolean>(`/api/v4/users/${id}/${event}`, { method: 'POST' });

export const deleteAdminUser = (id: number) => restJson<void>(`/api/v4/users/${id}`, { method: 'DELETE' });

/** GitLab's state words for the badges. */
export const STATE_LABELS: Record<AdminUser['state'], string> = {
  active: 'Active',
  blocked: 'Blocked',
  deactivated: 'Deactivated',
};
