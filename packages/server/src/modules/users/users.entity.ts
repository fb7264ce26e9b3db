import { accessLocked } from '../../auth/lockout.ts';
import type { UserRow } from '../../db/schema.ts';

/**
 * An avatar's URL as GitLab's API gives it: absolute. An uploaded avatar's stored path
 * (`/uploads/-/system/user/avatar/…`) is put on the external URL; a URL set elsewhere stays as it is.
 */
export function restAvatarUrl(avatarUrl: string | null, baseUrl: string): string | null {
  return avatarUrl?.startsWith('/') ? `${baseUrl}${avatarUrl}` : avatarUrl;
}

/** GitLab's `UserBasic` entity. */
export function userBasic(user: UserRow, baseUrl: string) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: accessLocked(user),
    avatar_url: restAvatarUrl(user.avatarUrl, baseUrl),
    web_url: `${baseUrl}/${user.username}`,
  };
}

/** GitLab's `User` entity (public profile). */
export function userPublic(user: UserRow, baseUrl: string) {
  return {
    ...userBasic(user, baseUrl),
    created_at: user.createdAt.toISOString(),
    bio: user.bio,
    public_email: user.publicEmail,
  };
}

/** GitLab's `UserPublic`/admin entity: adds email, admin flag, sign-in time. For self or admins. */
export function userPrivate(user: UserRow, baseUrl: string) {
  return {
    ...userPublic(user, baseUrl),
    email: user.email,
    is_admin: user.admin,
    projects_limit: user.projectsLimit,
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    current_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    can_create_group: true,
    can_create_project: true,
  };
}
